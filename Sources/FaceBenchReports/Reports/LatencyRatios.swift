import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchHarness

/// How much slower each detector of a run is than the fastest, as the ratio of their median
/// latencies with a paired 95 % interval: the images are resampled as the accuracy
/// intervals are (`ImageBootstrap.counts`, the run's resamples and seed), each resample
/// taking the median over the drawn images of each detector's per-image time (the median of
/// its calls on the image, the timing samples results.json keeps), so an image slow for both
/// moves both medians together. Judged by `SpeedChange`: "slower" only when the whole
/// interval lies above its tolerance.
public enum LatencyRatios {
    public struct Ratio: Sendable, Equatable {
        public var detector: String
        public var reference: String
        /// This detector's median ÷ the reference's, on the images both were timed on.
        public var ratio: Double
        public var interval: ConfidenceInterval
    }

    /// Each timed detector against the one with the lowest median (none with fewer than
    /// two timed detectors, or without resamples).
    public static func againstFastest(_ results: RunResults) -> [Ratio] {
        let perImage = DatasetSnapshot.perImageMedians(results)
        let timed = results.detectors.map(\.id).filter { perImage[$0] != nil }
        guard timed.count > 1, results.settings.bootstrapResamples > 0 else { return [] }
        func median(_ id: String) -> Double { LatencySummary.percentile(perImage[id]!.values.sorted(), 50) }
        let fastest = timed.min { median($0) < median($1) }!
        return timed.filter { $0 != fastest }.compactMap { id in
            let images = perImage[id]!.keys.filter { perImage[fastest]![$0] != nil }.sorted()
            guard !images.isEmpty else { return nil }
            return ratio(id, images.map { perImage[id]![$0]! }, to: fastest, images.map { perImage[fastest]![$0]! },
                         resamples: results.settings.bootstrapResamples, seed: results.settings.bootstrapSeed)
        }
    }

    /// The ratio of the medians of `times` and `reference` (paired by position) and its
    /// percentile interval over `resamples` resamples of the positions.
    static func ratio(_ id: String, _ times: [Double], to reference: String, _ referenceTimes: [Double], resamples: Int, seed: UInt64) -> Ratio? {
        let n = times.count
        let counts = ImageBootstrap.counts(images: n, resamples: resamples, seed: seed)
        let order = times.indices.sorted { times[$0] < times[$1] }, referenceOrder = referenceTimes.indices.sorted { referenceTimes[$0] < referenceTimes[$1] }
        let ones = [Int32](repeating: 1, count: n)
        guard let own = weightedMedian(times, order, ones[...]), let referenceOwn = weightedMedian(referenceTimes, referenceOrder, ones[...]), referenceOwn > 0 else { return nil }
        let values = (0..<resamples).map { b -> Double in
            let weights = counts[(b * n)..<((b + 1) * n)]
            guard let a = weightedMedian(times, order, weights), let r = weightedMedian(referenceTimes, referenceOrder, weights), r > 0 else { return .nan }
            return a / r
        }
        return ImageBootstrap.percentileInterval(values).map { Ratio(detector: id, reference: reference, ratio: own / referenceOwn, interval: $0) }
    }

    /// The median of `values` with each counted `weights` times (numpy's median of the copies:
    /// the middle one, or the mean of the two middle ones), `order` sorting `values`.
    static func weightedMedian(_ values: [Double], _ order: [Int], _ weights: ArraySlice<Int32>) -> Double? {
        let base = weights.startIndex
        let total = weights.reduce(0) { $0 + Int($1) }
        guard total > 0 else { return nil }
        // The 0-based positions of the middle copies in the sorted copies.
        let low = (total - 1) / 2, high = total / 2
        var seen = 0
        var lowValue: Double?
        for index in order {
            seen += Int(weights[base + index])
            if lowValue == nil, seen > low { lowValue = values[index] }
            if seen > high { return (lowValue! + values[index]) / 2 }
        }
        return nil
    }

    /// Markdown lines under the latency table, nil when there is nothing to compare.
    public static func markdown(_ results: RunResults) -> String? {
        let ratios = againstFastest(results)
        guard let first = ratios.first else { return nil }
        var table = MarkdownTable(headers: ["Median time ÷ \(first.reference)'s", "×", "95% interval (paired over images)", "Verdict"])
        for ratio in ratios {
            let change = SpeedChange(ratio: ratio.ratio, least: ratio.interval.low, most: ratio.interval.high)
            table.add([
                ratio.detector, Formatting.fixed(ratio.ratio, 2), "\(Formatting.fixed(ratio.interval.low, 2))–\(Formatting.fixed(ratio.interval.high, 2))",
                change.verdict.rawValue,
            ])
        }
        return table.text + "\nSlower only when the whole interval is above ×\(Formatting.fixed(SpeedChange.standardMaxSlowdown, 2)) (`compare --max-slowdown`'s default).\n"
    }
}
