/// What the `errors` protocol says about a comparison in words: one sentence per detector
/// whose false positives are mostly badly placed boxes, for under the main table of
/// report.md (and the tables `run` prints) and the HTML report.
public enum ErrorFindings {
    /// The smallest localisation dAP worth a sentence.
    static let minimumDeltaAP = 0.05

    /// A sentence per detector whose localisation dAP is at least `minimumDeltaAP`, not
    /// below its duplicate or background dAP, and whose false positives are mostly
    /// localisation errors: "hog: most AP lost to false positives is localisation (dAP 0.17,
    /// 51 of 54 false positives): its boxes are tighter than mit-cmu's annotations — try
    /// `--dataset mit-cmu-face-only`". Tighter or larger is the median area ratio of those
    /// boxes to their faces (below 0.9 or above 1.1).
    public static func localization(_ comparison: DatasetComparison) -> [String] {
        comparison.series.compactMap { entry, detector in
            guard let errors = detector.evaluations["errors"], let dap = errors["dap"] else { return nil }
            let localization = dap["localization"]?.double ?? 0
            let others = ["duplicate", "background"].map { dap[$0]?.double ?? 0 }
            let count = errors["counts"]?["localization"]?.int ?? 0
            let falsePositives = count + ["duplicate", "background"].reduce(0) { $0 + (errors["counts"]?[$1]?.int ?? 0) }
            guard localization >= minimumDeltaAP, others.allSatisfy({ localization >= $0 }), 2 * count > falsePositives else { return nil }
            let name = (entry.label.map { $0 + " / " } ?? "") + detector.id
            var sentence = "\(name): most AP lost to false positives is localisation (dAP \(Formatting.fixed(localization, 2)), \(count) of \(falsePositives) false positives)"
            let ratio = errors["localization_area_ratio"]?.double ?? 1
            let dataset = comparison.dataset + (comparison.dataset.hasSuffix("s") ? "'" : "'s")
            if ratio < 0.9 {
                sentence += ": its boxes are tighter than \(dataset) annotations"
                if comparison.dataset == "mit-cmu" { sentence += " — try `--dataset mit-cmu-face-only`" }
            } else if ratio > 1.1 {
                sentence += ": its boxes are larger than \(dataset) annotations"
            } else {
                sentence += ": its boxes are the annotations' size but shifted"
            }
            return sentence + "."
        }
    }
}
