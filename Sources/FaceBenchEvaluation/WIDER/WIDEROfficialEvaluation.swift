import FaceBenchModel

/// WIDER FACE's official evaluation (the MATLAB `eval_tools`: `wider_eval.m`, `read_pred.m`,
/// `norm_score.m`, `evaluation.m`, `boxoverlap.m`, `VOCap.m`), reproduced to the bit where
/// its arithmetic is defined:
///
/// 1. Each image's predictions are sorted by descending score; equal scores keep their file
///    order (`sort(…, 'descend')` is stable).
/// 2. Scores are normalised over the whole prediction set: `(s - min) / (max - min)` with
///    `max` starting from `realmin('single')` and `min` from `realmax('single')`. Those
///    starting values are `single`, so MATLAB carries the whole normalisation out in single
///    precision (mixed single/double arithmetic casts to single): all-negative scores never
///    reach 1, and the thresholds below see single-precision values.
/// 3. Per image, each prediction in order takes the first ground-truth face with the largest
///    `WIDERBoxOverlap` (integer-rounded IoU). At or above the IoU threshold, a face outside the
///    setting's keep list (`gt_list`) marks the prediction "not a proposal" — neither true nor
///    false positive — and a kept face not matched before becomes recalled. Images with no
///    face or no prediction contribute nothing but their kept faces.
/// 4. At thresholds `1 - t/1000`, t = 1…1000, proposals and recalled faces of the predictions
///    scoring at least the threshold are summed over the images; precision is their ratio
///    (NaN when nothing is proposed) and recall divides by all kept faces.
/// 5. AP is `VOCap`: the all-point interpolated area, where MATLAB's `max` skips NaN.
///
/// Counts are integers throughout, so results equal MATLAB's (up to the rounding of the last
/// sum in AP). Cost: one pass over prediction-face pairs per image, then one linear pass per
/// setting.
public enum WIDEROfficialEvaluation {
    public static let thresholdCount = 1000

    /// One image: its ground truth and the predictions in file order.
    public struct Image: Sendable {
        public var faces: [WIDERBoxOverlap.Face]
        /// Per face, the index of the easiest setting that keeps it (settings are nested), or
        /// nil when none does.
        public var easiestSetting: [Int?]
        public var predictions: [Prediction]

        public init(faces: [WIDERBoxOverlap.Face], easiestSetting: [Int?], predictions: [Prediction]) {
            precondition(faces.count == easiestSetting.count, "one setting index per face")
            self.faces = faces
            self.easiestSetting = easiestSetting
            self.predictions = predictions
        }
    }

    public struct Prediction: Sendable, Equatable {
        public var x: Double, y: Double, width: Double, height: Double
        public var score: Double

        public init(x: Double, y: Double, width: Double, height: Double, score: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
            self.score = score
        }
    }

    public struct Setting: Sendable, Equatable {
        public var name: String
        /// `VOCap` of the curve; NaN when the setting keeps no face.
        public var averagePrecision: Double
        /// Kept faces (`count_face`).
        public var faces: Int
        /// Index t − 1 holds the sums at threshold `1 - t/1000`.
        public var proposals: [Int]
        public var recalled: [Int]
        public var precision: [Double]
        public var recall: [Double]
    }

    public struct Result: Sendable, Equatable {
        public var settings: [Setting]
        /// The single-precision `min_score` and `max_score` of the normalisation.
        public var scoreMinimum: Double
        public var scoreMaximum: Double
        public var predictions: Int
    }

