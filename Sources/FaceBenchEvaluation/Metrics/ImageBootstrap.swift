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
        guard resamples > 0, let images = results.first?.images, images > 0 else { return results.map { _ in [:] } }
        let counts = counts(images: images, resamples: resamples, seed: seed)
        return results.map { result in
            var workspace = ResamplableResults.Workspace(result)
            var columns = [[Double]](repeating: [Double](repeating: .nan, count: resamples), count: ResamplableResults.statistics.count)
            counts.withUnsafeBufferPointer { counts in
                for b in 0..<resamples {
                    let weights = UnsafeBufferPointer(rebasing: counts[(b * images)..<((b + 1) * images)])
                    let values = result.values(weights: weights, workspace: &workspace)
                    for (column, value) in values.enumerated() { columns[column][b] = value }
                }
            }
            return result.byKey(columns)
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

    /// Each detector's interval per statistic, every detector on the same resamples; empty
    /// dictionaries for 0 resamples or no images.
    public static func intervals(_ results: [ResamplableResults], resamples: Int, seed: UInt64) -> [[String: ConfidenceInterval]] {
        resampledValues(results, resamples: resamples, seed: seed).map { $0.compactMapValues(percentileInterval) }
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

    /// The BCa interval (bias-corrected and accelerated; Efron 1987, Efron & Tibshirani 1993
    /// §14.3), which `BootstrapCoverage` measures beside the percentile interval a run ships:
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

/// One detector's results on one dataset reduced to what each statistic needs per image, so
/// that a resample is a weighted pass over compact arrays (no matching, no sorting, no copy
/// of a detection): the matching and the rankings are made once, and a resample only looks
/// up each ranked detection's image weight.
///
/// Every sum is of integer weights, exact in a Double, and the divisions, maxima and the sums
/// of AP terms are made in the order `AveragePrecision.allPoint` and `COCOEvaluation.accumulate`
/// make them, so the values are bit for bit those of the detections copied w times
/// (scripts/bootstrap-reference.py recomputes them that way).
public struct ResamplableResults: Sendable {
    /// The detections counted by the headline (true or false positives) in the headline's
    /// rank order, each `image << 1 | isTruePositive` (image: index into the samples).
    var ranked: [Int32] = []
    var faces: [Int32]
    var truePositives: [Int32]
    var falsePositives: [Int32]
    /// The detections COCO keeps (range "all", the last maxDets) and does not ignore at every
    /// IoU threshold, in its rank order: each one's image.
    var cocoImages: [Int32] = []
    /// Per COCO IoU threshold, the detections of `cocoImages` that are a true positive or
    /// ignored at it, in rank order, each `position << 1 | isTruePositive` (position: index
    /// into `cocoImages`); the others are false positives there. COCO's counted faces per image.
    var cocoEvents: [[Int32]] = []
    var cocoFaces: [Int32]
    let cocoParameters: COCOParameters
    /// Landmark errors per image: their sum and count (nil without a landmarks result).
    var nmeSum: [Double]?
    var nmeCount: [Int32]?

    public var images: Int { faces.count }

    /// `samples[i]` with `detections[i]`, matched at `iouThreshold` as `DetectionMetrics`
    /// and COCO (`COCOEvaluator`) match them; `landmarks` the run's landmark scores.
    public init(samples: [Sample], detections: [[Detection]], iouThreshold: Double, landmarks: LandmarkScores? = nil) {
        let n = samples.count
        faces = [Int32](repeating: 0, count: n)
        truePositives = faces
        falsePositives = faces
        var ranking: [AveragePrecision.Ranked] = []
        var imageOfID: [Int: Int] = [:]
        for (i, (sample, found)) in zip(samples, detections).enumerated() {
            imageOfID[sample.id] = i
            let match = GreedyMatcher.match(found, to: sample.faces, iouThreshold: iouThreshold)
            faces[i] = Int32(sample.countedFaces)
            for (index, outcome) in match.outcomes.enumerated() {
                switch outcome {
                case .truePositive:
                    truePositives[i] += 1
                    ranking.append(.init(score: found[index].score, isTruePositive: true, image: sample.id, index: index))
                case .falsePositive:
                    falsePositives[i] += 1
                    ranking.append(.init(score: found[index].score, isTruePositive: false, image: sample.id, index: index))
                case .ignored: break
                }
            }
        }
        ranking.sort { a, b in
            if a.score != b.score { return a.score > b.score }
            return a.image != b.image ? a.image < b.image : a.index < b.index
        }
        ranked = ranking.map { Int32(imageOfID[$0.image]!) << 1 | ($0.isTruePositive ? 1 : 0) }

        cocoParameters = COCOParameters()
        let order = samples.indices.sorted { samples[$0].cocoImageID < samples[$1].cocoImageID }
        let coco = COCOEvaluation.ranking(COCOEvaluator.input(samples: samples, detections: detections), parameters: cocoParameters)
        let thresholds = cocoParameters.iouThresholds.count
        let ignoredAtAll: UInt32 = thresholds == 32 ? ~0 : (1 << UInt32(thresholds)) - 1
        cocoEvents = [[Int32]](repeating: [], count: thresholds)
        for position in coco.image.indices where coco.ignored[position] != ignoredAtAll {
            let entry = Int32(cocoImages.count)
            cocoImages.append(Int32(order[Int(coco.image[position])]))
            for t in 0..<thresholds {
                let bit: UInt32 = 1 << UInt32(t)
                if coco.ignored[position] & bit != 0 {
                    cocoEvents[t].append(entry << 1)
                } else if coco.truePositive[position] & bit != 0 {
                    cocoEvents[t].append(entry << 1 | 1)
                }
            }
        }
        cocoFaces = [Int32](repeating: 0, count: n)
        for (position, counted) in coco.countedFaces.enumerated() { cocoFaces[order[position]] = Int32(counted) }

        if let faces = landmarks?.faces {
            var sum = [Double](repeating: 0, count: n), count = [Int32](repeating: 0, count: n)
            for face in faces {
                guard let i = imageOfID[face.imageID] else { continue }
                sum[i] += face.nme
                count[i] += 1
            }
            nmeSum = sum
            nmeCount = count
        }
    }

    /// The statistics `ImageBootstrap` gives intervals for, by their results.json key, in
    /// the order of `values(weights:workspace:)`.
    public static let statistics = ["ap", "coco_ap", "precision", "recall", "f1", "miss_rate", "nme_mean"]
    /// The statistics where a lower value is better (the others: higher).
    public static let lowerIsBetter: Set<String> = ["miss_rate", "nme_mean"]

    /// The buffers a pass over a ranking writes: the cumulative true and false positives at
    /// each true positive, and the precision envelope there; the weight of COCO's ranking up
    /// to each detection; per COCO recall level, the fewest true positives reaching it and the
    /// interpolated precision there. Made once per detector, reused by every resample.
    struct Workspace {
        var truePositives: [Int]
        var falsePositives: [Int]
        var envelope: [Double]
        var cumulativeWeights: [Int]
        var levelTruePositives: [Int]
        var levelPrecisions: [Double]

        init(_ results: ResamplableResults) {
            let longest = max(results.ranked.count, results.cocoImages.count) + 1
            truePositives = [Int](repeating: 0, count: longest)
            falsePositives = truePositives
            envelope = [Double](repeating: 0, count: longest)
            cumulativeWeights = [Int](repeating: 0, count: results.cocoImages.count + 1)
            levelTruePositives = [Int](repeating: 0, count: results.cocoParameters.recallThresholds.count)
            levelPrecisions = [Double](repeating: 0, count: levelTruePositives.count)
        }
    }

    /// Each statistic on the images weighted by `weights` (all 1: the run's own values), by key.
    public func statistics(weights: UnsafeBufferPointer<Int32>) -> [String: Double] {
        var workspace = Workspace(self)
        return byKey(values(weights: weights, workspace: &workspace))
    }

    /// Each statistic on every image once: the run's own values.
    public func ownStatistics() -> [String: Double] {
        [Int32](repeating: 1, count: images).withUnsafeBufferPointer { statistics(weights: $0) }
    }

    /// Values in the order of `statistics` by key, without the mean NME when there are no landmarks.
    func byKey<Value>(_ values: [Value]) -> [String: Value] {
        var byKey: [String: Value] = [:]
        for (key, value) in zip(Self.statistics, values) where key != "nme_mean" || nmeSum != nil { byKey[key] = value }
        return byKey
    }

    /// Each statistic in the order of `statistics` (NaN where undefined, and for the mean
    /// NME without landmarks).
    func values(weights: UnsafeBufferPointer<Int32>, workspace: inout Workspace) -> [Double] {
        var faceCount = 0, tp = 0, fp = 0
        for i in 0..<images {
            let w = Int(weights[i])
            faceCount += w * Int(faces[i])
            tp += w * Int(truePositives[i])
            fp += w * Int(falsePositives[i])
        }
        let positives = Double(faceCount)
        let precision = tp + fp > 0 ? Double(tp) / (Double(tp) + Double(fp)) : 0
        let recall = faceCount > 0 ? Double(tp) / positives : 0
        var nme = Double.nan
        if let nmeSum, let nmeCount {
            var sum = 0.0, count = 0.0
            for i in 0..<images where weights[i] != 0 {
                sum += Double(weights[i]) * nmeSum[i]
                count += Double(weights[i]) * Double(nmeCount[i])
            }
            nme = count > 0 ? sum / count : .nan
        }
        return [
            averagePrecision(weights: weights, positives: positives, workspace: &workspace),
            cocoAveragePrecision(weights: weights, workspace: &workspace),
            precision, recall,
            precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0,
            faceCount > 0 ? 1 - recall : .nan,
            nme,
        ]
    }

    /// One pass over a ranking (`image << 1 | isTruePositive`) with the images' weights:
    /// the cumulative true and false positives at each true positive of weight > 0 (a
    /// detection of an image drawn w times is w detections at its rank), into the workspace;
    /// returns how many. Branch-free: the counts are stored at every detection and the
    /// position advances only at a weighted true positive.
    static func truePositivePoints(_ ranking: [Int32], weights: UnsafeBufferPointer<Int32>, workspace: inout Workspace) -> Int {
        var points = 0
        ranking.withUnsafeBufferPointer { ranking in
            workspace.truePositives.withUnsafeMutableBufferPointer { tpOut in
                workspace.falsePositives.withUnsafeMutableBufferPointer { fpOut in
                    var tp = 0, fp = 0
                    for entry in ranking {
                        let w = Int(weights[Int(entry >> 1)])
                        let hit = Int(entry & 1)
                        tp &+= w &* hit
                        fp &+= w &* (1 &- hit)
                        tpOut[points] = tp
                        fpOut[points] = fp
                        points &+= hit & (w != 0 ? 1 : 0)
                    }
                }
            }
        }
        return points
    }

    /// `AveragePrecision.allPoint` over the weighted ranking. Recall changes only at true
    /// positives, and a false positive's precision is below that of the true positive before
    /// it, so the precision envelope and the sum need only the true positives' points.
    func averagePrecision(weights: UnsafeBufferPointer<Int32>, positives: Double, workspace: inout Workspace) -> Double {
        let points = Self.truePositivePoints(ranked, weights: weights, workspace: &workspace)
        guard positives > 0 else { return 0 }
        return workspace.truePositives.withUnsafeBufferPointer { tps in
            workspace.falsePositives.withUnsafeBufferPointer { fps in
                workspace.envelope.withUnsafeMutableBufferPointer { envelope in
                    // VOCap.m: precision made non-increasing from the end, summed where recall changes.
                    var highest = 0.0
                    for k in stride(from: points - 1, through: 0, by: -1) {
                        let tp = Double(tps[k])
                        highest = max(tp / (tp + Double(fps[k])), highest)
                        envelope[k] = highest
                    }
                    var ap = 0.0, previous = 0.0
                    for k in 0..<points {
                        let recall = Double(tps[k]) / positives
                        if recall != previous { ap += (recall - previous) * envelope[k] }
                        previous = recall
                    }
                    return ap
                }
            }
        }
    }

    /// COCO's AP (IoU 0.50:0.95, 101 recall points, range "all", the last maxDets) on the
    /// weighted images, as `COCOEvaluation.accumulate` computes it.
    ///
    /// The thresholds share one pass: the weight of the ranking up to each detection. At a
    /// threshold, the false positives up to a true positive are that weight less the true
    /// positives and ignored detections up to it, so each threshold walks only its own true
    /// positives and ignored detections (`cocoEvents`), not the whole ranking.
    func cocoAveragePrecision(weights: UnsafeBufferPointer<Int32>, workspace: inout Workspace) -> Double {
        var countedFaces = 0
        for i in 0..<images { countedFaces += Int(weights[i]) * Int(cocoFaces[i]) }
        guard countedFaces > 0 else { return .nan }
        let counted = Double(countedFaces)
        let levels = cocoParameters.recallThresholds
        // A point's recall tp / counted is below a level exactly when its tp is below the
        // fewest true positives whose recall reaches the level (the division is monotone),
        // so the search over the points compares integers, not quotients.
        for (index, level) in levels.enumerated() {
            var fewest = max(0, Int((level * counted).rounded(.up)))
            while fewest > 0, Double(fewest - 1) / counted >= level { fewest -= 1 }
            while Double(fewest) / counted < level { fewest += 1 }
            workspace.levelTruePositives[index] = fewest
        }
        cocoImages.withUnsafeBufferPointer { images in
            workspace.cumulativeWeights.withUnsafeMutableBufferPointer { cumulative in
                var total = 0
                cumulative[0] = 0
                for (position, image) in images.enumerated() {
                    total &+= Int(weights[Int(image)])
                    cumulative[position + 1] = total
                }
            }
        }
        var sum = 0.0
        for events in cocoEvents {
            let points = Self.cocoTruePositivePoints(events, workspace: &workspace)
            Self.levelPrecisions(points: points, workspace: &workspace)
            for precision in workspace.levelPrecisions { sum += precision }
        }
        return sum / Double(cocoEvents.count * levels.count)
    }

    /// `truePositivePoints` for one COCO threshold's events, its false positives taken from
    /// the workspace's cumulative weights.
    static func cocoTruePositivePoints(_ events: [Int32], workspace: inout Workspace) -> Int {
        var points = 0
        events.withUnsafeBufferPointer { events in
            workspace.cumulativeWeights.withUnsafeBufferPointer { cumulative in
                workspace.truePositives.withUnsafeMutableBufferPointer { tpOut in
                    workspace.falsePositives.withUnsafeMutableBufferPointer { fpOut in
                        // `seen`: the weight of the true positives and ignored detections so
                        // far; every other detection up to here is a false positive.
                        var tp = 0, seen = 0
                        for event in events {
                            let position = Int(event >> 1)
                            let through = cumulative[position + 1]
                            let w = through &- cumulative[position]
                            let hitWeight = w & (0 &- Int(event & 1))
                            seen &+= w
                            tp &+= hitWeight
                            tpOut[points] = tp
                            fpOut[points] = through &- seen
                            // 1 when hitWeight > 0, by the sign of its negation: a comparison
                            // here compiles to a branch the data make unpredictable.
                            points &+= Int(bitPattern: UInt(bitPattern: 0 &- hitWeight) >> 63)
                        }
                    }
                }
            }
        }
        return points
    }

    /// COCO's interpolated precision at each recall level, from the workspace's points and
    /// fewest true positives per level: the highest precision tp / (fp + tp + ε) at or after
    /// the first point reaching the level, 0 when no point does. The levels' first points
    /// are found by bisection (true positives rise along the points) and the highest
    /// precision is taken segment by segment from the last level down, so every point's
    /// precision is computed once and no envelope is stored.
    static func levelPrecisions(points: Int, workspace: inout Workspace) {
        workspace.truePositives.withUnsafeBufferPointer { tps in
            workspace.falsePositives.withUnsafeBufferPointer { fps in
                workspace.levelTruePositives.withUnsafeBufferPointer { fewestOfLevel in
                    workspace.levelPrecisions.withUnsafeMutableBufferPointer { precisions in
                        var end = points, highest = 0.0
                        for level in stride(from: fewestOfLevel.count - 1, through: 0, by: -1) {
                            let fewest = fewestOfLevel[level]
                            var first = 0, last = end
                            while first < last {
                                let middle = (first + last) >> 1
                                if tps[middle] < fewest { first = middle + 1 } else { last = middle }
                            }
                            highest = max(highest, highestPrecision(tps, fps, first..<end))
                            end = first
                            precisions[level] = first < points ? highest : 0
                        }
                    }
                }
            }
        }
    }

    /// The highest tp / (fp + tp + ε) over `range` of the points (0 when empty), in four
    /// running maxima so that the divisions overlap (a maximum does not depend on the order).
    static func highestPrecision(_ tps: UnsafeBufferPointer<Int>, _ fps: UnsafeBufferPointer<Int>, _ range: Range<Int>) -> Double {
        let spacing = Double.ulpOfOne
        var a = 0.0, b = 0.0, c = 0.0, d = 0.0
        var k = range.lowerBound
        while k + 4 <= range.upperBound {
            let t0 = Double(tps[k]), t1 = Double(tps[k + 1]), t2 = Double(tps[k + 2]), t3 = Double(tps[k + 3])
            a = max(a, t0 / (Double(fps[k]) + t0 + spacing))
            b = max(b, t1 / (Double(fps[k + 1]) + t1 + spacing))
            c = max(c, t2 / (Double(fps[k + 2]) + t2 + spacing))
            d = max(d, t3 / (Double(fps[k + 3]) + t3 + spacing))
            k += 4
        }
        while k < range.upperBound {
            let t = Double(tps[k])
            a = max(a, t / (Double(fps[k]) + t + spacing))
            k += 1
        }
        return max(max(a, b), max(c, d))
    }
}
