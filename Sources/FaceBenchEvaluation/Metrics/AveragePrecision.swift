/// One point of a precision-recall curve: after taking every detection scoring at least
/// `score`.
public struct PRPoint: Hashable, Sendable {
    public var score: Double
    public var precision: Double
    public var recall: Double
    public var truePositives: Int
    public var falsePositives: Int

    /// The memberwise initialiser, for the results reader in FaceBenchHarness.
    package init(score: Double, precision: Double, recall: Double, truePositives: Int, falsePositives: Int) {
        self.score = score
        self.precision = precision
        self.recall = recall
        self.truePositives = truePositives
        self.falsePositives = falsePositives
    }
}

/// Average precision from ranked detections.
public enum AveragePrecision {
    /// A scored, matched detection of the whole dataset.
    public struct Ranked: Sendable {
        public var score: Double
        public var isTruePositive: Bool
        /// The tie-break for equal scores: the image id, then the detection's index in it.
        public var image: Int
        public var index: Int

        public init(score: Double, isTruePositive: Bool, image: Int, index: Int) {
            self.score = score
            self.isTruePositive = isTruePositive
            self.image = image
            self.index = index
        }
    }

    /// The precision-recall curve, one point per detection from the highest score down.
    /// Equal scores are ordered by image id and index, so the curve is deterministic.
    public static func curve(_ ranked: [Ranked], positives: Int) -> [PRPoint] {
        let sorted = ranked.sorted { a, b in
            if a.score != b.score { return a.score > b.score }
            return a.image != b.image ? a.image < b.image : a.index < b.index
        }
        return curve(ranked: sorted.map { ($0.score, $0.isTruePositive) }, positives: positives)
    }

    /// The curve of detections already in rank order, one point per detection.
    public static func curve(ranked: [(score: Double, isTruePositive: Bool)], positives: Int) -> [PRPoint] {
        var tp = 0, fp = 0
        return ranked.map { item in
            if item.isTruePositive { tp += 1 } else { fp += 1 }
            return PRPoint(
                score: item.score, precision: Double(tp) / Double(tp + fp),
                recall: positives > 0 ? Double(tp) / Double(positives) : 0, truePositives: tp, falsePositives: fp)
        }
    }

    /// All-point interpolated AP (PASCAL VOC 2010 and later): the area under the curve after
    /// making precision monotonically decreasing, summed where recall changes.
    public static func allPoint(_ curve: [PRPoint]) -> Double {
        allPoint(recall: curve.map(\.recall), precision: curve.map(\.precision))
    }

    /// The same over parallel arrays, as the devkit's `VOCap.m` computes it (WIDER FACE's
    /// evaluation uses it too): a NaN precision — nothing proposed yet — is passed over the
    /// way MATLAB's `max` passes over it.
    public static func allPoint(recall: [Double], precision: [Double]) -> Double {
        let recall = [0] + recall + [1]
        var precision = [0] + precision + [0]
        for i in stride(from: precision.count - 2, through: 0, by: -1) {
            let a = precision[i], b = precision[i + 1]
            precision[i] = a.isNaN ? b : b.isNaN ? a : max(a, b)
        }
        var ap = 0.0
        for i in 1..<recall.count where recall[i] != recall[i - 1] {
            ap += (recall[i] - recall[i - 1]) * precision[i]
        }
        return ap
    }

    /// 11-point interpolated AP (PASCAL VOC 2007): the mean over the recall levels of
    /// `elevenRecallLevels` of the best precision at that recall or above (0 where none).
    public static func elevenPoint(_ curve: [PRPoint]) -> Double {
        var sum = 0.0
        for threshold in elevenRecallLevels {
            sum += (curve.lazy.filter { $0.recall >= threshold }.map(\.precision).max() ?? 0) / 11
        }
        return sum
    }

    /// The VOC 2007 devkit's recall levels, MATLAB's `0:0.1:1` value for value: MATLAB
    /// builds a range from both ends, so the fourth level is 0.1 × 3 (just above 0.3) while
    /// the seventh and eighth are exactly 0.6 and 0.7. (numpy's `arange(0, 1.1, 0.1)`, used
    /// by Python ports, has 0.6 and 0.7 one ulp higher: a recall of exactly 0.6 or 0.7 then
    /// counts differently.)
    public static let elevenRecallLevels: [Double] = (0...10).map { (k: Int) -> Double in
        let step = 0.1
        return k <= 5 ? Double(k) * step : 1 - Double(10 - k) * step
    }
}
