import XCTest
@testable import FaceBenchModel

final class BoxTests: XCTestCase {
    func testIoUOfHandComputedOverlap() {
        let a = Box(x: 0, y: 0, width: 10, height: 10)
        let b = Box(x: 5, y: 0, width: 10, height: 10)
        // Intersection 5×10 = 50, union 100 + 100 − 50 = 150.
        XCTAssertEqual(a.iou(b), 50.0 / 150.0, accuracy: 1e-15)
        XCTAssertEqual(a.iou(a), 1)
        XCTAssertEqual(a.iou(Box(x: 10, y: 0, width: 5, height: 5)), 0, "touching edges do not overlap")
        XCTAssertEqual(a.iou(Box(x: 0, y: 0, width: 0, height: 10)), 0, "degenerate boxes never match")
    }

    func testClippingToTheImage() {
        let box = Box(x: -5, y: 90, width: 20, height: 20)
        let clipped = box.clipped(width: 100, height: 100)
        XCTAssertEqual(clipped, Box(x: 0, y: 90, width: 15, height: 10))
        XCTAssertEqual(Box(x: 200, y: 0, width: 10, height: 10).clipped(width: 100, height: 100).area, 0)
    }
}
