import FaceBenchModel
import FaceBenchEvaluation
import XCTest

/// The resampling of images: the documented draws, statistics that equal the run's own when
/// every image is drawn once, and counting an image twice equal to holding two copies of it.
final class ImageBootstrapTests: XCTestCase {
    func testDrawsFollowTheDocumentedStream() {
        // SplitMix64's published first outputs for seed 0 and 1234567.
        var zero = SplitMix64(seed: 0)
        XCTAssertEqual(zero.next(), 0xE220_A839_7B1D_CDAF)
        var other = SplitMix64(seed: 1_234_567)
        XCTAssertEqual(other.next(), 6_457_827_717_110_365_317)
        let counts = ImageBootstrap.counts(images: 7, resamples: 3, seed: 23)
        var stream = SplitMix64(seed: 23)
        var expected = [Int32](repeating: 0, count: 21)
        for b in 0..<3 { for _ in 0..<7 { expected[b * 7 + Int(stream.next() % 7)] += 1 } }
        XCTAssertEqual(counts, expected)
        XCTAssertEqual((0..<3).map { b in counts[(b * 7)..<(b * 7 + 7)].reduce(0, +) }, [7, 7, 7], "each resample draws n images")
    }

    /// Random detections on random faces, with ignored faces and empty images; scores in
    /// quarters (many ties) unless `ties` is false.
    static func sampleSet(seed: UInt64, ties: Bool = true) -> (samples: [Sample], detections: [[Detection]]) {
        var random = SplitMix64(seed: seed)
        func uniform(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) }
        func score() -> Double { ties ? (uniform(0...1) * 4).rounded() / 4 : uniform(0...1) }
        var samples: [Sample] = [], detections: [[Detection]] = []
        for id in 1...12 {
            var faces: [Face] = []
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                var face = Face(box: Box(x: uniform(0...300), y: uniform(0...200), width: uniform(20...80), height: uniform(20...80)))
                face.ignore = uniform(0...1) < 0.1
                faces.append(face)
            }
            var found: [Detection] = faces.compactMap { face in
                uniform(0...1) < 0.7 ? Detection(box: Box(x: face.box.x + uniform(-8...8), y: face.box.y + uniform(-8...8), width: face.box.width, height: face.box.height), score: score()) : nil
            }
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                found.append(Detection(box: Box(x: uniform(0...300), y: uniform(0...200), width: 30, height: 30), score: score()))
            }
            samples.append(Sample(id: id, name: "i\(id).png", path: nil, width: 400, height: 300, faces: faces))
            detections.append(found)
        }
        return (samples, detections)
    }

    func testAllWeightsOneGiveTheRunsOwnNumbers() throws {
        for seed: UInt64 in [1, 2, 3] {
            let (samples, detections) = Self.sampleSet(seed: seed)
            let resamplable = ResamplableResults(samples: samples, detections: detections, iouThreshold: 0.5)
            let ones = [Int32](repeating: 1, count: samples.count)
            let values = ones.withUnsafeBufferPointer { resamplable.statistics(weights: $0) }
            let metrics = DetectionMetrics.evaluate(samples: samples, detections: detections).metrics
            XCTAssertEqual(values["ap"], metrics.averagePrecision, "seed \(seed)")
            XCTAssertEqual(values["precision"], metrics.precision)
            XCTAssertEqual(values["recall"], metrics.recall)
            XCTAssertEqual(values["f1"], metrics.f1)
            let coco = try COCOEvaluator().evaluate(
                dataset: Dataset(name: "t", format: "test", root: "/", annotationFiles: [], samples: samples), samples: samples,
                detections: detections, options: EvaluationOptions())
            XCTAssertEqual(try XCTUnwrap(values["coco_ap"]), coco.summary.stats[0], accuracy: 1e-12, "seed \(seed)")
        }
    }

    func testAnImageDrawnTwiceCountsAsTwoCopies() throws {
        let (samples, detections) = Self.sampleSet(seed: 9, ties: false)
        var weights = [Int32](repeating: 1, count: samples.count)
        weights[2] = 2
        weights[5] = 0
        weights[7] = 3
        // The same dataset with the copies spelled out: scores are distinct, so a detection's
        // copies are adjacent in the ranking, as the weighted pass counts them.
        var copiedSamples: [Sample] = [], copiedDetections: [[Detection]] = []
        for (index, weight) in weights.enumerated() {
            for copy in 0..<Int(weight) {
                var sample = samples[index]
                sample.id = samples[index].id + 100 * copy
                copiedSamples.append(sample)
                copiedDetections.append(detections[index])
            }
        }
        let resamplable = ResamplableResults(samples: samples, detections: detections, iouThreshold: 0.5)
        let weighted = weights.withUnsafeBufferPointer { resamplable.statistics(weights: $0) }
        let copies = DetectionMetrics.evaluate(samples: copiedSamples, detections: copiedDetections).metrics
        XCTAssertEqual(weighted["precision"]!, copies.precision, accuracy: 1e-15)
        XCTAssertEqual(weighted["recall"]!, copies.recall, accuracy: 1e-15)
        XCTAssertEqual(weighted["miss_rate"]!, 1 - copies.recall, accuracy: 1e-15)
        XCTAssertEqual(weighted["ap"]!, copies.averagePrecision, accuracy: 1e-12)
        let coco = try COCOEvaluator().evaluate(
            dataset: Dataset(name: "t", format: "test", root: "/", annotationFiles: [], samples: copiedSamples), samples: copiedSamples,
            detections: copiedDetections, options: EvaluationOptions())
        XCTAssertEqual(weighted["coco_ap"]!, coco.summary.stats[0], accuracy: 1e-12)
    }

    /// The best of a run, a detector identical to it, and one that finds nothing: the same
    /// resamples pair them, so the identical one differs by exactly 0 on every resample (not
    /// distinguishable), the empty one is told apart in every statistic, in its direction.
    func testDifferencesToTheBestArePaired() throws {
        let (samples, detections) = Self.sampleSet(seed: 4)
        let found = ResamplableResults(samples: samples, detections: detections, iouThreshold: 0.5)
        let none = ResamplableResults(samples: samples, detections: detections.map { _ in [] }, iouThreshold: 0.5)
        let runs = [found, found, none]
        let ones = [Int32](repeating: 1, count: samples.count)
        let own = runs.map { run in ones.withUnsafeBufferPointer { run.statistics(weights: $0) } }
        let resampled = ImageBootstrap.resampledValues(runs, resamples: 200, seed: ImageBootstrap.standardSeed)
        let differences = ImageBootstrap.differencesToBest(ids: ["a", "b", "c"], own: own, resampled: resampled)
        for key in ["ap", "recall", "f1", "miss_rate"] {
            let best = try XCTUnwrap(differences[0][key], key), twin = try XCTUnwrap(differences[1][key]), empty = try XCTUnwrap(differences[2][key])
            XCTAssertEqual([best.best, twin.best, empty.best], ["a", "a", "a"], "the first of equals is the best: \(key)")
            XCTAssertEqual(twin.interval, ConfidenceInterval(low: 0, high: 0))
            XCTAssertFalse(twin.isDistinguishable)
            XCTAssertTrue(empty.isDistinguishable, key)
            XCTAssertEqual(empty.difference, own[2][key]! - own[0][key]!)
            if key == "miss_rate" { XCTAssertGreaterThan(empty.interval.low, 0) } else { XCTAssertLessThan(empty.interval.high, 0) }
        }
        XCTAssertTrue(ImageBootstrap.differencesToBest(ids: ["a"], own: [own[0]], resampled: [resampled[0]])[0].isEmpty, "no pairs with one detector")
        // The intervals are the studentized intervals of the same resamples, around the run's own values.
        let drawn = ImageBootstrap.resample(runs, resamples: 200, seed: ImageBootstrap.standardSeed, withErrors: true)
        let intervals = ImageBootstrap.intervals(runs, resamples: 200, seed: ImageBootstrap.standardSeed)[0]
        XCTAssertEqual(intervals, ImageBootstrap.studentizedIntervals(drawn[0], of: found, own: found.ownStatistics()))
        XCTAssertEqual(Set(intervals.keys), ["ap", "coco_ap", "precision", "recall", "f1", "miss_rate"])
        for (key, interval) in intervals {
            XCTAssertEqual(drawn[0].values[key], resampled[0][key], key)
            XCTAssertTrue(interval.contains(own[0][key]!), key)
            XCTAssertNotEqual(interval, ImageBootstrap.percentileInterval(resampled[0][key]!), key)
        }
    }

    /// Leaving image i out is weighting it 0 and every other image 1.
    func testTheJackknifeLeavesOutOneImageAtATime() throws {
        let (samples, detections) = Self.sampleSet(seed: 6)
        let results = ResamplableResults(samples: samples, detections: detections, iouThreshold: 0.5)
        let jackknife = ImageBootstrap.jackknifeValues(results)
        XCTAssertEqual(Set(jackknife.keys), Set(results.ownStatistics().keys))
        for i in [0, 5, samples.count - 1] {
            var weights = [Int32](repeating: 1, count: samples.count)
            weights[i] = 0
            let leftOut = weights.withUnsafeBufferPointer { results.statistics(weights: $0) }
            for (key, value) in leftOut {
                let left = try XCTUnwrap(jackknife[key]?[i], key)
                XCTAssertTrue(left == value || (left.isNaN && value.isNaN), "\(key), image \(i)")
            }
        }
    }

    /// BCa's definition, by hand with Python's statistics.NormalDist and numpy.percentile:
    /// z₀ = Φ⁻¹((3 + 0.5) / 11) = −0.47279, a = −0.082794 from the jackknife values, the
    /// percentiles at 0.021648 % and 80.271 %.
    func testBCaIntervalFollowsItsDefinition() throws {
        let values = (0..<11).map(Double.init) + [.nan]
        let interval = try XCTUnwrap(ImageBootstrap.bcaInterval(values, estimate: 3, jackknife: [0.9, 1, 1.1, 1.3, 2, .nan]))
        XCTAssertEqual(interval.low, 0.002164808248590333, accuracy: 1e-12)
        XCTAssertEqual(interval.high, 8.027112240141175, accuracy: 1e-12)
        // Estimate at the median, jackknife values symmetric: no bias, no acceleration, the percentile interval.
        let centred = try XCTUnwrap(ImageBootstrap.bcaInterval(values, estimate: 5, jackknife: [1, 2, 3]))
        let percentile = try XCTUnwrap(ImageBootstrap.percentileInterval(values))
        XCTAssertEqual(centred.low, percentile.low, accuracy: 1e-12)
        XCTAssertEqual(centred.high, percentile.high, accuracy: 1e-12)
        XCTAssertNil(ImageBootstrap.bcaInterval([.nan], estimate: 1, jackknife: [1]))
        XCTAssertNil(ImageBootstrap.bcaInterval(values, estimate: .nan, jackknife: [1]))
    }

    func testPercentileIntervalIsNumpysLinearPercentile() throws {
        let values = (0..<11).map(Double.init) + [.nan]
        let interval = try XCTUnwrap(ImageBootstrap.percentileInterval(values))
        XCTAssertEqual(interval.low, 0.25, accuracy: 1e-15)  // numpy.percentile(range(11), 2.5)
        XCTAssertEqual(interval.high, 9.75, accuracy: 1e-15)
        XCTAssertNil(ImageBootstrap.percentileInterval([.nan]))
    }
}
