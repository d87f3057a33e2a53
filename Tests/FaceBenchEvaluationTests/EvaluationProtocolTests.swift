import FaceBenchTestSupport
import XCTest
@testable import FaceBenchEvaluation
@testable import FaceBenchModel

/// Hand-computed cases for the protocols without an installable reference tool (the
/// Viola-Jones table, miss rate, size buckets, per-image breakdown) and for the behaviours
/// where VOC and COCO part ways.
final class EvaluationProtocolTests: XCTestCase {
    func box(_ x: Double, _ y: Double, _ size: Double = 10) -> Box { Box(x: x, y: y, width: size, height: size) }

    func dataset(_ samples: [Sample]) -> Dataset {
        Dataset(name: "hand", format: "test", root: "/", annotationFiles: [], samples: samples)
    }

    func testFalsePositiveTableWalksTheROCAndMarksCountsNeverReached() throws {
        let samples = [
            Sample(id: 1, name: "a", faces: [Face(box: box(0, 0)), Face(box: box(50, 0))]),
            Sample(id: 2, name: "b", faces: [Face(box: box(0, 0))]),
        ]
        // By score: FP .95, TP .9, TP .8, FP .7, FP .6, TP .5, FP .4.
        let detections = [
            [Detection(box: box(200, 200), score: 0.95), Detection(box: box(0, 0), score: 0.9), Detection(box: box(50, 0), score: 0.8),
             Detection(box: box(300, 300), score: 0.6)],
            [Detection(box: box(100, 100), score: 0.7), Detection(box: box(1, 0), score: 0.5), Detection(box: box(400, 0), score: 0.4)],
        ]
        var options = EvaluationOptions()
        options.falsePositiveCounts = [0, 1, 2, 3, 5]
        let result = try FalsePositiveTable().evaluate(dataset: dataset(samples), samples: samples, detections: detections, options: options).json
        let rates = try XCTUnwrap(result["detection_rate"])
        XCTAssertEqual(rates["0"]?.double, 0)
        XCTAssertEqual(rates["1"]?.double ?? .nan, 2.0 / 3, accuracy: 1e-15)
        XCTAssertEqual(rates["2"]?.double ?? .nan, 2.0 / 3, accuracy: 1e-15)
        XCTAssertEqual(rates["3"]?.double, 1)
        XCTAssertEqual(rates["5"], .null, "the detector never makes 5 false positives")
        XCTAssertEqual(result["max_false_positives"]?.int, 4)
        XCTAssertEqual(result["detection_rate_at_max"]?.double, 1)
        XCTAssertNil(result["reference"], "Viola-Jones' row only accompanies MIT+CMU")
    }

    func testFalsePositiveTableTakesEqualScoresTogether() throws {
        let samples = [Sample(id: 1, name: "a", faces: [Face(box: box(0, 0))])]
        // A true and a false positive at the same score: no threshold gets the hit alone.
        let detections = [[Detection(box: box(0, 0), score: 0.5), Detection(box: box(100, 0), score: 0.5)]]
        var options = EvaluationOptions()
        options.falsePositiveCounts = [0, 1]
        let result = try FalsePositiveTable().evaluate(dataset: dataset(samples), samples: samples, detections: detections, options: options).json
        XCTAssertEqual(result["detection_rate"]?["0"]?.double, 0)
        XCTAssertEqual(result["detection_rate"]?["1"]?.double, 1)
    }

    func testMITCMUResultsCarryViolaJonesPublishedRow() throws {
        let samples = [Sample(id: 1, name: "a", faces: [Face(box: box(0, 0))])]
        let mitCMU = Dataset(name: "mit-cmu", format: "mit-cmu", root: "/", annotationFiles: [], samples: samples)
        let typed = try FalsePositiveTable().evaluate(
            dataset: mitCMU, samples: samples, detections: [[Detection(box: box(0, 0), score: 1)]], options: EvaluationOptions())
        let result = typed.json
        XCTAssertEqual(result["reference"]?["detection_rate"]?["10"]?.double, 0.761)
        XCTAssertEqual(result["reference"]?["detection_rate"]?["167"]?.double, 0.939)
    }

