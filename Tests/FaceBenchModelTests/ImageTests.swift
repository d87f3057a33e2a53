import Foundation
import XCTest
@testable import FaceBenchModel
import FaceBenchTestSupport

final class ImageTests: XCTestCase {
    func testGrayConversionUsesOpenCVsFixedPointRounding() {
        // Values checked against cv2.cvtColor(…, COLOR_BGR2GRAY) on the same pixels.
        let rgb = RGBImage(width: 4, height: 1, pixels: [255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 200, 77])
        XCTAssertEqual(rgb.toGray().pixels, [76, 150, 29, 129])
        // Equal channels stay exact: 4899 + 9617 + 1868 = 2^14.
        let flat = RGBImage(width: 256, height: 1, pixels: (0..<256).flatMap { [UInt8($0), UInt8($0), UInt8($0)] })
        XCTAssertEqual(flat.toGray().pixels, (0..<256).map { UInt8($0) })
    }

    func testHeaderSizesOfTheSharedImages() throws {
        let mit = try TestData.file("mit-cmu/images/voyager.png")
        XCTAssertEqual(try ImageHeader.size(ofFileAt: mit), ImageHeader.Size(width: 468, height: 720))
        let jpeg = try TestData.file("dlib-faces/2008_001009.jpg")
        XCTAssertEqual(try ImageHeader.size(ofFileAt: jpeg), ImageHeader.Size(width: 360, height: 480))
    }

    /// The header of a JPEG whose frame header comes after 100 MB of application segments is
    /// found by reading the file once (it used to be re-read from the start for every further
    /// 256 KB: 12.6 s here).
    func testHeaderAfterAHundredMegabytesOfSegmentsIsRead() throws {
        let scratch = try TestData.temporaryDirectory(self)
        let segment: [UInt8] = [0xFF, 0xE1, 0xFF, 0xFF] + [UInt8](repeating: 0x41, count: 0xFFFD)
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes.reserveCapacity(101 << 20)
        while bytes.count < 100 << 20 { bytes.append(contentsOf: segment) }
        // SOF0: length 11, precision 8, height 480, width 640, one component.
        bytes += [0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x01, 0xE0, 0x02, 0x80, 0x01, 0x01, 0x11, 0x00, 0xFF, 0xD9]
        let path = scratch + "/padded.jpg"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try ImageHeader.size(ofFileAt: path), ImageHeader.Size(width: 640, height: 480))
    }

    func testEmptyAndCutShortHeadersSaySo() throws {
        let scratch = try TestData.temporaryDirectory(self)
        let empty = scratch + "/empty.jpg", cut = scratch + "/cut.png"
        try Data().write(to: URL(fileURLWithPath: empty))
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0]).write(to: URL(fileURLWithPath: cut))
        XCTAssertThrowsError(try ImageHeader.size(ofFileAt: empty)) { XCTAssertEqual("\($0)", empty + ": the image file is empty (0 bytes)") }
        XCTAssertThrowsError(try ImageHeader.size(ofFileAt: cut)) { XCTAssertEqual("\($0)", cut + ": the file ends inside the image header (10 bytes)") }
    }

    /// Found by the fuzzer: a folder where an image was expected trapped inside FileHandle, and
    /// a PNM size of twenty digits overflowed Int.
    func testAFolderAndAnOverflowingPNMSizeAreRefusedOrClamped() throws {
        let scratch = try TestData.temporaryDirectory(self)
        XCTAssertThrowsError(try ImageHeader.size(ofFileAt: scratch)) { XCTAssertEqual("\($0)", scratch + ": is a folder, not an image") }
        let pnm = scratch + "/huge.pgm"
        try Data("P5 99999999999999999999 3\n255\n".utf8).write(to: URL(fileURLWithPath: pnm))
        XCTAssertEqual(try ImageHeader.size(ofFileAt: pnm), ImageHeader.Size(width: Int(Int32.max), height: 3))
    }
}
