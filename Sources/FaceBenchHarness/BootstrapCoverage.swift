import Dispatch
import Foundation
import Synchronization
import FaceBenchModel
import FaceBenchEvaluation

/// How often the 95 % intervals over images (`ImageBootstrap`) hold the value they estimate,
/// by simulation (docs/evaluation.md, "Coverage"). The population is a real dataset's ground
/// truth, every image equally likely, with a simulated detector run on it. A simulated
/// dataset draws as many images as the real one, with replacement, each with detections of
/// its own. The true value of each statistic is measured on very large draws: every image
/// `copies` times, in `chunks` independent draws whose values are averaged (their spread
/// gives the truth's own standard error). The coverage of a statistic is the share of the
/// simulated datasets whose interval holds the truth. `facebench bench-coverage` prints it;
/// Benchmarks/bootstrap-coverage.sh runs it.
public enum BootstrapCoverage {
    /// A simulated detector. Each image gets a difficulty z ~ N(0, 1). A face h pixels high
    /// is found with probability logistic(findLogit + findPerDoubling · log2(h / 40) −
    /// imageSpread · z); a found face's box moves by N(0, boxError) of its width and height
    /// and is scaled by exp(N(0, boxError)), and scores logistic(N(foundScore − imageSpread ·
    /// z / 2, 1)). Poisson(falsePositives · exp(imageSpread · z / 2)) false positives, square
    /// boxes of 12–200 px (log-uniform) anywhere in the frame, score logistic(N(falseScore, 1)).
    /// Ignored faces are found like the others (their detections are ignored by the scoring).
    public struct SimulatedDetector: Sendable {
        public var name: String
        public var findLogit: Double
        public var findPerDoubling: Double
        public var boxError: Double
        public var falsePositives: Double
        public var foundScore: Double
        public var falseScore: Double
        public var imageSpread: Double
    }

    public static let standardDetectors = [
        SimulatedDetector(
            name: "strong", findLogit: 2.5, findPerDoubling: 1, boxError: 0.05, falsePositives: 0.3, foundScore: 1.5, falseScore: -1,
            imageSpread: 0.7),
        SimulatedDetector(
            name: "middling", findLogit: 1.2, findPerDoubling: 0.8, boxError: 0.08, falsePositives: 1, foundScore: 1, falseScore: -0.5,
            imageSpread: 1),
        SimulatedDetector(
            name: "weak", findLogit: 0, findPerDoubling: 0.6, boxError: 0.12, falsePositives: 2.5, foundScore: 0.5, falseScore: 0,
            imageSpread: 1.2),
    ]

    /// Images in each draw measuring the truth, by default. With 20 draws the truth's
    /// standard error is √(n / 520,000) of a simulated dataset's of n images: 1.6 % of it on
    /// mit-cmu, 8 % on wider-val (the command prints it).
    public static let truthImages = 26_000
    /// The most images in one draw measuring the truth (`--copies` × the population), and the
    /// most simulated datasets or draws: each is held at once, so a count of 2^62 trapped on
    /// an allocation or on `copy * population.count`.
    public static let maximumTruthImages = 10_000_000
    public static let maximumDraws = 100_000

    /// The statistics simulated: every one with an interval but the mean NME (no landmarks are simulated).
    public static let statistics = ResamplableResults.statistics.filter { $0 != "nme_mean" }

    /// One statistic's coverage over the simulated datasets.
    public struct Coverage: Sendable {
        public var statistic: String
        public var truth: Double
        public var truthStandardError: Double
        /// Datasets whose studentized interval (`ImageBootstrap.studentizedIntervals`, the one runs ship) holds the truth, lies
        /// wholly below it, wholly above it; that have none.
        public var covered = 0
        /// On the same resamples: datasets whose percentile interval (`ImageBootstrap.percentileInterval`) holds the
        /// truth, whose BCa interval (`ImageBootstrap.bcaInterval`, its acceleration from the
        /// jackknife over images) does, and whose bias-corrected percentile interval (BCa
        /// without the acceleration) does.
        public var percentileCovered = 0
        public var bcaCovered = 0
        public var biasCorrectedCovered = 0
        public var below = 0
        public var above = 0
        public var undefined = 0
        /// Sums over the datasets with an interval, for the means.
        var estimateSum = 0.0
        var halfWidthSum = 0.0
        var bcaHalfWidthSum = 0.0
        var percentileHalfWidthSum = 0.0

        public var datasets: Int { covered + below + above + undefined }
        /// The share of the datasets whose interval holds the truth (one without counts as a miss).
        public var share: Double { Double(covered) / Double(max(datasets, 1)) }
        public var bcaShare: Double { Double(bcaCovered) / Double(max(datasets, 1)) }
        public var biasCorrectedShare: Double { Double(biasCorrectedCovered) / Double(max(datasets, 1)) }
        public var percentileShare: Double { Double(percentileCovered) / Double(max(datasets, 1)) }
        public var meanEstimate: Double { estimateSum / Double(max(datasets - undefined, 1)) }
        public var meanHalfWidth: Double { halfWidthSum / Double(max(datasets - undefined, 1)) }
        public var meanBCaHalfWidth: Double { bcaHalfWidthSum / Double(max(datasets - undefined, 1)) }
        public var meanPercentileHalfWidth: Double { percentileHalfWidthSum / Double(max(datasets - undefined, 1)) }
    }

