import FaceBenchCodecs
import FaceBenchModel
import FaceBenchTestSupport
import XCTest

final class CodecTests: XCTestCase {
    let codec = NativeImageDecoder()

    func testDecodesGrayPNGAndColorJPEG() throws {
        let png = try codec.decode(try TestData.file("mit-cmu/images/voyager.png"))
        guard case let .gray(gray) = png else { return XCTFail("MIT+CMU PNGs are gray") }
        XCTAssertEqual([gray.width, gray.height], [468, 720])
        let jpeg = try codec.decode(try TestData.file("dlib-faces/2008_001009.jpg"))
        guard case let .rgb(rgb) = jpeg else { return XCTFail("dlib photos are color") }
        XCTAssertEqual([rgb.width, rgb.height], [360, 480])
    }

    func testCorruptAndMissingFilesNameTheFile() throws {
        let directory = try TestData.temporaryDirectory(self)
        let original = try FileIO.read(try TestData.file("dlib-faces/2008_001009.jpg"))
        let truncated = try TestData.write(Array(original.prefix(200)), to: "cut.jpg", in: directory)
        XCTAssertThrowsError(try codec.decode(truncated)) { error in
            XCTAssertTrue("\(error)".hasPrefix("\(truncated): cannot decode image:"), "\(error)")
        }
        let text = try TestData.write("hello", to: "text.png", in: directory)
        XCTAssertThrowsError(try codec.decode(text)) { error in
            XCTAssertEqual("\(error)", "\(text): cannot decode image: not a JPEG or PNG image")
        }
        XCTAssertThrowsError(try codec.decode(directory + "/missing.png")) { error in
            XCTAssertEqual("\(error)", "\(directory)/missing.png: cannot decode image: cannot open file")
        }
    }

    /// The segment's length says 65,535 bytes and the file ends first: libjpeg's stdio skip
    /// would read past the end once per 2 bytes skipped before finding that no image follows.
    func testJPEGSegmentsRunningPastTheEndLeaveNoImage() throws {
        let directory = try TestData.temporaryDirectory(self)
        let original = try FileIO.read(try TestData.file("dlib-faces/2008_001009.jpg"))
        let cases: [(String, [UInt8])] = [
            ("marker.jpg", [0xFF, 0xD8, 0xFF, 0xE0]),
            ("long-segment.jpg", [0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF] + Array(repeating: 0x41, count: 5000)),
            ("cut-in-header.jpg", Array(original.prefix(12))),
        ]
        for (name, bytes) in cases {
            let path = try TestData.write(bytes, to: name, in: directory)
            XCTAssertThrowsError(try codec.decode(path)) { error in
                XCTAssertEqual("\(error)", "\(path): cannot decode image: JPEG datastream contains no image")
            }
        }
    }

    /// A gray 8×8 progressive JPEG: its DC scan, then the same AC scan `acScans` times (a
    /// repeated scan is only a warning to libjpeg, and each one decodes the whole image again).
    func progressiveJPEG(acScans: Int) -> [UInt8] {
        func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
            [0xFF, marker, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
        }
        // One Huffman code, "0": DC difference 0, AC end of band; then the byte's padding 1s.
        let oneCode: [UInt8] = [1] + [UInt8](repeating: 0, count: 15) + [0]
        let scan = { (first: UInt8, last: UInt8) in segment(0xDA, [1, 1, 0x00, first, last, 0]) + [0x7F] }
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
        bytes += segment(0xC2, [8, 0, 8, 0, 8, 1, 1, 0x11, 0])
        bytes += segment(0xC4, [0x00] + oneCode + [0x10] + oneCode)
        bytes += scan(0, 0)
        for _ in 0..<acScans { bytes += scan(1, 63) }
        return bytes + [0xFF, 0xD9]
    }

    func testJPEGsOfTooManyScansAreRefused() throws {
        let directory = try TestData.temporaryDirectory(self)
        let fine = try TestData.write(progressiveJPEG(acScans: 98), to: "fine.jpg", in: directory)
        XCTAssertEqual(try codec.decode(fine), .gray(GrayImage(width: 8, height: 8, pixels: [UInt8](repeating: 128, count: 64))))
        let bomb = try TestData.write(progressiveJPEG(acScans: 100), to: "scans.jpg", in: directory)
        XCTAssertThrowsError(try codec.decode(bomb)) { error in
            XCTAssertEqual("\(error)", "\(bomb): cannot decode image: more than 100 scans (progressive JPEGs have about 10; each scan decodes the whole image again)")
        }
        XCTAssertNoThrow(try NativeImageDecoder(maximumJPEGScans: 101).decode(bomb))
    }

    func testPNGEncodingRoundTrips() throws {
        let image = RGBImage(width: 3, height: 2, pixels: (0..<18).map { UInt8($0 * 13) })
        let directory = try TestData.temporaryDirectory(self)
        let path = directory + "/round.png"
        try FileIO.writeAtomically(try codec.encodePNG(image), to: path)
        XCTAssertEqual(try codec.decode(path), .rgb(image))
        XCTAssertGreaterThan(try codec.encodeJPEG(image, quality: 90).count, 100)
    }
}
