import FaceBenchModel
import FaceBenchEvaluation

/// How much slower a detector is than the run's fastest, as the ratio of their median
/// latencies with a paired 95 % interval: the images are resampled as the accuracy
/// intervals are (`ImageBootstrap.counts`, the run's resamples and seed), each resample
/// taking the median over the drawn images of each detector's per-image time (the median of
/// its calls on the image, the timing samples results.json keeps), so an image slow for both
/// moves both medians together. The fastest itself has ×1 and [1, 1]. Stored in results.json
/// (`detectors[].latency_ratio_to_fastest`); report.md judges it by `SpeedChange`.
public struct LatencyRatio: Sendable, Equatable {
    /// The id of the detector with the lowest median.
    public var fastest: String
    /// This detector's median ÷ the fastest's, on the images both were timed on.
    public var ratio: Double
    public var interval: ConfidenceInterval

    public init(fastest: String, ratio: Double, interval: ConfidenceInterval) {
        self.fastest = fastest
        self.ratio = ratio
        self.interval = interval
    }

    /// Each timed detector's ratio to the one with the lowest median, by id (none with fewer
    /// than two timed detectors, or without resamples).
    static func toFastest(_ results: RunResults) -> [String: LatencyRatio] {
        let perImage = results.perImageMedianLatencies
        let timed = results.detectors.map(\.id).filter { perImage[$0] != nil }
        guard timed.count > 1, results.settings.bootstrapResamples > 0 else { return [:] }
        func median(_ id: String) -> Double { LatencySummary.percentile(perImage[id]!.values.sorted(), 50) }
        let fastest = timed.min { median($0) < median($1) }!
        var ratios = [fastest: LatencyRatio(fastest: fastest, ratio: 1, interval: ConfidenceInterval(low: 1, high: 1))]
        for id in timed where id != fastest {
            let images = perImage[id]!.keys.filter { perImage[fastest]![$0] != nil }.sorted()
            guard !images.isEmpty else { continue }
            ratios[id] = ratio(
                images.map { perImage[id]![$0]! }, to: fastest, images.map { perImage[fastest]![$0]! },
                resamples: results.settings.bootstrapResamples, seed: results.settings.bootstrapSeed)
        }
        return ratios
    }

    /// The ratio of the medians of `times` and `referenceTimes` (paired by position) and its
    /// percentile interval over `resamples` resamples of the positions.
    static func ratio(_ times: [Double], to reference: String, _ referenceTimes: [Double], resamples: Int, seed: UInt64) -> LatencyRatio? {
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
        return ImageBootstrap.percentileInterval(values).map { LatencyRatio(fastest: reference, ratio: own / referenceOwn, interval: $0) }
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
}

extension RunResults {
    /// Per timed detector (and `decode`): image id → median of its timed calls on the image.
    public var perImageMedianLatencies: [String: [Int: Double]] {
        var medians: [String: [Int: Double]] = [:]
        for record in records {
            if let decode = record.decodeMilliseconds, decode > 0 { medians["decode", default: [:]][record.sampleID] = decode }
            for (id, result) in record.results where !result.latencies.isEmpty && result.failure == nil {
                medians[id, default: [:]][record.sampleID] = LatencySummary.percentile(result.latencies.sorted(), 50)
            }
        }
        for detector in detectors where detector.info.isImported { medians[detector.id] = nil }
        return medians
    }

    /// Sets every timed detector's `latencyRatioToFastest` from the records.
    mutating func computeLatencyRatios() {
        let ratios = LatencyRatio.toFastest(self)
        for index in detectors.indices { detectors[index].latencyRatioToFastest = ratios[detectors[index].id] }
    }
}
