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

    /// Each detector's interval per statistic, every detector on the same resamples; empty
    /// dictionaries for 0 resamples or no images.
    public static func intervals(_ results: [ResamplableResults], resamples: Int, seed: UInt64) -> [[String: ConfidenceInterval]] {
        guard resamples > 0, let images = results.first?.images, images > 0 else { return results.map { _ in [:] } }
        let counts = counts(images: images, resamples: resamples, seed: seed)
        return results.map { result in
            var values: [String: [Double]] = [:]
            var scratch: [Double] = []
            counts.withUnsafeBufferPointer { counts in
                for b in 0..<resamples {
                    let weights = UnsafeBufferPointer(rebasing: counts[(b * images)..<((b + 1) * images)])
                    for (key, value) in result.statistics(weights: weights, scratch: &scratch) { values[key, default: []].append(value) }
                }
            }
            return values.compactMapValues(percentileInterval)
        }
    }

    /// The 2.5th and 97.5th percentiles of `values` (NaN values, a statistic undefined on a
    /// resample, are left out; nil when none is left).
    public static func percentileInterval(_ values: [Double]) -> ConfidenceInterval? {
        let defined = values.filter { !$0.isNaN }.sorted()
        guard !defined.isEmpty else { return nil }
        let tail = (1 - level) / 2
        return ConfidenceInterval(low: LatencySummary.percentile(defined, 100 * tail), high: LatencySummary.percentile(defined, 100 * (1 - tail)))
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

/// One detector's results on one dataset reduced to what each statistic needs per image,
/// so that a resample is a weighted pass over arrays (no matching, no sorting).
public struct ResamplableResults: Sendable {
    /// The detections counted by the headline (true or false positives) in the headline's
    /// rank order: their image (index into the samples) and whether they are true positives.
    var rankedImage: [Int32] = []
    var rankedTruePositive: [Bool] = []
    var faces: [Int32]
    var truePositives: [Int32]
    var falsePositives: [Int32]
    /// COCO's kept detections in its rank order (range "all", the last maxDets): image,
    /// true-positive and ignored bits per IoU threshold; its counted faces per image.
    var cocoImage: [Int32] = []
    var cocoTruePositive: [UInt32] = []
    var cocoIgnored: [UInt32] = []
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
        var ranked: [AveragePrecision.Ranked] = []
        var imageOfID: [Int: Int] = [:]
        for (i, (sample, found)) in zip(samples, detections).enumerated() {
            imageOfID[sample.id] = i
            let match = GreedyMatcher.match(found, to: sample.faces, iouThreshold: iouThreshold)
            faces[i] = Int32(sample.countedFaces)
            for (index, outcome) in match.outcomes.enumerated() {
                switch outcome {
                case .truePositive:
                    truePositives[i] += 1
                    ranked.append(.init(score: found[index].score, isTruePositive: true, image: sample.id, index: index))
                case .falsePositive:
                    falsePositives[i] += 1
                    ranked.append(.init(score: found[index].score, isTruePositive: false, image: sample.id, index: index))
                case .ignored: break
                }
            }
        }
        ranked.sort { a, b in
            if a.score != b.score { return a.score > b.score }
            return a.image != b.image ? a.image < b.image : a.index < b.index
        }
        rankedImage = ranked.map { Int32(imageOfID[$0.image]!) }
        rankedTruePositive = ranked.map(\.isTruePositive)

        cocoParameters = COCOParameters()
        let order = samples.indices.sorted { samples[$0].cocoImageID < samples[$1].cocoImageID }
        let ranking = COCOEvaluation.ranking(
            COCOEvaluator.input(samples: samples, detections: detections), parameters: cocoParameters)
        cocoImage = ranking.image.map { Int32(order[Int($0)]) }
        cocoTruePositive = ranking.truePositive
        cocoIgnored = ranking.ignored
        cocoFaces = [Int32](repeating: 0, count: n)
        for (position, counted) in ranking.countedFaces.enumerated() { cocoFaces[order[position]] = Int32(counted) }

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

    /// The statistics `ImageBootstrap` gives intervals for, by their results.json key.
    public static let statistics = ["ap", "coco_ap", "precision", "recall", "f1", "miss_rate", "nme_mean"]

    /// Each statistic on the images weighted by `weights` (all 1: the run's own values).
    public func statistics(weights: UnsafeBufferPointer<Int32>, scratch: inout [Double]) -> [String: Double] {
        var faceCount = 0.0, tp = 0.0, fp = 0.0
        for i in 0..<images where weights[i] != 0 {
            let w = Double(weights[i])
            faceCount += w * Double(faces[i])
            tp += w * Double(truePositives[i])
            fp += w * Double(falsePositives[i])
        }
        let precision = tp + fp > 0 ? tp / (tp + fp) : 0
        let recall = faceCount > 0 ? tp / faceCount : 0
        var values: [String: Double] = [
            "ap": averagePrecision(weights: weights, positives: faceCount, scratch: &scratch),
            "coco_ap": cocoAveragePrecision(weights: weights, scratch: &scratch),
            "precision": precision, "recall": recall,
            "f1": precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0,
            "miss_rate": faceCount > 0 ? 1 - recall : .nan,
        ]
        if let nmeSum, let nmeCount {
            var sum = 0.0, count = 0.0
            for i in 0..<images where weights[i] != 0 {
                sum += Double(weights[i]) * nmeSum[i]
                count += Double(weights[i]) * Double(nmeCount[i])
            }
            values["nme_mean"] = count > 0 ? sum / count : .nan
        }
        return values
    }

    /// `AveragePrecision.allPoint` over the weighted ranking: a detection of an image drawn
    /// w times is w detections at its rank.
    func averagePrecision(weights: UnsafeBufferPointer<Int32>, positives: Double, scratch: inout [Double]) -> Double {
        // scratch holds recall then precision for each block of the ranking.
        scratch.removeAll(keepingCapacity: true)
        var tp = 0.0, fp = 0.0
        for (position, image) in rankedImage.enumerated() {
            let w = Double(weights[Int(image)])
            guard w > 0 else { continue }
            if rankedTruePositive[position] { tp += w } else { fp += w }
            scratch.append(positives > 0 ? tp / positives : 0)
            scratch.append(tp / (tp + fp))
        }
        // VOCap.m: precision made non-increasing from the end, summed where recall changes.
        let points = scratch.count / 2
        var index = points - 2
        while index >= 0 {
            scratch[2 * index + 1] = max(scratch[2 * index + 1], scratch[2 * index + 3])
            index -= 1
        }
        var ap = 0.0, previous = 0.0
        for point in 0..<points {
            let recall = scratch[2 * point]
            if recall != previous { ap += (recall - previous) * scratch[2 * point + 1] }
            previous = recall
        }
        return ap
    }

    /// COCO's AP (IoU 0.50:0.95, 101 recall points, range "all", the last maxDets) on the
    /// weighted images, as `COCOEvaluation.accumulate` computes it.
    func cocoAveragePrecision(weights: UnsafeBufferPointer<Int32>, scratch: inout [Double]) -> Double {
        var counted = 0.0
        for i in 0..<images { counted += Double(weights[i]) * Double(cocoFaces[i]) }
        guard counted > 0 else { return .nan }
        let thresholds = cocoParameters.iouThresholds.count
        let levels = cocoParameters.recallThresholds
        let spacing = Double.ulpOfOne
        var sum = 0.0
        for t in 0..<thresholds {
            let bit: UInt32 = 1 << UInt32(t)
            // scratch: recall, precision after each block of true positives.
            scratch.removeAll(keepingCapacity: true)
            var tp = 0.0, fp = 0.0
            for (position, image) in cocoImage.enumerated() {
                let w = Double(weights[Int(image)])
                guard w > 0, cocoIgnored[position] & bit == 0 else { continue }
                if cocoTruePositive[position] & bit != 0 {
                    tp += w
                    scratch.append(tp / counted)
                    scratch.append(tp / (fp + tp + spacing))
                } else {
                    fp += w
                }
            }
            let points = scratch.count / 2
            var index = points - 1
            while index > 0 {
                if scratch[2 * index + 1] > scratch[2 * index - 1] { scratch[2 * index - 1] = scratch[2 * index + 1] }
                index -= 1
            }
            var hit = 0
            for level in levels {
                while hit < points, scratch[2 * hit] < level { hit += 1 }
                if level <= 0 {
                    sum += points > 0 ? scratch[1] : 0
                } else {
                    sum += hit < points ? scratch[2 * hit + 1] : 0
                }
            }
        }
        return sum / Double(thresholds * levels.count)
    }
}
