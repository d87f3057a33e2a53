import FaceBenchModel
@testable import FaceBenchEvaluation
import XCTest

/// The infinitesimal-jackknife standard errors of the studentized interval: each derivative
/// checked against a difference quotient. Every statistic is unchanged when all weights are
/// scaled, so θ(K·w + eᵢ) = θ(w + eᵢ / K), and K · (θ(K·w + eᵢ) − θ(K·w)) → ∂θ/∂wᵢ.
final class StandardErrorTests: XCTestCase {
    func testErrorsAreTheDifferenceQuotientsOfEveryImagesWeight() throws {
        let scale: Int32 = 1_000_000
        for seed: UInt64 in [4, 5, 6] {
            let (samples, detections) = ImageBootstrapTests.sampleSet(seed: seed, ties: false)
            let results = ResamplableResults(samples: samples, detections: detections, iouThreshold: 0.5)
            var random = SplitMix64(seed: seed)
            let weights = samples.map { _ in Int32(random.next() % 3) }
            let errors = weights.withUnsafeBufferPointer { results.standardErrors(weights: $0) }
            let scaled = weights.map { $0 * scale }
            let base = scaled.withUnsafeBufferPointer { results.statistics(weights: $0) }
            for key in ["ap", "precision", "recall", "f1", "miss_rate"] {
                var squares = 0.0
                for i in samples.indices where weights[i] > 0 {
                    var moved = scaled
                    moved[i] += 1
                    let value = moved.withUnsafeBufferPointer { results.statistics(weights: $0) }[key]!
                    let derivative = (value - base[key]!) * Double(scale)
                    squares += Double(weights[i]) * derivative * derivative
                }
                let error: Double = try XCTUnwrap(errors[key])
                XCTAssertGreaterThan(error, 0, "seed \(seed) \(key)")
                XCTAssertEqual(error, squares.squareRoot(), accuracy: 1e-4 * error, "seed \(seed) \(key)")
            }
        }
    }

    func testCOCOErrorIsTheMeanOfItsThresholdsDerivatives() throws {
        // One threshold's derivative is the all-point AP's; with every detection's box equal
        // to its face's, all ten thresholds agree, so COCO's error is the AP50 (VOC) error
        // when COCO and the headline count the same faces and detections.
        var samples: [Sample] = [], detections: [[Detection]] = []
        var random = SplitMix64(seed: 9)
        for id in 1...10 {
            let faces = (0..<(id % 4 + 1)).map { k in Face(box: Box(x: Double(k) * 60, y: 10, width: 40, height: 40)) }
            var found = faces.enumerated().compactMap { k, face in
                (id + k) % 3 == 0 ? nil : Detection(box: face.box, score: Double(random.next() % 1000) / 1000)
            }
            if id % 2 == 0 { found.append(Detection(box: Box(x: 300, y: 200, width: 40, height: 40), score: Double(random.next() % 1000) / 1000)) }
            samples.append(Sample(id: id, name: "i\(id).png", path: nil, width: 400, height: 300, faces: faces))
            detections.append(found)
        }
        let errors = ResamplableResults(samples: samples, detections: detections, iouThreshold: 0.5).ownStandardErrors()
        let coco = try XCTUnwrap(errors["coco_ap"]), voc = try XCTUnwrap(errors["ap"])
        XCTAssertGreaterThan(voc, 0)
        XCTAssertEqual(coco, voc, accuracy: 1e-12)
    }

    /// On few images, many resamples draw a single image with landmark faces: their mean NME's
    /// error is 0 and their t infinite. The interval then reaches as far as a resample can go,
    /// the images' own mean NMEs, and no further (it once reached 1.8e308, which results.json
    /// refuses).
    func testTheMeanNMEsIntervalStaysWithinTheImagesMeans() throws {
        let (samples, detections) = ImageBootstrapTests.sampleSet(seed: 8)
        var results = ResamplableResults(samples: Array(samples.prefix(9)), detections: Array(detections.prefix(9)), iouThreshold: 0.5)
        results.nmeSum = [0.1, 0.6] + [Double](repeating: 0, count: 7)
        results.nmeCount = [1, 2] + [Int32](repeating: 0, count: 7)
        XCTAssertEqual(results.range(of: "nme_mean"), 0.1...0.3)
        XCTAssertEqual(results.range(of: "recall"), 0...1)
        let interval = try XCTUnwrap(ImageBootstrap.intervals([results], resamples: 1000, seed: ImageBootstrap.standardSeed)[0]["nme_mean"])
        XCTAssertGreaterThanOrEqual(interval.low, 0.1)
        XCTAssertLessThanOrEqual(interval.high, 0.3)
        XCTAssertTrue(interval.contains(results.ownStatistics()["nme_mean"]!))
    }

    func testStudentizedIntervalScalesTheResampledDeviations() throws {
        // Deviations of 1 error each: t from −2 to 2, its percentiles ∓1.9; the interval is θ̂ ∓ those t times the run's error.
        let values = (0...400).map { 0.5 + Double($0 - 200) / 100 * 0.01 }
        let errors = [Double](repeating: 0.01, count: values.count)
        let interval = try XCTUnwrap(ImageBootstrap.studentizedInterval(values, errors: errors, estimate: 0.5, error: 0.02, range: 0...1))
        XCTAssertEqual(interval.low, 0.5 - 1.9 * 0.02, accuracy: 1e-12)
        XCTAssertEqual(interval.high, 0.5 + 1.9 * 0.02, accuracy: 1e-12)
        let clamped = try XCTUnwrap(ImageBootstrap.studentizedInterval(values, errors: errors, estimate: 0.99, error: 0.02, range: 0...1))
        XCTAssertEqual(clamped.high, 1)
        XCTAssertEqual(ImageBootstrap.studentizedInterval(values, errors: errors, estimate: 0.5, error: 0, range: 0...1), ConfidenceInterval(low: 0.5, high: 0.5))
        XCTAssertNil(ImageBootstrap.studentizedInterval([.nan], errors: [0.1], estimate: 0.5, error: 0.1, range: 0...1))
        XCTAssertNil(ImageBootstrap.studentizedInterval(values, errors: errors, estimate: 0.5, error: .nan, range: 0...1))
    }
}