    public struct Outcome: Sendable {
        public var detector: String
        public var images: Int
        public var faces: Int
        public var resamples: Int
        public var statistics: [Coverage]
    }

    /// `datasets` simulated datasets of `population.count` images each, their intervals from
    /// `resamples` resamples (the standard seed, as a run draws them), against the truth from
    /// `chunks` draws of `copies` copies of the population. `jobs` datasets at once; the
    /// outcome does not depend on it (every dataset and chunk has its own random stream).
    /// `measuresBCa`: the BCa interval's coverage too, which takes a jackknife over each
    /// dataset's images (as many evaluations as images: on wider-val about four times the
    /// resamples' work).
    public static func run(
        _ detector: SimulatedDetector, population: [Sample], datasets: Int, resamples: Int, copies: Int, chunks: Int, seed: UInt64, jobs: Int,
        measuresBCa: Bool = false
    ) -> Outcome {
        let chunkValues = parallelMap(chunks, jobs: jobs) { chunk in
            var random = stream(seed, purpose: 1, index: chunk)
            let samples = (0..<copies).flatMap { copy in
                population.indices.map { index in copied(population[index], as: copy * population.count + index) }
            }
            return ownValues(detector, on: samples, random: &random)
        }
        let outcomes = parallelMap(datasets, jobs: jobs) { dataset in
            var random = stream(seed, purpose: 2, index: dataset)
            let samples = (0..<population.count).map { index in
                copied(population[Int(random.next() % UInt64(population.count))], as: index)
            }
            let found = samples.map { detections(detector, on: $0, random: &random) }
            let results = ResamplableResults(samples: samples, detections: found, iouThreshold: EvaluationOptions.standardIoUThreshold)
            // The studentized interval runs ship, and the alternatives, from the same resamples.
            let own = results.ownStatistics()
            let drawn = ImageBootstrap.resample([results], resamples: resamples, seed: ImageBootstrap.standardSeed, withErrors: true)[0]
            let jackknife = measuresBCa ? ImageBootstrap.jackknifeValues(results) : [:]
            var accelerated: [String: ConfidenceInterval] = [:], corrected: [String: ConfidenceInterval] = [:]
            for (key, resampled) in drawn.values {
                guard let estimate = own[key] else { continue }
                if let leftOut = jackknife[key] { accelerated[key] = ImageBootstrap.bcaInterval(resampled, estimate: estimate, jackknife: leftOut) }
                corrected[key] = ImageBootstrap.bcaInterval(resampled, estimate: estimate, jackknife: [])
            }
            let percentile = drawn.values.compactMapValues(ImageBootstrap.percentileInterval)
            return (own, ImageBootstrap.studentizedIntervals(drawn, of: results, own: own), percentile, accelerated, corrected)
        }
        let coverages = statistics.map { key in
            let values = chunkValues.map { $0[key] ?? .nan }
            let mean = values.reduce(0, +) / Double(values.count)
            let spread = values.count > 1 ? (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1)).squareRoot() : .nan
            var coverage = Coverage(statistic: key, truth: mean, truthStandardError: spread / Double(values.count).squareRoot())
            for (own, intervals, percentile, accelerated, corrected) in outcomes {
                if corrected[key]?.contains(mean) == true { coverage.biasCorrectedCovered += 1 }
                if percentile[key]?.contains(mean) == true { coverage.percentileCovered += 1 }
                if accelerated[key]?.contains(mean) == true { coverage.bcaCovered += 1 }
                guard let interval = intervals[key], let estimate = own[key] else {
                    coverage.undefined += 1
                    continue
                }
                if interval.contains(mean) {
                    coverage.covered += 1
                } else if interval.high < mean {
                    coverage.below += 1
                } else {
                    coverage.above += 1
                }
                coverage.estimateSum += estimate
                coverage.halfWidthSum += interval.halfWidth
                coverage.bcaHalfWidthSum += accelerated[key]?.halfWidth ?? 0
                coverage.percentileHalfWidthSum += percentile[key]?.halfWidth ?? 0
            }
            return coverage
        }
        return Outcome(
            detector: detector.name, images: population.count, faces: population.reduce(0) { $0 + $1.countedFaces }, resamples: resamples,
            statistics: coverages)
    }

    /// Each statistic's coverage over every outcome's datasets together (no truth: the
    /// detectors' differ).
    public static func pooled(_ outcomes: [Outcome]) -> [Coverage] {
        statistics.map { key in
            var total = Coverage(statistic: key, truth: .nan, truthStandardError: .nan)
            for coverage in outcomes.compactMap({ $0.statistics.first { $0.statistic == key } }) {
                total.covered += coverage.covered
                total.bcaCovered += coverage.bcaCovered
                total.biasCorrectedCovered += coverage.biasCorrectedCovered
                total.percentileCovered += coverage.percentileCovered
                total.below += coverage.below
                total.above += coverage.above
                total.undefined += coverage.undefined
            }
            return total
        }
    }

    /// Each statistic of the detector's simulated detections on `samples`, every image once.
    static func ownValues(_ detector: SimulatedDetector, on samples: [Sample], random: inout SplitMix64) -> [String: Double] {
        let found = samples.map { detections(detector, on: $0, random: &random) }
        return ResamplableResults(samples: samples, detections: found, iouThreshold: EvaluationOptions.standardIoUThreshold).ownStatistics()
    }

    /// A population image as image `index` of a simulated set: its own id, no COCO id of the
    /// original's (ids must be unique in a set that holds an image twice).
    static func copied(_ sample: Sample, as index: Int) -> Sample {
        Sample(id: index + 1, name: "\(index + 1)", width: sample.width, height: sample.height, faces: sample.faces)
    }

    /// The detector's detections on one image (its model: `SimulatedDetector`).
    static func detections(_ detector: SimulatedDetector, on sample: Sample, random: inout SplitMix64) -> [Detection] {
        let difficulty = normal(&random)
        var found: [Detection] = []
        for face in sample.faces {
            let logit = detector.findLogit + detector.findPerDoubling * log2(max(face.box.height, 1) / 40) - detector.imageSpread * difficulty
            guard uniform(&random) < logistic(logit) else { continue }
            let dx = normal(&random), dy = normal(&random), scale = exp(detector.boxError * normal(&random))
            let box = Box(
                x: face.box.x + detector.boxError * dx * face.box.width, y: face.box.y + detector.boxError * dy * face.box.height,
                width: face.box.width * scale, height: face.box.height * scale)
            found.append(Detection(box: box, score: logistic(detector.foundScore - detector.imageSpread * difficulty / 2 + normal(&random))))
        }
        let (width, height) = frame(of: sample)
        for _ in 0..<poisson(detector.falsePositives * exp(detector.imageSpread * difficulty / 2), &random) {
            let size = min(12 * pow(200.0 / 12, uniform(&random)), width, height)
            let x = uniform(&random) * (width - size), y = uniform(&random) * (height - size)
            found.append(Detection(box: Box(x: x, y: y, width: size, height: size), score: logistic(detector.falseScore + normal(&random))))
        }
        return found
    }

    /// The image's size, or (without images: WIDER, FDDB) 1024 × 768 widened to hold its faces.
    static func frame(of sample: Sample) -> (width: Double, height: Double) {
        if let width = sample.width, let height = sample.height, width > 0, height > 0 { return (Double(width), Double(height)) }
        return sample.faces.reduce((1024.0, 768.0)) { frame, face in (max(frame.0, face.box.x + face.box.width), max(frame.1, face.box.y + face.box.height)) }
    }

    /// The random stream of one chunk (purpose 1) or dataset (purpose 2): SplitMix64 seeded
    /// with a SplitMix64 output of the three mixed, so neighbouring streams do not overlap.
    static func stream(_ seed: UInt64, purpose: UInt64, index: Int) -> SplitMix64 {
        var mixer = SplitMix64(seed: seed ^ (purpose << 56) ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
        return SplitMix64(seed: mixer.next())
    }

    /// Uniform in [0, 1): the top 53 bits.
    static func uniform(_ random: inout SplitMix64) -> Double { Double(random.next() >> 11) * 0x1p-53 }

    /// Standard normal (Box–Muller, one of the pair).
    static func normal(_ random: inout SplitMix64) -> Double {
        let radius = (-2 * log(1 - uniform(&random))).squareRoot()
        return radius * cos(2 * Double.pi * uniform(&random))
    }

    /// Poisson with mean `mean` (Knuth's product of uniforms; the means here are small).
    static func poisson(_ mean: Double, _ random: inout SplitMix64) -> Int {
        let limit = exp(-mean)
        var count = 0, product = uniform(&random)
        while product > limit {
            count += 1
            product *= uniform(&random)
        }
        return count
    }

    static func logistic(_ x: Double) -> Double { 1 / (1 + exp(-x)) }

    /// `body` of 0..<count, `jobs` at once, in index order.
    static func parallelMap<T: Sendable>(_ count: Int, jobs: Int, _ body: @Sendable (Int) -> T) -> [T] {
        let results = Mutex([T?](repeating: nil, count: count))
        let workers = max(1, min(jobs, count))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: count, by: workers) {
                let value = body(index)
                results.withLock { $0[index] = value }
            }
        }
        return results.withLock { $0.map { $0! } }
    }
}
