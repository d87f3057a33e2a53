import FaceBenchModel

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
    /// `ranked` as `cocoImages` and `cocoEvents` are, for `standardErrors`: each detection's
    /// image, and its true positives as `position << 1 | 1`.
    var rankedImages: [Int32] = []
    var rankedEvents: [Int32] = []
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
        let ranked = ranking.map { Int32(imageOfID[$0.image]!) << 1 | ($0.isTruePositive ? 1 : 0) }
        self.ranked = ranked
        rankedImages = ranked.map { $0 >> 1 }
        rankedEvents = ranked.indices.filter { ranked[$0] & 1 == 1 }.map { Int32($0) << 1 | 1 }

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
    /// The values a statistic can take on a resample: the others are shares (0–1); the mean
    /// NME is a weighted mean of the images' own mean NMEs, so it lies between the lowest and
    /// the highest of those (a studentized bound beyond them, from a resample whose error is
    /// 0, would claim what no resample can show).
    public func range(of key: String) -> ClosedRange<Double> {
        guard key == "nme_mean" else { return 0...1 }
        guard let nmeSum, let nmeCount else { return 0...0 }
        var lowest = Double.infinity, highest = -Double.infinity
        for (sum, count) in zip(nmeSum, nmeCount) where count > 0 {
            let mean = sum / Double(count)
            lowest = min(lowest, mean)
            highest = max(highest, mean)
        }
        return lowest <= highest ? lowest...highest : 0...0
    }
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

    /// Each statistic's standard error on the images weighted by `weights` (`standardErrors`), by key.
    public func standardErrors(weights: UnsafeBufferPointer<Int32>) -> [String: Double] {
        var workspace = ErrorWorkspace(self)
        return byKey(standardErrors(weights: weights, workspace: &workspace))
    }

    /// Each statistic's standard error on every image once.
    public func ownStandardErrors() -> [String: Double] {
        [Int32](repeating: 1, count: images).withUnsafeBufferPointer { standardErrors(weights: $0) }
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
        cocoImages.withUnsafeBufferPointer { Self.accumulateWeights(of: $0, weights: weights, into: &workspace.cumulativeWeights) }
        var sum = 0.0
        for events in cocoEvents {
            let points = Self.cocoTruePositivePoints(events, workspace: &workspace)
            Self.levelPrecisions(points: points, workspace: &workspace)
            for precision in workspace.levelPrecisions { sum += precision }
        }
        return sum / Double(cocoEvents.count * levels.count)
    }

    /// The weight of the ranked detections `images` (each one's image) up to each one:
    /// `cumulative[0]` 0, `cumulative[p + 1]` the weights of `images[0...p]` summed.
    static func accumulateWeights(of images: UnsafeBufferPointer<Int32>, weights: UnsafeBufferPointer<Int32>, into cumulative: inout [Int]) {
        cumulative.withUnsafeMutableBufferPointer { cumulative in
            var total = 0
            cumulative[0] = 0
            for (position, image) in images.enumerated() {
                total &+= Int(weights[Int(image)])
                cumulative[position + 1] = total
            }
        }
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
