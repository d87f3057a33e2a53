import Foundation
import FaceBenchModel

/// Confidence intervals over images: the dataset's images are resampled with replacement
/// (`resamples` times, each a draw of n images from the n of the run), every statistic is
/// recomputed on each resample, and the 95 % interval is the 2.5th and 97.5th percentile of
/// the resampled values (numpy's default linear interpolation). docs/evaluation.md,
/// "Confidence intervals", documents the scheme; scripts/bootstrap-reference.py redraws the
/// same resamples with numpy and reproduces every interval.
///
/// The draws: `SplitMix64` (FaceBenchModel: state += 0x9E3779B97F4A7C15; z = state;
/// z = (z ^ (z >> 30)) · 0xBF58476D1CE4E5B9; z = (z ^ (z >> 27)) · 0x94D049BB133111EB; output
/// z ^ (z >> 31), modulo 2^64) seeded with `seed`; resample b (0-based) takes outputs
/// b·n … b·n + n − 1 of that one stream, each drawing image `output mod n` (in the results'
/// image order). Every detector of a dataset sees the same resamples, so two detectors'
/// differences can be paired.
///
/// A resampled image drawn w times counts w times: its faces, true and false positives and
/// landmark errors w times, its detections at their rank in the whole run's order (equal to
/// w copies of it for every statistic here).
public enum ImageBootstrap {
    public static let standardSeed: UInt64 = 23
    public static let standardResamples = 1000
    /// The most resamples a run, `eval` or a results.json may ask for: `counts` holds
    /// images × resamples draws, so a count from a file or an option (10^15) would trap on
    /// the product or the allocation; 100,000 is 100 times the standard.
    public static let maximumResamples = 100_000
    public static let level = 0.95

    /// How many times each of `images` images is drawn in each of `resamples` resamples:
    /// `counts[b * images + i]`.
    public static func counts(images: Int, resamples: Int, seed: UInt64) -> [Int32] {
        var counts = [Int32](repeating: 0, count: images * resamples)
        guard images > 0 else { return counts }
        var generator = SplitMix64(seed: seed)
        let n = UInt64(images)
        counts.withUnsafeMutableBufferPointer { counts in
            for b in 0..<resamples {
                let base = b * images
                for _ in 0..<images { counts[base + Int(generator.next() % n)] += 1 }
            }
        }
        return counts
    }

    /// Each detector's value of every statistic on each resample, by key
    /// (`ResamplableResults.statistics`): `values[key][b]`, NaN where the statistic is
    /// undefined on resample b. Empty for 0 resamples or no images.
    public static func resampledValues(_ results: [ResamplableResults], resamples: Int, seed: UInt64) -> [[String: [Double]]] {
        resample(results, resamples: resamples, seed: seed, withErrors: false).map(\.values)
    }

    /// A detector's statistics on each resample and, when asked for, their standard errors
    /// there (`ResamplableResults.standardErrors`), both by key and resample.
    public struct Resampled: Sendable {
        public var values: [String: [Double]]
        public var errors: [String: [Double]]
    }

