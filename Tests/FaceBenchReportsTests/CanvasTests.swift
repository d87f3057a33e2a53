@testable import FaceBenchModel
@testable import FaceBenchReports
import XCTest

final class CanvasTests: XCTestCase {
    /// A box as wide as coordinates may be is drawn by walking only its edges inside the image.
    func testAHugeBoxDrawsItsVisibleEdges() {
        var canvas = Canvas(RGBImage(width: 10, height: 10, pixels: [UInt8](repeating: 0, count: 300)))
        canvas.rectangle(Box(x: 2, y: 2, width: CoordinateBounds.limit, height: 5), Color(255, 0, 0), thickness: 1)
        let red = (0..<10).map { x in canvas.image.pixels[(2 * 10 + x) * 3] == 255 }
        XCTAssertEqual(red, [false, false] + [Bool](repeating: true, count: 8), "the top edge, clipped at the image")
        XCTAssertEqual(canvas.image.pixels[(4 * 10 + 2) * 3], 255, "the left edge")
        XCTAssertEqual(canvas.image.pixels[(4 * 10 + 5) * 3], 0, "inside stays untouched")
    }
}
