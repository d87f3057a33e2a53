import FaceBenchEvaluation
import XCTest

/// The thresholds to deploy at, read off a hand-made curve: only thresholds a user can set
/// (the last point of a run of equal scores) are candidates, ties keep the higher threshold.
final class OperatingPointsTests: XCTestCase {
    /// Five faces; scores 0.9 T, 0.8 T, 0.8 F, 0.7 T, 0.6 F, 0.5 F, 0.4 F.
    let curve = AveragePrecision.curve(
        ranked: [(0.9, true), (0.8, true), (0.8, false), (0.7, true), (0.6, false), (0.5, false), (0.4, false)], positives: 5)

    func testMaximumF1AndTargetPrecisionAtSettableThresholds() {
        let points = OperatingPoints(curve: curve, targetPrecision: 0.9)
        // At 0.7: 3 of 5 faces, 1 false positive: P 0.75, R 0.6, F1 2/3 (the best).
        XCTAssertEqual(points.bestF1, OperatingPoint(threshold: 0.7, precision: 0.75, recall: 0.6, f1: 2 * 0.75 * 0.6 / (0.75 + 0.6), truePositives: 3, falsePositives: 1))
        // Precision 0.9 is kept only at 0.9: at 0.8 the false positive of the same score comes
        // with the second face (the point 2 TP / 0 FP is no threshold's).
        XCTAssertEqual(points.atTargetPrecision?.threshold, 0.9)
        XCTAssertEqual(points.atTargetPrecision?.recall, 0.2)
        // Precision 0.6: recall 0.6 at 0.7 (P 0.75) and at 0.6 (P 0.6); the higher threshold.
        let lenient = OperatingPoints(curve: curve, targetPrecision: 0.6)
        XCTAssertEqual(lenient.atTargetPrecision?.threshold, 0.7)
        XCTAssertEqual(lenient.atTargetPrecision?.truePositives, 3)
        XCTAssertNil(OperatingPoints(curve: AveragePrecision.curve(ranked: [(0.5, false)], positives: 2), targetPrecision: 0.5).atTargetPrecision, "never reached")
        let none = OperatingPoints(curve: [], targetPrecision: 0.9)
        XCTAssertNil(none.bestF1)
        XCTAssertNil(none.atTargetPrecision)
    }
}