    /// `jobs` threads share a detector's resamples (each resample is computed alone, so the
    /// values do not depend on `jobs`).
    public static func resample(_ results: [ResamplableResults], resamples: Int, seed: UInt64, withErrors: Bool, jobs: Int = 1) -> [Resampled] {
        guard resamples > 0, let images = results.first?.images, images > 0 else { return results.map { _ in Resampled(values: [:], errors: [:]) } }
        let counts = counts(images: images, resamples: resamples, seed: seed)
        let statistics = ResamplableResults.statistics.count
        let workers = max(1, min(jobs, resamples))
        return results.map { result in
            // Statistic-major: column s of resample b at s × resamples + b.
            var flatValues = [Double](repeating: .nan, count: statistics * resamples)
            var flatErrors = withErrors ? flatValues : []
            counts.withUnsafeBufferPointer { counts in
                flatValues.withUnsafeMutableBufferPointer { values in
                    flatErrors.withUnsafeMutableBufferPointer { errors in
                        // Each worker writes only its own resamples' slots.
                        nonisolated(unsafe) let counts = counts, values = values, errors = errors
                        DispatchQueue.concurrentPerform(iterations: workers) { worker in
                            var workspace = ResamplableResults.Workspace(result)
                            var errorWorkspace = ResamplableResults.ErrorWorkspace(result)
                            for b in (worker * resamples / workers)..<((worker + 1) * resamples / workers) {
                                let weights = UnsafeBufferPointer(rebasing: counts[(b * images)..<((b + 1) * images)])
                                for (column, value) in result.values(weights: weights, workspace: &workspace).enumerated() {
                                    values[column * resamples + b] = value
                                }
                                guard withErrors else { continue }
                                for (column, error) in result.standardErrors(weights: weights, workspace: &errorWorkspace).enumerated() {
                                    errors[column * resamples + b] = error
                                }
                            }
                        }
                    }
                }
            }
            func columns(_ flat: [Double]) -> [[Double]] {
                (0..<statistics).map { Array(flat[($0 * resamples)..<(($0 + 1) * resamples)]) }
            }
            return Resampled(values: result.byKey(columns(flatValues)), errors: withErrors ? result.byKey(columns(flatErrors)) : [:])
        }
    }

    /// Each statistic with image i left out (`values[key][i]`), every other image once: the
    /// jackknife over images, for the acceleration of `bcaInterval`.
    public static func jackknifeValues(_ result: ResamplableResults) -> [String: [Double]] {
        var workspace = ResamplableResults.Workspace(result)
        var columns = [[Double]](repeating: [Double](repeating: .nan, count: result.images), count: ResamplableResults.statistics.count)
        var weights = [Int32](repeating: 1, count: result.images)
        for i in 0..<result.images {
            weights[i] = 0
            let values = weights.withUnsafeBufferPointer { result.values(weights: $0, workspace: &workspace) }
            for (column, value) in values.enumerated() { columns[column][i] = value }
            weights[i] = 1
        }
        return result.byKey(columns)
    }

    /// Each detector's studentized interval per statistic, every detector on the same
    /// resamples; empty dictionaries for 0 resamples or no images.
    public static func intervals(_ results: [ResamplableResults], resamples: Int, seed: UInt64, jobs: Int = 1) -> [[String: ConfidenceInterval]] {
        zip(resample(results, resamples: resamples, seed: seed, withErrors: true, jobs: jobs), results).map {
            studentizedIntervals($0, of: $1, own: $1.ownStatistics())
        }
    }

    /// The studentized interval of each statistic, the one runs ship (its coverage measured by
    /// `BootstrapCoverage`, its arithmetic reproduced by scripts/bootstrap-reference.py): from the
    /// resamples and their standard errors (`resampled`, drawn with errors), around the run's
    /// own value (`own`: `results.ownStatistics()`, which callers have at hand) and error,
    /// within the values the statistic can take (`ResamplableResults.range`).
    public static func studentizedIntervals(_ resampled: Resampled, of results: ResamplableResults, own: [String: Double]) -> [String: ConfidenceInterval] {
        let ownErrors = results.ownStandardErrors()
        var intervals: [String: ConfidenceInterval] = [:]
        for (key, values) in resampled.values {
            guard let errors = resampled.errors[key], let estimate = own[key], let error = ownErrors[key] else { continue }
            intervals[key] = studentizedInterval(values, errors: errors, estimate: estimate, error: error, range: results.range(of: key))
        }
        return intervals
    }

    /// The paired interval of a − b: the percentiles of the differences of two detectors'
    /// values on the same resamples (resamples where either is undefined are left out).
    public static func pairedDifference(_ a: [Double], _ b: [Double]) -> ConfidenceInterval? {
        percentileInterval(zip(a, b).map { $0 - $1 })
    }

