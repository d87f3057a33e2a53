import XCTest
@testable import FaceBenchModel
@testable import FaceBenchEvaluation

/// Hand-computed cases of the official WIDER arithmetic (see the comments for the numbers).
final class WIDEROfficialEvaluationTests: XCTestCase {
    typealias Overlap = WIDERBoxOverlap

    func testOverlapIsMATLABsInt32Arithmetic() {
        let face = Overlap.Face(x: 0, y: 0, width: 9, height: 9)  // corners 0…9: 10×10 = 100 pixels
        XCTAssertEqual(face.area, 100)
        // Half the face: 5×10 = 50 of a 100 + 50 − 50 = 100 union → exactly 0.5 → rounds to 1.
        XCTAssertEqual(Overlap.overlap(face, .init(x: 0, y: 0, width: 4, height: 9)), 1)
        // 50 of 150 = 0.33 → 0.
        XCTAssertEqual(Overlap.overlap(face, .init(x: 5, y: 0, width: 9, height: 9)), 0)
        // Corners are rounded half away from zero: x 4.5 → 5 gives 5×10 = 50 of 150 → 0, while
        // the exact IoU (5.5 × 10 / (100 + 100 − 55) = 0.379) would also fail; at x 2.5 → 3
        // it is 70 of 130 = 0.54 → 1.
        XCTAssertEqual(Overlap.overlap(face, .init(x: 4.5, y: 0, width: 9, height: 9)), 0)
        XCTAssertEqual(Overlap.overlap(face, .init(x: 2.5, y: 0, width: 9, height: 9)), 1)
        XCTAssertEqual(Overlap.toInt32(2.5), 3)
        XCTAssertEqual(Overlap.toInt32(-2.5), -3)
        XCTAssertEqual(Overlap.toInt32(.nan), 0)
        XCTAssertEqual(Overlap.toInt32(1e12), Int32.max)
        // Disjoint boxes and degenerate predictions never overlap.
        XCTAssertEqual(Overlap.overlap(face, .init(x: 20, y: 20, width: 5, height: 5)), 0)
        // A prediction of negative size: its "+1" area is 0.25, the rounded corners still
        // intersect one pixel, and 1 / (round(100 + 0.25) − 1) rounds to 0.
        XCTAssertEqual(Overlap.overlap(face, .init(x: 3.4, y: 3.4, width: -0.5, height: -0.5)), 0)
    }

    /// Two faces overlapping so much that one prediction has IoU ≥ 0.5 with both: the official
    /// code takes the first (A), even though the prediction equals B.
    func testFirstFaceAtRoundedIoUWinsNotTheBest() {
        let a = Overlap.Face(x: 0, y: 0, width: 19, height: 19)
        let b = Overlap.Face(x: 2, y: 0, width: 19, height: 19)
        let prediction = Overlap.Prediction(x: 2, y: 0, width: 19, height: 19)
        XCTAssertEqual(Overlap.overlap(a, prediction), 1)  // 360 / 440 = 0.82
        XCTAssertEqual(Overlap.overlap(b, prediction), 1)  // 1.0
    }

    /// Three images. Image 1: faces A (easy), B (hard; overlaps A), C (medium); predictions
    /// in file order P0 on C (0.5), P1 = B (0.9), P2 = B again (0.7), P3 a false positive
    /// (0.0). Image 2 has no face and one prediction (0.9): it only takes part in the
    /// normalisation. Image 3 has face D (easy) and no prediction.
    ///
    /// Normalised (min 0, max 0.9, single precision): P1 1.0 → t = 1, P2 0.7778 → t = 223,
    /// P0 0.5556 → t = 445, P3 0 → t = 1000. P1 and P2 take A (first face at IoU ≥ 0.5):
    /// - easy (A, D): P1 recalls A, P2 is a duplicate, P0's face C is outside the subset (not a
    ///   proposal), P3 is a false positive. Recall 1/2 from t = 1: AP = 1/2.
    /// - medium (A, C, D): P0 recalls C at t = 445 where precision is 2/3:
    ///   AP = 1/3 · 1 + 1/3 · 2/3.
    /// - hard (A, B, C, D): as medium over 4 faces: AP = 1/4 · 1 + 1/4 · 2/3.
    func testHandComputedCurves() {
        let image1 = WIDEROfficialEvaluation.Image(
            faces: [.init(x: 0, y: 0, width: 19, height: 19), .init(x: 2, y: 0, width: 19, height: 19), .init(x: 100, y: 100, width: 29, height: 29)],
            easiestSetting: [0, 2, 1],
            predictions: [
                .init(x: 100.4, y: 100.4, width: 29, height: 29, score: 0.5),
                .init(x: 2, y: 0, width: 19, height: 19, score: 0.9),
                .init(x: 2, y: 0, width: 19, height: 19, score: 0.7),
                .init(x: 300, y: 300, width: 10, height: 10, score: 0),
            ])
        let image2 = WIDEROfficialEvaluation.Image(faces: [], easiestSetting: [], predictions: [.init(x: 0, y: 0, width: 10, height: 10, score: 0.9)])
        let image3 = WIDEROfficialEvaluation.Image(faces: [.init(x: 50, y: 50, width: 9, height: 9)], easiestSetting: [0], predictions: [])
        let result = WIDEROfficialEvaluation.evaluate([image1, image2, image3], settings: ["easy", "medium", "hard"])
        XCTAssertEqual(result.predictions, 5)
        XCTAssertEqual(result.scoreMinimum, 0)
        XCTAssertEqual(result.scoreMaximum, Double(Float(0.9)))
        let (easy, medium, hard) = (result.settings[0], result.settings[1], result.settings[2])
        XCTAssertEqual([easy.faces, medium.faces, hard.faces], [2, 3, 4])
        // Proposals and recalled faces at t = 1, 222, 223, 444, 445, 999, 1000.
        let ts = [1, 222, 223, 444, 445, 999, 1000]
        XCTAssertEqual(ts.map { easy.proposals[$0 - 1] }, [1, 1, 2, 2, 2, 2, 3])
        XCTAssertEqual(ts.map { easy.recalled[$0 - 1] }, [1, 1, 1, 1, 1, 1, 1])
        XCTAssertEqual(ts.map { medium.proposals[$0 - 1] }, [1, 1, 2, 2, 3, 3, 4])
        XCTAssertEqual(ts.map { medium.recalled[$0 - 1] }, [1, 1, 1, 1, 2, 2, 2])
        XCTAssertEqual(hard.proposals, medium.proposals)
        XCTAssertEqual(easy.averagePrecision, 0.5, accuracy: 1e-15)
        XCTAssertEqual(medium.averagePrecision, 1.0 / 3 + 1.0 / 3 * 2.0 / 3, accuracy: 1e-15)
        XCTAssertEqual(hard.averagePrecision, 0.25 + 0.25 * 2.0 / 3, accuracy: 1e-15)
    }