    func testVOCDoesNotFallBackToTheSecondBestFaceLikeCOCO() throws {
        // Two overlapping faces; the second detection overlaps the already detected face
        // most (IoU 0.79) but also the other one enough (IoU 0.69).
        let a = Box(x: 0, y: 0, width: 100, height: 100)
        let b = Box(x: 30, y: 0, width: 100, height: 100)
        let second = Box(x: 12, y: 0, width: 100, height: 100)
        XCTAssertGreaterThan(second.iou(a), second.iou(b))
        XCTAssertGreaterThan(second.iou(b), 0.5)
        let samples = [Sample(id: 1, name: "a", faces: [Face(box: a), Face(box: b)])]
        let detections = [[Detection(box: a, score: 0.9), Detection(box: second, score: 0.8)]]
        let voc = try VOCEvaluator().evaluate(dataset: dataset(samples), samples: samples, detections: detections, options: EvaluationOptions()).json
        XCTAssertEqual(voc["tp"]?.int, 1)
        XCTAssertEqual(voc["fp"]?.int, 1)
        let perImage = try PerImageBreakdown().evaluate(dataset: dataset(samples), samples: samples, detections: detections, options: EvaluationOptions()).json
        XCTAssertEqual(perImage.array?.first?["tp"]?.int, 2, "greedy COCO-style matching takes the second face")
    }

    func testVOCIgnoresDetectionsOfDifficultFaces() throws {
        let samples = [Sample(id: 1, name: "a", faces: [Face(box: box(0, 0)), Face(box: box(50, 0), ignore: true)])]
        let detections = [[Detection(box: box(50, 0), score: 0.9), Detection(box: box(0, 0), score: 0.8)]]
        let voc = try VOCEvaluator().evaluate(dataset: dataset(samples), samples: samples, detections: detections, options: EvaluationOptions()).json
        XCTAssertEqual(voc["ignored"]?.int, 1)
        XCTAssertEqual(voc["AP"]?.double, 1)
        XCTAssertEqual(voc["AP11"]?.double ?? 0, 1, accuracy: 1e-15)
    }

    func testElevenPointLevelsAreMATLABs() {
        // MATLAB's 0:0.1:1 builds from both ends: 0.1 * 3 but exactly 0.6 and 0.7.
        XCTAssertEqual(AveragePrecision.elevenRecallLevels[3], 0.1 * 3)
        XCTAssertEqual(AveragePrecision.elevenRecallLevels[6], 0.6)
        XCTAssertEqual(AveragePrecision.elevenRecallLevels[7], 0.7)
        XCTAssertEqual(AveragePrecision.elevenRecallLevels.last, 1)
    }

    func testPerImageListsWorstImagesFirstWithTheirMissedFaces() throws {
        let samples = [
            Sample(id: 1, name: "good", faces: [Face(box: box(0, 0))]),
            Sample(id: 2, name: "bad", faces: [Face(box: box(0, 0)), Face(box: box(50, 0)), Face(box: box(100, 0), ignore: true)]),
            Sample(id: 3, name: "noisy", faces: []),
        ]
        let detections = [
            [Detection(box: box(0, 0), score: 1)],
            [Detection(box: box(50, 0), score: 1), Detection(box: box(100, 0), score: 0.5)],
            [Detection(box: box(0, 0), score: 1)],
        ]
        let result = try PerImageBreakdown().evaluate(dataset: dataset(samples), samples: samples, detections: detections, options: EvaluationOptions()).json
        let rows = try XCTUnwrap(result.array)
        XCTAssertEqual(rows.map { $0["name"]?.string }, ["bad", "noisy", "good"], "bad and noisy both have 1 error; misses rank first")
        XCTAssertEqual(rows[0]["missed_faces"], [0])
        XCTAssertEqual(rows[0]["ignored"]?.int, 1)
        XCTAssertEqual(rows[1]["fp"]?.int, 1)
    }