    /// Each detector's difference to the best detector of its run in every statistic, with
    /// the paired interval (both on the same resamples: `resampled`, from `resampledValues`).
    /// The best is the detector with the best value of its own (`own`: every weight 1; lower
    /// is better for `ResamplableResults.lowerIsBetter`, the first of equals); the best's own
    /// difference is 0 on every resample. Empty where fewer than two detectors have the
    /// statistic.
    public static func differencesToBest(ids: [String], own: [[String: Double]], resampled: [[String: [Double]]]) -> [[String: PairedDifference]] {
        var differences = ids.map { _ in [String: PairedDifference]() }
        for key in ResamplableResults.statistics {
            let candidates = ids.indices.filter { own[$0][key].map { !$0.isNaN } ?? false && resampled[$0][key] != nil }
            guard candidates.count > 1 else { continue }
            let lowerIsBetter = ResamplableResults.lowerIsBetter.contains(key)
            var best = candidates[0]
            for index in candidates.dropFirst() {
                let value = own[index][key]!, bestValue = own[best][key]!
                if lowerIsBetter ? value < bestValue : value > bestValue { best = index }
            }
            for index in candidates {
                guard let interval = pairedDifference(resampled[index][key]!, resampled[best][key]!) else { continue }
                differences[index][key] = PairedDifference(best: ids[best], difference: own[index][key]! - own[best][key]!, interval: interval)
            }
        }
        return differences
    }

    /// The 2.5th and 97.5th percentiles of `values` (NaN values, a statistic undefined on a
    /// resample, are left out; nil when none is left).
    public static func percentileInterval(_ values: [Double]) -> ConfidenceInterval? {
        let defined = values.filter { !$0.isNaN }.sorted()
        guard !defined.isEmpty else { return nil }
        let tail = (1 - level) / 2
        return ConfidenceInterval(low: LatencySummary.percentile(defined, 100 * tail), high: LatencySummary.percentile(defined, 100 * (1 - tail)))
    }

    /// The studentized interval (the bootstrap-t; Efron & Tibshirani 1993 §12.5): each
    /// resample's deviation from `estimate` in its own standard errors, t_b = (θ*_b − θ̂) /
    /// se*_b, and the interval θ̂ − t₉₇.₅ · se, θ̂ − t₂.₅ · se from the 2.5th and 97.5th
    /// percentiles of the t_b (numpy's linear interpolation; a resample whose value or error
    /// is NaN left out, one with error 0 counting ±∞ or 0), `error` the run's own standard
    /// error; within `range`, where the statistic lives. A run whose error is 0 gets its
    /// estimate as the interval. Nil without a defined resample, estimate or error.
    public static func studentizedInterval(
        _ values: [Double], errors: [Double], estimate: Double, error: Double, range: ClosedRange<Double>
    ) -> ConfidenceInterval? {
        guard estimate.isFinite, error.isFinite else { return nil }
        guard error > 0 else { return ConfidenceInterval(low: estimate, high: estimate) }
        var deviations: [Double] = []
        deviations.reserveCapacity(values.count)
        for (value, resampleError) in zip(values, errors) where !value.isNaN && !resampleError.isNaN {
            let deviation = value - estimate
            deviations.append(resampleError > 0 ? deviation / resampleError : deviation == 0 ? 0 : deviation > 0 ? .infinity : -.infinity)
        }
        guard !deviations.isEmpty else { return nil }
        deviations.sort()
        let tail = (1 - level) / 2
        func bound(_ share: Double) -> Double {
            let t = LatencySummary.percentile(deviations, 100 * share)
            return min(max(estimate - t * error, range.lowerBound), range.upperBound)
        }
        return ConfidenceInterval(low: bound(1 - tail), high: bound(tail))
    }

