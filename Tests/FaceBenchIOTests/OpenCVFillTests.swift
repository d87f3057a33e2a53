import XCTest
@testable import FaceBenchEvaluation
@testable import FaceBenchIO
import FaceBenchTestSupport

/// FaceBench's re-implementation of OpenCV's filled ellipse and rectangle against OpenCV
/// 4.6 itself (Tests/Fixtures/FDDB/rasterize.py drew every shape with cv2 and kept exact
/// pixel moments).
final class OpenCVFillTests: XCTestCase {
    func moments(_ region: PixelRegion) -> [Int] {
        guard region.area > 0 else { return [0, 0, 0, 0, 0, 0, 0, 0, 0, 0] }
        var m = [region.area, 0, 0, 0, 0, 0, Int.max, region.top, Int.min, region.bottom]
        for y in region.top...region.bottom {
            for span in region.runs(inRow: y) {
                for x in span {
                    m[1] += x
                    m[2] += y
                    m[3] += x * x
                    m[4] += y * y
                    m[5] += x * y
                }
                m[6] = min(m[6], span.lowerBound)
                m[8] = max(m[8], span.upperBound)
            }
        }
        return m
    }

    func testEllipsesArePixelExact() throws {
        let fixture = try JSONReader.parse(file: TestData.fixture("FDDB/rasterization.json"))
        let ellipses = try XCTUnwrap(fixture["ellipses"]?.array)
        XCTAssertEqual(ellipses.count, 1500)
        var mismatches = 0
        for shape in ellipses {
            let center = shape["center"]?.array?.compactMap(\.int) ?? []
            let axes = shape["axes"]?.array?.compactMap(\.int) ?? []
            let angle = try XCTUnwrap(shape["angle"]?.double)
            let region = OpenCVFill.ellipse(centerX: center[0], centerY: center[1], axisX: axes[0], axisY: axes[1], angle: angle)
            let expected = shape["pixels"]?.array?.compactMap(\.int) ?? []
            if moments(region) != expected {
                mismatches += 1
                if mismatches <= 5 { XCTFail("ellipse \(center) \(axes) \(angle): \(moments(region)) vs OpenCV \(expected)") }
            }
        }
        XCTAssertEqual(mismatches, 0)
    }

    /// FDDB's fold-1 annotations, converted as the toolkit converts them (`FDDBRegions`).
    func testAnnotatedEllipsesAsTheToolkitDrawsThem() throws {
        let fixture = try JSONReader.parse(file: TestData.fixture("FDDB/rasterization.json"))
        let fold = try XCTUnwrap(fixture["annotated_fold"]?.int)
        let dataset = try FDDBLoader.load(root: TestData.file(String(format: "fddb-folds/FDDB-fold-%02d-ellipseList.txt", fold)), name: "fold")
        let faces = dataset.samples.flatMap(\.faces)
        let annotated = try XCTUnwrap(fixture["annotated"]?.array)
        XCTAssertEqual(annotated.count, faces.count)
        for entry in annotated {
            let index = try XCTUnwrap(entry["face"]?.int)
            let region = try FDDBRegions.drawn(try XCTUnwrap(faces[index].ellipse))
            XCTAssertEqual(moments(region), entry["pixels"]?.array?.compactMap(\.int), "face \(index)")
        }
    }

    func testRectanglesArePixelExact() throws {
        let fixture = try JSONReader.parse(file: TestData.fixture("FDDB/rasterization.json"))
        for shape in try XCTUnwrap(fixture["rectangles"]?.array) {
            let c = shape["corners"]?.array?.compactMap(\.int) ?? []
            let region = OpenCVFill.rectangle(x1: c[0], y1: c[1], x2: c[2], y2: c[3])
            XCTAssertEqual(moments(region), shape["pixels"]?.array?.compactMap(\.int), "\(c)")
        }
    }

    func testRegionArithmetic() {
        let a = PixelRegion(left: 0, top: 0, right: 9, bottom: 9)
        let b = PixelRegion(left: 5, top: 5, right: 14, bottom: 14)
        XCTAssertEqual(a.area, 100)
        XCTAssertEqual(a.intersectionArea(b), 25)
        XCTAssertEqual(a.unionArea(b), 175)
        XCTAssertEqual(b.clipped(width: 10, height: 12).area, 35)  // x 5…9, y 5…11
        XCTAssertEqual(a.clipped(width: 0, height: 5), .empty)
        XCTAssertEqual(PixelRegion(left: 3, top: 0, right: 2, bottom: 0), .empty)
        // A run-based region (a filled ellipse) against a block, and clipped.
        let disc = OpenCVFill.ellipse(centerX: 0, centerY: 0, axisX: 20, axisY: 20, angle: 0)
        let quarter = disc.clipped(width: 100, height: 100)
        XCTAssertEqual(quarter.left, 0)
        XCTAssertEqual(quarter.top, 0)
        XCTAssertEqual(disc.intersectionArea(PixelRegion(left: 0, top: 0, right: 100, bottom: 100)), quarter.area)
        XCTAssertEqual(disc.intersectionArea(disc), disc.area)
        XCTAssertEqual(quarter.intersectionArea(disc), quarter.area)
        XCTAssertEqual(disc.clipped(width: 100, height: 100).clipped(width: 100, height: 100), quarter)
        XCTAssertEqual(disc.clipped(width: -1, height: 5), .empty)
    }
}
