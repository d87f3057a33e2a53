import XCTest
@testable import FaceBenchCore
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
}
