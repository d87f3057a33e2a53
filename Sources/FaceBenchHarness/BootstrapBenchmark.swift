import FaceBenchModel
import FaceBenchEvaluation

/// The speed of the intervals over images (`ImageBootstrap`) on a run of WIDER validation's
/// size, made up so that it needs no dataset: 3,226 images holding 39,708 faces (12.3 per
/// image on average, 0 to 24), and simulated detectors that find a share of the faces (boxes
/// shifted by up to a tenth of their size, so most match at IoU 0.5 and some only at the
/// lower COCO thresholds) and add false positives, about 40,000 detections each. Everything
/// is drawn from SplitMix64 seeded with `seed`, so a workload is the same on every machine.
/// `facebench bench-bootstrap` prints the timings; Benchmarks/bootstrap.sh runs it.
public enum BootstrapBenchmark {
    public static let widerValidationImages = 3226
    public static let widerValidationFaces = 39708
    public static let detectionsPerDetector = 40000

    /// A simulated detector: the share of faces it finds.
    public struct SimulatedDetector: Sendable {
        public var name: String
        public var findRate: Double

        public init(name: String, findRate: Double) {
            self.name = name
            self.findRate = findRate
        }
    }

    public static let standardDetectors = [
        SimulatedDetector(name: "strong", findRate: 0.9), SimulatedDetector(name: "middling", findRate: 0.7),
        SimulatedDetector(name: "weak", findRate: 0.5),
    ]

    /// One detector's timings: the matching and rankings made once, then `resamples`
    /// resamples of every statistic (drawing the resamples included), the best of the
    /// repeats, as wall time and as the process's CPU time over its threads (which other load
    /// on the machine distorts less). With them what was computed, so that a faster scheme can be checked
    /// to give the same bits: the intervals, and a digest of every resampled value.
    public struct Timing: Sendable {
        public var detector: String
        public var detections: Int
        public var prepareMilliseconds: Double
        public var resampleMilliseconds: Double
        public var resampleCPUMilliseconds: Double
        public var intervals: [String: ConfidenceInterval]
        /// FNV-1a (64 bits) of the bit patterns of the resampled values, statistic by
        /// statistic in `ResamplableResults.statistics` order, resample by resample.
        public var valuesDigest: UInt64
    }

    /// `images` images with `faces` faces in all (5 % of them ignored), in 1024 × 768 frames.
    public static func samples(images: Int = widerValidationImages, faces: Int = widerValidationFaces, seed: UInt64) -> [Sample] {
        var random = SplitMix64(seed: seed)
        let mean = Double(faces) / Double(images)
        var remaining = faces
        return (0..<images).map { i in
            let count = i == images - 1 ? remaining : min(remaining, Int.random(in: 0...Int(2 * mean), using: &random))
            remaining -= count
            let boxes = (0..<count).map { _ in
                let size = Double.random(in: 10...300, using: &random)
                return Face(
                    box: Box(x: Double.random(in: 0...(1024 - size), using: &random), y: Double.random(in: 0...(768 - size), using: &random), width: size, height: size * 1.2),
                    ignore: Double.random(in: 0..<1, using: &random) < 0.05)
            }
            return Sample(id: i + 1, name: "synthetic/\(i + 1).jpg", width: 1024, height: 768, faces: boxes)
        }
    }

    /// The detector's detections on `samples`: each face found with probability `findRate`
    /// (score 0.3–1), then false positives (score 0–0.7) until the detector has about
    /// `detections` in all.
    public static func detections(_ detector: SimulatedDetector, on samples: [Sample], detections: Int = detectionsPerDetector, seed: UInt64) -> [[Detection]] {
        var random = SplitMix64(seed: seed)
        let faces = samples.reduce(0) { $0 + $1.faces.count }
        let falsePerImage = max(0, Double(detections) - detector.findRate * Double(faces)) / Double(samples.count)
        return samples.map { sample in
            var found: [Detection] = sample.faces.compactMap { face in
                guard Double.random(in: 0..<1, using: &random) < detector.findRate else { return nil }
                let shift = { (size: Double) in size * Double.random(in: -0.1...0.1, using: &random) }
                let box = Box(x: face.box.x + shift(face.box.width), y: face.box.y + shift(face.box.height), width: face.box.width, height: face.box.height)
                return Detection(box: box, score: Double.random(in: 0.3...1, using: &random))
            }
            for _ in 0..<Int.random(in: 0...Int((2 * falsePerImage).rounded()), using: &random) {
                let size = Double.random(in: 10...200, using: &random)
                found.append(Detection(
                    box: Box(x: Double.random(in: 0...(1024 - size), using: &random), y: Double.random(in: 0...(768 - size), using: &random), width: size, height: size),
                    score: Double.random(in: 0...0.7, using: &random)))
            }
            return found
        }
    }

    /// Times each detector alone, as a run computes its intervals (on `jobs` threads).
    public static func run(detectors: [SimulatedDetector] = standardDetectors, resamples: Int, repeats: Int, seed: UInt64, jobs: Int) -> [Timing] {
        let samples = samples(seed: seed)
        return detectors.enumerated().map { index, detector in
            let found = detections(detector, on: samples, seed: seed &+ UInt64(index + 1))
            let (prepared, prepare) = MonotonicClock.measure {
                ResamplableResults(samples: samples, detections: found, iouThreshold: EvaluationOptions.standardIoUThreshold)
            }
            var wall = Double.infinity, cpu = Double.infinity
            var values: [String: [Double]] = [:], intervals: [String: ConfidenceInterval] = [:]
            for _ in 0..<max(repeats, 1) {
                let cpuStart = CPUClock.processNanoseconds()
                let (computed, milliseconds) = MonotonicClock.measure {
                    // What `ImageBootstrap.intervals` does, keeping the values for the digest.
                    let resampled = ImageBootstrap.resample(
                        [prepared], resamples: resamples, seed: ImageBootstrap.standardSeed, withErrors: true, jobs: jobs)[0]
                    return (resampled.values, ImageBootstrap.studentizedIntervals(resampled, of: prepared, own: prepared.ownStatistics()))
                }
                cpu = min(cpu, Double(CPUClock.processNanoseconds() - cpuStart) / 1_000_000)
                wall = min(wall, milliseconds)
                (values, intervals) = computed
            }
            return Timing(
                detector: detector.name, detections: found.reduce(0) { $0 + $1.count }, prepareMilliseconds: prepare,
                resampleMilliseconds: wall, resampleCPUMilliseconds: cpu, intervals: intervals, valuesDigest: digest(values))
        }
    }

    static func digest(_ values: [String: [Double]]) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for key in ResamplableResults.statistics {
            for value in values[key] ?? [] {
                var bits = value.bitPattern
                for _ in 0..<8 {
                    hash = (hash ^ (bits & 0xFF)) &* 0x0000_0100_0000_01B3
                    bits >>= 8
                }
            }
        }
        return hash
    }
}
