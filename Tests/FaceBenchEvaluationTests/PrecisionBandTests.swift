import FaceBenchModel
import FaceBenchEvaluation
import XCTest

/// The precision–recall band: on each resample, spelled out as copies of the drawn images,
/// the interpolated precision read off the ordinary PR curve at each level, and the band the
/// percentiles of those; and what a band read from a file must be.
final class PrecisionBandTests: XCTestCase {
    /// Faces with detections near them (distinct scores, so a detection's copies stay
    /// adjacent in the ranking and every point of the curve is one detection's) and false alarms.
    func sampleSet(seed: UInt64) -> (samples: [Sample], detections: [[Detection]]) {
        var random = SplitMix64(seed: seed)
        func uniform(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) }
        var samples: [Sample] = [], detections: [[Detection]] = []
        for id in 1...10 {
            let faces = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                Face(box: Box(x: uniform(0...300), y: uniform(0...200), width: uniform(20...80), height: uniform(20...80)))
            }
            var found: [Detection] = faces.compactMap { face in
                uniform(0...1) < 0.75 ? Detection(box: Box(x: face.box.x + uniform(-5...5), y: face.box.y, width: face.box.width, height: face.box.height), score: uniform(0...1)) : nil
            }
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                found.append(Detection(box: Box(x: uniform(0...300), y: uniform(0...200), width: 30, height: 30), score: uniform(0...1)))
            }
            samples.append(Sample(id: id, name: "i\(id).png", path: nil, width: 400, height: 300, faces: faces))
            detections.append(found)
        }
        return (samples, detections)
    }

    func testBandIsThePercentilesOfEachResamplesInterpolatedPrecision() throws {
        let (samples, detections) = sampleSet(seed: 5)
        let resamples = 40
        let band = try XCTUnwrap(ImageBootstrap.precisionBands(
            [ResamplableResults(samples: samples, detections: detections, iouThreshold: 0.5)], resamples: resamples, seed: 7)[0])
        let own = DetectionMetrics.evaluate(samples: samples, detections: detections).metrics
        XCTAssertEqual(band.recall.count, Int((own.recall * 100).rounded(.down)) + 1, "levels up to the run's own recall")
        XCTAssertEqual(band.recall.last.map { $0 <= own.recall }, true)
        XCTAssertNil(band.problem)

        let counts = ImageBootstrap.counts(images: samples.count, resamples: resamples, seed: 7)
        var byLevel = [[Double]](repeating: [], count: band.recall.count)
        for b in 0..<resamples {
            var copiedSamples: [Sample] = [], copiedDetections: [[Detection]] = []
            for (index, sample) in samples.enumerated() {
                for copy in 0..<Int(counts[b * samples.count + index]) {
                    var copied = sample
                    copied.id = sample.id + 100 * copy
                    copiedSamples.append(copied)
                    copiedDetections.append(detections[index])
                }
            }
            let curve = DetectionMetrics.evaluate(samples: copiedSamples, detections: copiedDetections).metrics.curve
            for (level, recall) in band.recall.enumerated() {
                byLevel[level].append(curve.filter { $0.recall >= recall }.map(\.precision).max() ?? 0)
            }
        }
        for (level, values) in byLevel.enumerated() {
            let interval = try XCTUnwrap(ImageBootstrap.percentileInterval(values))
            XCTAssertEqual(band.low[level], interval.low, accuracy: 1e-12, "recall \(band.recall[level])")
            XCTAssertEqual(band.high[level], interval.high, accuracy: 1e-12, "recall \(band.recall[level])")
        }
        XCTAssertLessThan(band.low.last!, band.high.first!, "the band narrows nowhere to nothing on 10 images")
    }

    func testNoBandWithoutResamplesOrTruePositives() {
        let (samples, detections) = sampleSet(seed: 5)
        XCTAssertNil(ImageBootstrap.precisionBands([ResamplableResults(samples: samples, detections: detections, iouThreshold: 0.5)], resamples: 0, seed: 7)[0])
        let nothing = ResamplableResults(samples: samples, detections: detections.map { _ in [] }, iouThreshold: 0.5)
        XCTAssertNil(ImageBootstrap.precisionBands([nothing], resamples: 10, seed: 7)[0])
    }

    func testABandFromAFileIsChecked() throws {
        let good = PrecisionBand(recall: [0, 0.01, 0.02], low: [0.5, 0.5, 0], high: [1, 0.9, 0.8])
        XCTAssertNil(good.problem)
        let decoded = try JSONValueCoding.decode(PrecisionBand.self, from: try JSONValueCoding.encode(good), path: "precision_band")
        XCTAssertEqual(decoded, good)
        for (band, expected) in [
            (PrecisionBand(recall: [0, 0.01], low: [0.5], high: [1, 1]), "recall, low and high have 2, 1 and 2 values"),
            (PrecisionBand(recall: [0, 0.02], low: [0, 0], high: [1, 1]), "recall[1] is 0.02, not 0.01"),
            (PrecisionBand(recall: [0], low: [0.6], high: [0.5]), "needs 0 ≤ low ≤ high ≤ 1"),
            (PrecisionBand(recall: [0], low: [.nan], high: [1]), "needs 0 ≤ low ≤ high ≤ 1"),
            (PrecisionBand(recall: [0], low: [0], high: [1e300]), "needs 0 ≤ low ≤ high ≤ 1"),
        ] {
            XCTAssertTrue(band.problem?.contains(expected) ?? false, "\(band.problem ?? "no problem"): \(expected)")
            XCTAssertThrowsError(try JSONValueCoding.decode(PrecisionBand.self, from: try JSONValueCoding.encode(band), path: "precision_band"))
        }
    }
}
