import FaceBenchModel
import FaceBenchEvaluation

/// `facebench parity`'s measurement: two implementations of one detector on every image of a
/// dataset, called in turn `repeats` times per image with their order alternating run by run
/// (so neither profits from a warmer cache or a quieter moment), their last boxes compared
/// one to one (`DetectionParity`), and each side's latency per image the median of its runs.
/// The caller pins native thread pools (single-threaded comparisons pin them to 1).
public struct InterleavedParity: Sendable {
    public var iouThreshold: Double
    public var repeats: Int

    public init(iouThreshold: Double, repeats: Int) {
        precondition(repeats >= 1, "at least one run per image")
        self.iouThreshold = iouThreshold
        self.repeats = repeats
    }

    public struct Outcome: Sendable {
        public var parity: DetectionParity
        /// The median over images of the reference's per-image median; nil without images.
        public var referenceMedianMilliseconds: Double?
        public var candidateMedianMilliseconds: Double?

        /// Candidate time over reference time, when both are known.
        public var latencyRatio: Double? {
            referenceMedianMilliseconds.flatMap { reference in candidateMedianMilliseconds.map { $0 / reference } }
        }
    }

    /// Samples without an image file are skipped; a detector's error stops the comparison.
    public func compare(
        reference: any FaceDetector, candidate: any FaceDetector, on dataset: Dataset, decoder: any ImageDecoder
    ) throws -> Outcome {
        let detectors = [reference, candidate]
        var parity = DetectionParity(iouThreshold: iouThreshold)
        var latencies: [[Double]] = [[], []]
        for sample in dataset.samples {
            guard let path = sample.path else { continue }
            let input = DetectorInput(decoded: try decoder.decode(path), name: sample.name, path: path)
            var results: [[Detection]] = [[], []]
            var times: [[Double]] = [[], []]
            for run in 0..<repeats {
                for k in (run % 2 == 0 ? [0, 1] : [1, 0]) {
                    let (found, milliseconds) = try MonotonicClock.measure { try detectors[k].checkedDetect(input) }
                    results[k] = found
                    times[k].append(milliseconds)
                }
            }
            for k in 0..<2 { latencies[k].append(LatencySummary(times[k])!.p50) }
            parity.add(image: sample.name, reference: results[0], candidate: results[1])
        }
        return Outcome(
            parity: parity, referenceMedianMilliseconds: LatencySummary(latencies[0])?.p50,
            candidateMedianMilliseconds: LatencySummary(latencies[1])?.p50)
    }
}