    public static func evaluate(_ images: [Image], settings names: [String], iouThreshold: Double = 0.5) -> Result {
        // norm_score.m: the extremes start from single-precision constants.
        let (highest, lowest, total) = scoreExtremes(images)
        let maxScore = max(Float.leastNormalMagnitude, Float(highest))
        let minScore = min(Float.greatestFiniteMagnitude, Float(lowest))
        let range = maxScore - minScore

        // Per prediction in evaluation order: its threshold bucket and its matched face.
        var bucket: [Int16] = []
        var matchedFace: [Int32] = []
        var imageStart: [Int] = []
        var faceStart: [Int] = []
        var settingOfFace: [Int8] = []
        var counted: [Bool] = []
        bucket.reserveCapacity(total)
        matchedFace.reserveCapacity(total)
        for image in images {
            imageStart.append(bucket.count)
            faceStart.append(settingOfFace.count)
            for setting in image.easiestSetting { settingOfFace.append(Int8(setting ?? Int(Int8.max))) }
            let evaluated = !image.faces.isEmpty && !image.predictions.isEmpty
            counted.append(evaluated)
            guard evaluated else { continue }
            let order = image.predictions.indices.sorted { a, b in
                let sa = image.predictions[a].score, sb = image.predictions[b].score
                return sa != sb ? sa > sb : a < b
            }
            for index in order {
                let prediction = image.predictions[index]
                let normalised = (Float(prediction.score) - minScore) / range
                bucket.append(Int16(thresholdBucket(Double(normalised))))
                let box = WIDERBoxOverlap.Prediction(x: prediction.x, y: prediction.y, width: prediction.width, height: prediction.height)
                var best = Int32.min, bestFace = -1
                for (f, face) in image.faces.enumerated() {
                    let overlap = WIDERBoxOverlap.overlap(face, box)
                    if overlap > best {
                        best = overlap
                        bestFace = f
                    }
                }
                matchedFace.append(Double(best) >= iouThreshold ? Int32(bestFace) : -1)
            }
        }
        imageStart.append(bucket.count)

        var results: [Setting] = []
        var state = [Int8](repeating: 0, count: settingOfFace.count)
        for (s, name) in names.enumerated() {
            var proposals = [Int](repeating: 0, count: thresholdCount + 2)
            var recalled = [Int](repeating: 0, count: thresholdCount + 2)
            var faces = 0
            for setting in settingOfFace where Int(setting) <= s { faces += 1 }
            for i in state.indices { state[i] = 0 }
            for image in images.indices where counted[image] {
                let base = faceStart[image]
                for p in imageStart[image]..<imageStart[image + 1] {
                    let t = Int(bucket[p])
                    let f = Int(matchedFace[p])
                    if f < 0 {
                        proposals[t] += 1
                        continue
                    }
                    if Int(settingOfFace[base + f]) > s {
                        state[base + f] = -1
                    } else {
                        proposals[t] += 1
                        if state[base + f] == 0 {
                            state[base + f] = 1
                            recalled[t] += 1
                        }
                    }
                }
            }
            results.append(setting(name, faces: faces, proposals: proposals, recalled: recalled))
        }
        return Result(settings: results, scoreMinimum: Double(minScore), scoreMaximum: Double(maxScore), predictions: total)
    }

    /// The highest and lowest score of every prediction (-inf and inf when there is none),
    /// and how many predictions there are.
    static func scoreExtremes(_ images: [Image]) -> (highest: Double, lowest: Double, count: Int) {
        var highest = -Double.infinity, lowest = Double.infinity
        var count = 0
        for image in images {
            for prediction in image.predictions {
                highest = max(highest, prediction.score)
                lowest = min(lowest, prediction.score)
            }
            count += image.predictions.count
        }
        return (highest, lowest, count)
    }

    /// A setting's curve and AP from the proposals and recalled faces first counted at each
    /// threshold index t (1…1000; index 1001 — below every threshold — is not counted).
    static func setting(_ name: String, faces: Int, proposals: [Int], recalled: [Int]) -> Setting {
        var cumulativeProposals = [Int](repeating: 0, count: thresholdCount)
        var cumulativeRecalled = [Int](repeating: 0, count: thresholdCount)
        var p = 0, r = 0
        for t in 1...thresholdCount {
            p += proposals[t]
            r += recalled[t]
            cumulativeProposals[t - 1] = p
            cumulativeRecalled[t - 1] = r
        }
        let precision = zip(cumulativeRecalled, cumulativeProposals).map { Double($0) / Double($1) }
        let recall = cumulativeRecalled.map { Double($0) / Double(faces) }
        return Setting(
            name: name, averagePrecision: AveragePrecision.allPoint(recall: recall, precision: precision), faces: faces,
            proposals: cumulativeProposals, recalled: cumulativeRecalled, precision: precision, recall: recall)
    }

    /// The first t in 1…1000 with `score >= 1 - t/1000` (compared in double, as MATLAB
    /// does), or 1001 when the score is below every threshold (or NaN).
    static func thresholdBucket(_ score: Double) -> Int {
        guard score >= 0 else { return thresholdCount + 1 }
        var t = max(1, min(thresholdCount, Int(((1 - score) * Double(thresholdCount)).rounded(.up))))
        while t > 1, score >= 1 - Double(t - 1) / Double(thresholdCount) { t -= 1 }
        while t <= thresholdCount, !(score >= 1 - Double(t) / Double(thresholdCount)) { t += 1 }
        return t
    }
}