    func testSizeBucketsCountFacesByHeightAndScoreThemApart() throws {
        let samples = [Sample(id: 1, name: "a", faces: [Face(box: box(0, 0, 10)), Face(box: box(100, 100, 40)), Face(box: box(300, 300, 200))])]
        // Finds the 40 px face only, plus a 12 px false positive.
        let detections = [[Detection(box: box(100, 100, 40), score: 0.9), Detection(box: box(500, 500, 12), score: 0.8)]]
        let result = try SizeBreakdown().evaluate(dataset: dataset(samples), samples: samples, detections: detections, options: EvaluationOptions()).json
        let buckets = Dictionary(uniqueKeysWithValues: (result["buckets"]?.array ?? []).map { ($0["label"]?.string ?? "", $0) })
        XCTAssertEqual(buckets["h<16"]?["faces"]?.int, 1)
        XCTAssertEqual(buckets["h<16"]?["recall"]?.double, 0)
        XCTAssertEqual(buckets["h<16"]?["ap"]?.double, 0, "the 12 px false positive counts against small faces")
        XCTAssertEqual(buckets["h32-64"]?["recall"]?.double, 1)
        XCTAssertEqual(buckets["h32-64"]?["ap"]?.double ?? 0, 1, accuracy: 1e-15, "the 12 px false positive is outside 32–64 and ignored there")
        XCTAssertEqual(buckets["h16-32"]?["faces"]?.int, 0)
        XCTAssertEqual(buckets["h16-32"]?["recall"], .null)
        XCTAssertEqual(buckets["h>=128"]?["recall"]?.double, 0)
        XCTAssertEqual(buckets["large"]?["faces"]?.int, 1)
    }

    func testPredictionChecksWarnAboutThresholdedAndCollapsedScores() {
        let samples = (1...30).map { Sample(id: $0, name: "\($0)", faces: [Face(box: box(0, 0))]) }
        var generator = TestRandom.generator(self, seed: 141)
        let thresholded = samples.map { _ in [Detection(box: box(0, 0), score: Double.random(in: 0.5...1, using: &generator))] }
        XCTAssertTrue(PredictionChecks.warnings(thresholded, samples: samples).contains { $0.contains("pre-thresholded") })
        let sparse = samples.map { $0.id % 3 == 0 ? [Detection(box: box(0, 0), score: Double($0.id) / 100)] : [] }
        XCTAssertTrue(PredictionChecks.warnings(sparse, samples: samples).contains { $0.contains("10 detections for 30 faces") })
        let constant = samples.map { _ in [Detection(box: box(0, 0), score: 0.01), Detection(box: box(5, 0), score: 0.01)] }
        XCTAssertTrue(PredictionChecks.warnings(constant, samples: samples).contains { $0.contains("all 60 detections have score 0.01") })
        let healthy = samples.map { sample in (0..<5).map { Detection(box: box(Double($0) * 20, 0), score: Double(sample.id * 5 + $0) / 200) } }
        XCTAssertEqual(PredictionChecks.warnings(healthy, samples: samples), [])
    }

    func testPredictionChecksRejectUnscorableDetections() {
        let samples = [Sample(id: 1, name: "img.jpg", faces: [])]
        XCTAssertThrowsError(try PredictionChecks.validate([[Detection(box: box(0, 0), score: .nan)]], samples: samples)) { error in
            XCTAssertEqual("\(error)", "img.jpg: detection 0 has score nan")
        }
        XCTAssertThrowsError(try PredictionChecks.validate([[Detection(box: Box(x: 0, y: 0, width: 0, height: 5), score: 1)]], samples: samples))
    }

    func testScoreOrderIsStableAndDescending() {
        var generator = TestRandom.generator(self, seed: 162)
        let scores = (0..<5000).map { _ in Double(Int.random(in: 0..<50, using: &generator)) / 7 - 3 } + [0.0, -0.0, 0.0]
        let order = ScoreOrder.descending(scores).map(Int.init)
        let expected = scores.indices.sorted { scores[$0] != scores[$1] ? scores[$0] > scores[$1] : $0 < $1 }
        XCTAssertEqual(order, expected)
    }
}