    /// The BCa interval (bias-corrected and accelerated; Efron 1987, Efron & Tibshirani 1993
    /// §14.3), which `BootstrapCoverage` measures beside the studentized interval a run ships:
    /// the percentiles of the resampled values (NaN left out) taken at Φ(z₀ + (z₀ + z) /
    /// (1 − a·(z₀ + z))) for z = Φ⁻¹(0.025) and Φ⁻¹(0.975) instead of 2.5 % and 97.5 %. The
    /// bias correction z₀ = Φ⁻¹(the share of the resampled values below `estimate`, ties
    /// counting half, kept within half a value of 0 and 1) moves the interval against the
    /// statistic's bias on resampling; the acceleration a = Σd³ / (6 (Σd²)^{3/2}), d the
    /// jackknife values' mean less each (NaN left out; 0 when they are all equal, or with no
    /// jackknife: the bias-corrected percentile interval), corrects for the standard error
    /// changing with the true value. Nil without a defined resample or estimate.
    public static func bcaInterval(_ values: [Double], estimate: Double, jackknife: [Double]) -> ConfidenceInterval? {
        let defined = values.filter { !$0.isNaN }.sorted()
        guard !defined.isEmpty, estimate.isFinite else { return nil }
        let count = Double(defined.count)
        let below = Double(defined.count { $0 < estimate }) + 0.5 * Double(defined.count { $0 == estimate })
        let bias = inverseNormalCDF(min(max(below / count, 0.5 / count), 1 - 0.5 / count))
        let leftOut = jackknife.filter { !$0.isNaN }
        let mean = leftOut.reduce(0, +) / Double(max(leftOut.count, 1))
        var squares = 0.0, cubes = 0.0
        for value in leftOut {
            let d = mean - value
            squares += d * d
            cubes += d * d * d
        }
        let acceleration = squares > 0 ? cubes / (6 * squares * squares.squareRoot()) : 0
        func share(_ z: Double) -> Double {
            let shifted = bias + z
            let denominator = 1 - acceleration * shifted
            // The limit as the denominator falls to 0: the most extreme resampled value.
            return denominator > 0 ? normalCDF(bias + shifted / denominator) : (shifted > 0 ? 1 : 0)
        }
        let z = inverseNormalCDF(1 - (1 - level) / 2)
        return ConfidenceInterval(low: LatencySummary.percentile(defined, 100 * share(-z)), high: LatencySummary.percentile(defined, 100 * share(z)))
    }

    /// Φ, the standard normal distribution function.
    static func normalCDF(_ x: Double) -> Double { 0.5 * erfc(-x / 2.squareRoot()) }

    /// Φ⁻¹ by bisection of `normalCDF` (to its own precision; it is called a few times per interval).
    static func inverseNormalCDF(_ p: Double) -> Double {
        var low = -40.0, high = 40.0
        for _ in 0..<100 {
            let middle = (low + high) / 2
            if normalCDF(middle) < p { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }
}

/// A 95 % interval of a statistic.
public struct ConfidenceInterval: Sendable, Equatable, Codable {
    public var low: Double
    public var high: Double

    public init(low: Double, high: Double) {
        self.low = low
        self.high = high
    }

    /// Half the width: the "±" of a table.
    public var halfWidth: Double { (high - low) / 2 }

    public func contains(_ value: Double) -> Bool { value >= low && value <= high }
}


/// A detector's difference to the best detector of its run in one statistic (this one's
/// value minus the best's) and the paired 95 % interval of that difference.
public struct PairedDifference: Sendable, Equatable {
    /// The best detector's id (this detector's own when it is the best).
    public var best: String
    public var difference: Double
    public var interval: ConfidenceInterval

    public init(best: String, difference: Double, interval: ConfidenceInterval) {
        self.best = best
        self.difference = difference
        self.interval = interval
    }

    /// The interval excludes 0: the resamples tell this detector apart from the best.
    public var isDistinguishable: Bool { !interval.contains(0) }
}
