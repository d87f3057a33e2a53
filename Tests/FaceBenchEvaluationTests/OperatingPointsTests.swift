import FaceBenchEvaluation
import XCTest

/// The thresholds to deploy at, read off a hand-made curve: only thresholds a user can set
/// (the last point of a run of equal scores) are candidates, ties keep the higher threshold.
final class OperatingPointsTests: XCTestCase {
    /// Five faces; scores 0.9 T, 0.8 T, 0.8 F, 0.7 T, 0.6 F, 0.5 F, 0.4 F.
    let curve = AveragePrecision.curve(
        ranked: [(0.9, true), (0.8, true), (0.8, false), (0.7, true), (0.6, false), (0.5, false), (0.4, false)], positives: 5)

    func testMaximumF1AndTargetPrecisionAtSettableThresholds() {
        let points = OperatingPoints(curve: curve, targetPrecision: 0.9, falsePositivesPerImage: 0.1, images: 10)
        // At 0.7: 3 of 5 faces, 1 false positive: P 0.75, R 0.6, F1 2/3 (the best).
        XCTAssertEqual(points.bestF1, OperatingPoint(threshold: 0.7, precision: 0.75, recall: 0.6, f1: 2 * 0.75 * 0.6 / (0.75 + 0.6), truePositives: 3, falsePositives: 1))
        // Precision 0.9 is kept only at 0.9: at 0.8 the false positive of the same score comes
        // with the second face (the point 2 TP / 0 FP is no threshold's).
        XCTAssertEqual(points.atTargetPrecision?.threshold, 0.9)
        XCTAssertEqual(points.atTargetPrecision?.recall, 0.2)
        // Precision 0.6: recall 0.6 at 0.7 (P 0.75) and at 0.6 (P 0.6); the higher threshold.
        let lenient = OperatingPoints(curve: curve, targetPrecision: 0.6, falsePositivesPerImage: 0.1, images: 10)
        XCTAssertEqual(lenient.atTargetPrecision?.threshold, 0.7)
        XCTAssertEqual(lenient.atTargetPrecision?.truePositives, 3)
        XCTAssertNil(OperatingPoints(curve: AveragePrecision.curve(ranked: [(0.5, false)], positives: 2), targetPrecision: 0.5, falsePositivesPerImage: 0.1, images: 1).atTargetPrecision, "never reached")
        let none = OperatingPoints(curve: [], targetPrecision: 0.9, falsePositivesPerImage: 0.1, images: 10)
        XCTAssertNil(none.bestF1)
        XCTAssertNil(none.atTargetPrecision)
        XCTAssertNil(none.withinFalsePositiveBudget)
    }

    /// The most recall a budget of false positives per image allows, at a settable threshold.
    func testFalsePositiveBudgetPerImage() {
        func within(_ budget: Double, images: Int = 10) -> OperatingPoint? {
            OperatingPoints(curve: curve, targetPrecision: 0.9, falsePositivesPerImage: budget, images: images).withinFalsePositiveBudget
        }
        // 0.1 per image on 10 images: one false positive; 0.8 and 0.7 have one, 0.7 finds more.
        XCTAssertEqual(within(0.1)?.threshold, 0.7)
        XCTAssertEqual(within(0.1)?.recall, 0.6)
        XCTAssertEqual(within(0.1)?.falsePositives, 1)
        // Less than one false positive in all: only 0.9 (the second face comes with one).
        XCTAssertEqual(within(0.05)?.threshold, 0.9)
        XCTAssertEqual(within(0)?.threshold, 0.9)
        // Any number: recall 0.6 at 0.7 and at 0.4; the higher threshold.
        XCTAssertEqual(within(1000)?.threshold, 0.7)
        let falseFirst = AveragePrecision.curve(ranked: [(0.9, false), (0.5, true)], positives: 1)
        XCTAssertNil(OperatingPoints(curve: falseFirst, targetPrecision: 0.9, falsePositivesPerImage: 0.5, images: 1).withinFalsePositiveBudget, "never within")
    }
}
