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
        let truncated = try TestData.write("", to: "cut.jpg", in: directory)
        try FileIO.writeAtomically(Array(original.prefix(200)), to: truncated)
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
            let path = try TestData.write("", to: name, in: directory)
            try FileIO.writeAtomically(bytes, to: path)
            XCTAssertThrowsError(try codec.decode(path)) { error in
                XCTAssertEqual("\(error)", "\(path): cannot decode image: JPEG datastream contains no image")
            }
        }
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
