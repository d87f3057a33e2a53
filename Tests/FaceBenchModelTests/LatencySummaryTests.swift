@testable import FaceBenchModel
import XCTest

final class LatencySummaryTests: XCTestCase {
    func testPercentilesInterpolateOnSortedSamples() throws {
        let summary = try XCTUnwrap(LatencySummary([5, 1, 4, 2, 3]))
        XCTAssertEqual([summary.min, summary.p25, summary.p50, summary.p75, summary.max], [1, 2, 3, 4, 5])
        XCTAssertEqual(summary.p90, 4.6, accuracy: 1e-12)
        XCTAssertEqual(summary.mean, 3)
        XCTAssertEqual(summary.standardDeviation, 2.5.squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(summary.mad, 1)
        XCTAssertTrue(summary.medianCI95.contains(3))
        XCTAssertEqual(LatencySummary([5, 1, 4, 2, 3]), summary, "the bootstrap is seeded")
        XCTAssertNil(LatencySummary([]))
    }
}
