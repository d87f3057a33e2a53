/// Which way a metric gets better, so tables can mark the best value and the regression
/// gate can tell a drop from a gain.
///
/// FaceBench's own metrics declare their direction. Protocol results (`evaluation.<name>`)
/// are arbitrary JSON, so their direction is read from the key: the words of the last
/// path component that is not a number (`coco.AP50` → `AP50`, `fp_table.rates.10` →
/// `rates`), split at `_`, `-` and `.`, and the first word that is known decides —
/// AP/AR (with digits), mAP, recall, precision, F1, IoU, rate, AUC, TPR, accuracy are
/// higher-is-better; fp, false (positives), FPPI, missed, miss rate (LAMR), ms, latency, error are
/// lower-is-better. Settings (threshold, min, max, edges) and anything else (counts of faces
/// or images) are neither, shown but never judged.
public enum MetricDirection: String, Sendable, Equatable {
    case higherIsBetter = "higher"
    case lowerIsBetter = "lower"
    case neither = "none"

    public static func of(key path: String) -> MetricDirection {
        let components = path.split(separator: ".")
        guard let leaf = components.last(where: { Double($0) == nil }) else { return .neither }
        let words = leaf.lowercased().split { $0 == "_" || $0 == "-" }
        if words.contains(where: { settingWords.contains(String($0)) }) { return .neither }
        for word in words {
            if higherWords.contains(String(word)) || isNumbered(word, prefix: "ap") || isNumbered(word, prefix: "ar") {
                return .higherIsBetter
            }
            if lowerWords.contains(String(word)) { return .lowerIsBetter }
        }
        return .neither
    }

    /// `ap50`, `ar100`, `ap75`: a prefix followed by digits only.
    static func isNumbered(_ word: Substring, prefix: String) -> Bool {
        word.hasPrefix(prefix) && word.count > prefix.count && word.dropFirst(prefix.count).allSatisfy(\.isNumber)
    }

    /// Settings echoed in results (`iou_threshold`, bucket edges), never judged.
    static let settingWords: Set<String> = ["threshold", "thresholds", "min", "max", "edge", "edges"]
    static let higherWords: Set<String> = [
        "ap", "map", "ar", "recall", "precision", "f1", "iou", "rate", "rates", "auc", "tpr", "accuracy",
    ]
    static let lowerWords: Set<String> = ["fp", "false", "fppi", "missed", "miss", "lamr", "ms", "latency", "error", "errors"]

    /// True for a count of things (`tp`, `fp`, `missed`, `false_positives`, `faces`) rather
    /// than a score or rate: a word naming counted things and none naming a rate. Counts are
    /// tabulated but not gated; the rates they make up (precision, recall) are.
    public static func isCount(key path: String) -> Bool {
        let components = path.split(separator: ".")
        guard let leaf = components.last(where: { Double($0) == nil }) else { return false }
        let words = Set(leaf.lowercased().split { $0 == "_" || $0 == "-" }.map(String.init))
        let rates = higherWords.union(["fppi", "lamr", "miss", "per", "ratio"])
        return !words.isDisjoint(with: countWords) && words.isDisjoint(with: rates)
    }

    static let countWords: Set<String> = [
        "tp", "fp", "false", "true", "missed", "detected", "faces", "images", "detections", "count", "ignored",
    ]

    /// True when `a` is strictly better than `b` in this direction.
    public func prefers(_ a: Double, over b: Double) -> Bool {
        switch self {
        case .higherIsBetter: return a > b
        case .lowerIsBetter: return a < b
        case .neither: return false
        }
    }
}
