@testable import FaceBenchCascade
import FaceBenchModel
import XCTest

final class RectangleGroupingTests: XCTestCase {
    func testGroupsLikeOpenCVGroupRectangles() throws {
        let cases = try OpenCVReference.load()["grouping"]?.array ?? []
        XCTAssertFalse(cases.isEmpty)
        for (index, entry) in cases.enumerated() {
            let hits = (entry["rects"]?.array ?? []).map { rect -> RawHit in
                let r = OpenCVReference.ints(rect)
                return RawHit(x: r[0], y: r[1], width: r[2], height: r[3], weight: 0)
            }
            let faces = RectangleGrouping.group(hits, minNeighbors: entry["minNeighbors"]?.int ?? 0)
            let expected = (entry["grouped"]?.array ?? []).map(OpenCVReference.ints)
            let neighbors = OpenCVReference.ints(entry["neighbors"])
            // OpenCV numbers groups in an order of its own; compare as sets of (box, neighbours).
            let got = Set(faces.map { [$0.x, $0.y, $0.width, $0.height, $0.neighbors] })
            let want = Set(zip(expected, neighbors).map { $0 + [$1] })
            XCTAssertEqual(got, want, "case \(index)")
        }
    }

    func testLevelWeightIsTheBestWindowOfTheGroup() {
        let hits = [
            RawHit(x: 100, y: 100, width: 40, height: 40, weight: -1.5),
            RawHit(x: 102, y: 101, width: 40, height: 40, weight: -0.25),
            RawHit(x: 99, y: 103, width: 44, height: 44, weight: -3),
            RawHit(x: 300, y: 10, width: 24, height: 24, weight: 9),
        ]
        let faces = RectangleGrouping.group(hits, minNeighbors: 2)
        XCTAssertEqual(faces, [GroupedFace(x: 100, y: 101, width: 41, height: 41, neighbors: 3, weight: -0.25)],
                       "the lone window is dropped; means round to nearest (101.33 → 101, 41.33 → 41)")
    }

    func testZeroNeighboursReturnsTheRawWindows() {
        let hits = [RawHit(x: 1, y: 2, width: 30, height: 30, weight: 4), RawHit(x: 2, y: 2, width: 30, height: 30, weight: 5)]
        XCTAssertEqual(RectangleGrouping.group(hits, minNeighbors: 0).map(\.neighbors), [1, 1])
        XCTAssertEqual(RectangleGrouping.group(hits, minNeighbors: 0).map(\.weight), [4, 5])
    }

    func testClippingKeepsThePartInsideTheImage() {
        XCTAssertEqual(GroupedFace(x: 573, y: 222, width: 39, height: 39, neighbors: 2, weight: 1).clipped(width: 611, height: 467),
                       GroupedFace(x: 573, y: 222, width: 38, height: 39, neighbors: 2, weight: 1))
        XCTAssertNil(GroupedFace(x: 611, y: 0, width: 20, height: 20, neighbors: 1, weight: 1).clipped(width: 611, height: 467))
    }

    /// Ecuador.png (611 px wide) with `alt2,min=30`: detectMultiScale averages the windows as
    /// scanned, then clips the face — a 39-px window at x = 573 counts 39 wide, not 38.
    func testFacesAreGroupedBeforeTheyAreClipped() {
        let hits = [RawHit(x: 569, y: 224, width: 40, height: 40, weight: 1), RawHit(x: 570, y: 224, width: 40, height: 40, weight: 3),
                    RawHit(x: 573, y: 224, width: 39, height: 39, weight: 2)]
        let engine = CascadeEngine(model: CascadeModel(featureType: .lbp, windowWidth: 24, windowHeight: 24, stages: [],
                                                       haarFeatures: [], lbpFeatures: [], subsetWords: 0))
        XCTAssertEqual(engine.faces(from: hits, minNeighbors: 2, imageWidth: 611, imageHeight: 467),
                       [GroupedFace(x: 571, y: 224, width: 40, height: 40, neighbors: 3, weight: 3)],
                       "clipped first, the widths 40, 40, 38 would average to 39")
    }
}
