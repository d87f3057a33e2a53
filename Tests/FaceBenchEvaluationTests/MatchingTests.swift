import XCTest
@testable import FaceBenchModel
@testable import FaceBenchEvaluation

final class MatchingTests: XCTestCase {
    func face(_ x: Double, _ y: Double, _ size: Double = 10, ignore: Bool = false) -> Face {
        Face(box: Box(x: x, y: y, width: size, height: size), ignore: ignore)
    }

    func detection(_ x: Double, _ y: Double, _ score: Double, _ size: Double = 10) -> Detection {
        Detection(box: Box(x: x, y: y, width: size, height: size), score: score)
    }

    func testDuplicateDetectionIsAFalsePositive() {
        let match = GreedyMatcher.match([detection(0, 0, 0.5), detection(1, 0, 0.9)], to: [face(0, 0)])
        // The higher score (index 1, IoU 9/11) takes the face; the exact box comes second.
        XCTAssertEqual(match.outcomes[1], .truePositive(face: 0, iou: 90.0 / 110.0))
        XCTAssertEqual(match.outcomes[0], .falsePositive)
        XCTAssertEqual(match.matchedDetection, [1])
    }

    func testTiesKeepInputOrder() {
        let match = GreedyMatcher.match([detection(1, 0, 0.5), detection(0, 0, 0.5)], to: [face(0, 0)])
        XCTAssertEqual(match.outcomes[0], .truePositive(face: 0, iou: 90.0 / 110.0))
        XCTAssertEqual(match.outcomes[1], .falsePositive)
    }

    func testDetectionOverlappingTwoFacesTakesTheBetterOneAndLeavesTheOther() {
        // Faces at x 0 and x 8; a detection at x 3 overlaps the first more (IoU 7/13 vs 5/15).
        let faces = [face(0, 0), face(8, 0)]
        let match = GreedyMatcher.match([detection(3, 0, 0.9), detection(8, 0, 0.4)], to: faces, iouThreshold: 0.3)
        XCTAssertEqual(match.outcomes[0], .truePositive(face: 0, iou: 70.0 / 130.0))
        XCTAssertEqual(match.outcomes[1], .truePositive(face: 1, iou: 1))
    }

    func testAnUnmatchedFaceIsNotStolenFromWhenTheBestIsTaken() {
        let faces = [face(0, 0), face(8, 0)]
        let match = GreedyMatcher.match([detection(0, 0, 0.9), detection(3, 0, 0.4)], to: faces, iouThreshold: 0.3)
        // The second detection's best face is taken; it falls back to face 1 (IoU 5/15 ≥ 0.3).
        XCTAssertEqual(match.outcomes[1], .truePositive(face: 1, iou: 50.0 / 150.0))
    }

    func testIgnoredFacesAbsorbDetectionsWithoutCounting() {
        let match = GreedyMatcher.match([detection(0, 0, 0.9), detection(50, 50, 0.8)], to: [face(0, 0, ignore: true)])
        XCTAssertEqual(match.outcomes, [.ignored, .falsePositive])
        let metrics = DetectionMetrics.evaluate(
            samples: [Sample(id: 1, name: "a", faces: [face(0, 0, ignore: true)])],
            detections: [[detection(0, 0, 0.9), detection(50, 50, 0.8)]]).metrics
        XCTAssertEqual(metrics.faces, 0)
        XCTAssertEqual(metrics.falsePositives, 1)
        XCTAssertEqual(metrics.ignoredDetections, 1)
        XCTAssertEqual(metrics.missed, 0)
    }

    func testEmptyImages() {
        XCTAssertEqual(GreedyMatcher.match([], to: []).outcomes, [])
        XCTAssertEqual(GreedyMatcher.match([detection(0, 0, 1)], to: []).outcomes, [.falsePositive])
        XCTAssertEqual(GreedyMatcher.match([], to: [face(0, 0)]).matchedDetection, [nil])
        let metrics = DetectionMetrics.evaluate(samples: [Sample(id: 1, name: "a", faces: [])], detections: [[]]).metrics
        XCTAssertEqual(metrics.averagePrecision, 0)
        XCTAssertEqual(metrics.precision, 0)
        XCTAssertEqual(metrics.recall, 0)
    }

    func testThresholdIsInclusive() {
        // IoU exactly 0.5: 10x10 face, detection shifted by a third of... use 10x20 vs 10x10.
        let match = GreedyMatcher.match([Detection(box: Box(x: 0, y: 0, width: 10, height: 20), score: 1)], to: [face(0, 0)])
        XCTAssertEqual(match.outcomes[0], .truePositive(face: 0, iou: 0.5))
    }
}

final class AveragePrecisionTests: XCTestCase {
    func testAllPointAPOnAHandComputedRanking() {
        // Ranking T F T F T over 4 faces:
        //   precision 1, 1/2, 2/3, 2/4, 3/5; recall .25, .25, .5, .5, .75.
        // Envelope at recall .25 → 1, at .5 → 2/3, at .75 → 3/5; AP = .25·1 + .25·2/3 + .25·3/5.
        let outcomes = [true, false, true, false, true]
        var ranked: [AveragePrecision.Ranked] = []
        for (index, hit) in outcomes.enumerated() {
            ranked.append(AveragePrecision.Ranked(score: Double(10 - index), isTruePositive: hit, image: 1, index: index))
        }
        let curve = AveragePrecision.curve(ranked, positives: 4)
        XCTAssertEqual(AveragePrecision.allPoint(curve), 0.25 + 0.25 * 2 / 3 + 0.25 * 3 / 5, accuracy: 1e-15)
        // 11-point: recall ≥ 0, .1, .2 → 1; .3…​.5 → 2/3; .6, .7 → 3/5; .8…1 → 0.
        let expected: Double = (3.0 + 3.0 * 2.0 / 3.0 + 2.0 * 0.6) / 11.0
        XCTAssertEqual(AveragePrecision.elevenPoint(curve), expected, accuracy: 1e-15)
    }

    func testTiedScoresAreOrderedByImageThenIndex() {
        let ranked = [
            AveragePrecision.Ranked(score: 1, isTruePositive: false, image: 2, index: 0),
            AveragePrecision.Ranked(score: 1, isTruePositive: true, image: 1, index: 0),
        ]
        let curve = AveragePrecision.curve(ranked, positives: 1)
        XCTAssertEqual(curve.map(\.truePositives), [1, 1])
        XCTAssertEqual(AveragePrecision.allPoint(curve), 1)
    }

    func testMetricsAtTheOperatingPoint() {
        let faces = [Face(box: Box(x: 0, y: 0, width: 10, height: 10)), Face(box: Box(x: 50, y: 0, width: 10, height: 10))]
        let found = [
            Detection(box: Box(x: 0, y: 0, width: 10, height: 10), score: 0.9),
            Detection(box: Box(x: 100, y: 0, width: 10, height: 10), score: 0.8),
        ]
        let m = DetectionMetrics.evaluate(samples: [Sample(id: 1, name: "a", faces: faces)], detections: [found]).metrics
        XCTAssertEqual([m.truePositives, m.falsePositives, m.missed], [1, 1, 1])
        XCTAssertEqual(m.precision, 0.5)
        XCTAssertEqual(m.recall, 0.5)
        XCTAssertEqual(m.f1, 0.5)
        XCTAssertEqual(m.meanIoU, 1)
        XCTAssertEqual(m.averagePrecision, 0.5)
    }
}