    /// MATLAB normalises in single precision, so a score of 0.002 (of a 0…1 range) becomes
    /// 0.0020000000949949026 and clears the threshold 1 − 998/1000 = 0.0020000000000000018,
    /// which the double 0.002 would miss. Half of all 3-decimal scores shift like this.
    func testThresholdsSeeSinglePrecisionScores() {
        XCTAssertEqual(WIDEROfficialEvaluation.thresholdBucket(Double(Float(0.002))), 998)
        XCTAssertEqual(WIDEROfficialEvaluation.thresholdBucket(0.002), 999)
        XCTAssertEqual(WIDEROfficialEvaluation.thresholdBucket(1), 1)
        XCTAssertEqual(WIDEROfficialEvaluation.thresholdBucket(0), 1000)
        XCTAssertEqual(WIDEROfficialEvaluation.thresholdBucket(-1e-9), 1001)
        XCTAssertEqual(WIDEROfficialEvaluation.thresholdBucket(.nan), 1001)
        for k in 0...1000 {
            let score = Double(Float(Double(k) / 1000))
            let t = WIDEROfficialEvaluation.thresholdBucket(score)
            XCTAssertTrue(score >= 1 - Double(t) / 1000, "\(k)")
            XCTAssertTrue(t == 1 || !(score >= 1 - Double(t - 1) / 1000), "\(k)")
        }
    }

    /// VOCap with NaN precision (thresholds where nothing is proposed yet): MATLAB's max
    /// skips NaN.
    func testVOCapSkipsNaN() {
        let ap = AveragePrecision.allPoint(recall: [0, 0, 0.5, 0.5, 1], precision: [.nan, .nan, 1, 0.5, 0.25])
        XCTAssertEqual(ap, 0.5 * 1 + 0.5 * 0.25, accuracy: 1e-15)
        XCTAssertTrue(AveragePrecision.allPoint(recall: [.nan], precision: [.nan]).isNaN, "no kept face: undefined")
    }

    func testEvaluatorRefusesWhatItCannotScore() throws {
        let face = Face(box: Box(x: 1.5, y: 2, width: 10, height: 10), widerDifficulty: .easy)
        let dataset = Dataset(name: "t", format: "wider", root: "/gt", annotationFiles: [], samples: [Sample(id: 1, name: "e/a.jpg", faces: [face])])
        XCTAssertThrowsError(try WIDEREvaluator().evaluate(dataset: dataset, samples: dataset.samples, detections: [[]], options: EvaluationOptions())) { error in
            XCTAssertEqual("\(error)", "/gt: e/a.jpg face 1: WIDER ground truth must be whole pixels (the official files are int32), found [1.5, 2.0, 10.0, 10.0]")
        }
        XCTAssertThrowsError(try WIDEREvaluator().evaluate(dataset: dataset, samples: dataset.samples, detections: [[]], options: EvaluationOptions(iouThreshold: 0.7))) { error in
            XCTAssertTrue("\(error)".contains("IoU 0.5 only"), "\(error)")
        }
        XCTAssertTrue(WIDEREvaluator().applies(to: dataset))
        XCTAssertFalse(WIDEREvaluator().applies(to: Dataset(name: "x", format: "x", root: "/", annotationFiles: [], samples: [Sample(id: 1, name: "a", faces: [Face(box: face.box)])])))
    }
}
