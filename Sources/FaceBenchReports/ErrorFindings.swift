import FaceBenchModel
import FaceBenchEvaluation

/// What the `errors` protocol says about a comparison in words: one finding per detector
/// whose false positives are mostly badly placed boxes — among the findings `run` prints
/// (the protocol is a `FindingSource`) and under the main table of report.md and the HTML
/// report (`sentences`).
public enum ErrorFindings {
    /// The smallest localisation dAP worth a sentence.
    static let minimumDeltaAP = 0.05

    /// A sentence per detector whose localisation dAP is at least `minimumDeltaAP`, not
    /// below its duplicate or background dAP, and whose false positives are mostly
    /// localisation errors: "hog: most AP lost to false positives is localisation (dAP 0.17,
    /// 51 of 54 false positives): its boxes are tighter than mit-cmu's annotations — try
    /// `--dataset mit-cmu-face-only`". Tighter or larger is the median area ratio of those
    /// boxes to their faces (below 0.9 or above 1.1).
    public static func localization(_ comparison: DatasetComparison) -> [Finding] {
        comparison.series.compactMap { entry, detector in
            guard let errors = detector.evaluations.errors else { return nil }
            let localization = errors.deltaAP["localization"] ?? 0
            let others = ["duplicate", "background"].map { errors.deltaAP[$0] ?? 0 }
            let count = Int(saturating: errors.counts["localization"] ?? 0)
            let falsePositives = count &+ ["duplicate", "background"].reduce(0) { $0 &+ Int(saturating: errors.counts[$1] ?? 0) }
            guard localization >= minimumDeltaAP, others.allSatisfy({ localization >= $0 }), 2 * count > falsePositives else { return nil }
            var text = "most AP lost to false positives is localisation (dAP \(Formatting.fixed(localization, 2)), \(count) of \(falsePositives) false positives)"
            let ratio = errors.localizationAreaRatio ?? 1
            let dataset = comparison.dataset + (comparison.dataset.hasSuffix("s") ? "'" : "'s")
            if ratio < 0.9 {
                text += ": its boxes are tighter than \(dataset) annotations"
                if comparison.dataset == "mit-cmu" { text += " — try `--dataset mit-cmu-face-only`" }
            } else if ratio > 1.1 {
                text += ": its boxes are larger than \(dataset) annotations"
            } else {
                text += ": its boxes are the annotations' size but shifted"
            }
            let name = (entry.label.map { $0 + " / " } ?? "") + detector.id
            return Finding(.note, dataset: comparison.dataset, detector: name, text + ".")
        }
    }

    /// The findings as sentences for under the dataset's table: `hog: most AP lost …`.
    /// One sentence per distinct finding, detectors that earn the same one (haar and
    /// swift-haar) named together.
    public static func sentences(_ comparison: DatasetComparison) -> [String] {
        RunFindings.collect([comparison], from: [Localization()]).map { ($0.detector.map { $0 + ": " } ?? "") + $0.text }
    }

    struct Localization: FindingSource {
        func findings(in comparison: DatasetComparison) -> [Finding] { ErrorFindings.localization(comparison) }
    }
}

/// The `errors` protocol as a `FindingSource`: detectors whose false positives are mostly
/// badly placed boxes.
extension ErrorAnalysisEvaluator: FindingSource {
    public func findings(in comparison: DatasetComparison) -> [Finding] {
        ErrorFindings.localization(comparison)
    }
}
