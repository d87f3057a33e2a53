import XCTest
@testable import FaceBenchModel
@testable import FaceBenchEvaluation

/// A hand-worked TIDE decomposition; tidecv itself is compared live by
/// ErrorAnalysisParityTests (scripts/check-tide.py).
final class TIDEAnalysisTests: XCTestCase {
    func box(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Box { Box(x: x, y: y, width: w, height: h) }

    /// Faces A, B, C and a face-free image. A is found (0.9) and found again (0.8, IoU 0.82:
    /// duplicate); B gets a box of IoU 0.4 (localisation); nothing is near C (missed); two
    /// boxes hit nothing (background).
    func testEachErrorTypeAndItsDeltaAP() {
        let samples = [
            Sample(id: 1, name: "one", faces: [Face(box: box(0, 0, 10, 10)), Face(box: box(20, 0, 10, 10)), Face(box: box(50, 50, 10, 10))]),
            Sample(id: 2, name: "two", faces: []),
        ]
        let detections = [
            [
                Detection(box: box(100, 100, 10, 10), score: 0.6), Detection(box: box(1, 0, 10, 10), score: 0.8),
                Detection(box: box(0, 0, 10, 10), score: 0.9), Detection(box: box(20, 0, 4, 10), score: 0.7),
            ],
            [Detection(box: box(5, 5, 10, 10), score: 0.5)],
        ]
        let result = TIDEAnalysis.analyse(samples: samples, detections: detections)
        let labels = result.images[0].detections
        XCTAssertEqual(labels.map(\.detection), [2, 1, 3, 0], "rank order")
        XCTAssertEqual(labels.map(\.error), [nil, .duplicate, .localization, .background])
        XCTAssertEqual(labels.map(\.face), [0, 0, 1, nil])
        XCTAssertEqual(labels[2].iou, 0.4, accuracy: 1e-12)
        XCTAssertEqual(labels[2].areaRatio ?? 0, 0.4, accuracy: 1e-12)
        XCTAssertEqual(result.images[0].faces, [
            .init(face: 1, error: .localization, iou: 0.4), .init(face: 2, error: .missed, iou: 0),
        ])
        XCTAssertEqual(result.images[1].detections.map(\.error), [.background])
        XCTAssertEqual(result.counts, [.localization: 1, .duplicate: 1, .background: 2, .missed: 1])

        // One true positive of three faces, ranked first: precision 1 up to recall 1/3,
        // i.e. at the 34 recall levels 0.00…0.33 of 101.
        XCTAssertEqual(result.averagePrecision, 34 / 101, accuracy: 1e-15)
        // Fixing B's box adds a true positive at rank 3 (precision 2/3 for levels 0.34…0.66).
        XCTAssertEqual(result.deltaAP[.localization] ?? -1, 22 / 101, accuracy: 1e-15)
        // The true positive already ranks first: dropping false positives gains nothing.
        XCTAssertEqual(result.deltaAP[.duplicate], 0)
        XCTAssertEqual(result.deltaAP[.background], 0)
        XCTAssertEqual(result.falsePositivesDeltaAP, 0, accuracy: 1e-15)
        // Without C, recall 1/2: levels 0…0.50.
        XCTAssertEqual(result.deltaAP[.missed] ?? -1, 17 / 101, accuracy: 1e-15)
        // Without the unmatched B and C, the one true positive is perfect recall.
        XCTAssertEqual(result.falseNegativesDeltaAP, 67 / 101, accuracy: 1e-15)
    }

    /// A detection inside an ignored face is left out of the AP but still labelled.
    func testIgnoredFaceAbsorbsItsDetection() {
        let samples = [Sample(id: 1, name: "one", faces: [Face(box: box(0, 0, 10, 10)), Face(box: box(40, 0, 20, 20), ignore: true)])]
        let detections = [[Detection(box: box(0, 0, 10, 10), score: 0.5), Detection(box: box(45, 5, 10, 10), score: 0.9)]]
        let result = TIDEAnalysis.analyse(samples: samples, detections: detections)
        XCTAssertEqual(result.averagePrecision, 1, accuracy: 1e-15)
        XCTAssertEqual(result.images[0].detections.map(\.ignored), [true, false])
        XCTAssertEqual(result.images[0].detections.map(\.error), [.background, nil])
    }
}
