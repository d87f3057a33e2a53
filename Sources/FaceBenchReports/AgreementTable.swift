import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchHarness

/// The agreement matrix of a run (`RunResults.agreement`) under its summary table in report.md
/// and the HTML report: row A, column B holds the share of A's detections B also found, with
/// the counts behind it. It needs no ground truth, so it is shown for every run of two or
/// more detectors.
public enum AgreementTable {
    /// The matrix of each run with the sentence defining it; nil when no run has two detectors.
    public static func document(_ comparison: DatasetComparison) -> ReportDocument? {
        let blocks = comparison.entries.flatMap { entry -> [ReportDocument.Block] in
            let agreement = entry.results.agreement
            guard agreement.detectors.count > 1 else { return [] }
            let title = entry.label.map { "Run \(MarkdownText.code($0)): " } ?? ""
            return [.paragraph(title + definition(agreement)), .table(table(agreement))]
        }
        return blocks.isEmpty ? nil : ReportDocument(blocks)
    }

    static func definition(_ agreement: DetectorAgreement) -> String {
        "Agreement between detectors: the share of the row detector's detections that the column detector also found "
            + "(one-to-one at IoU ≥ \(Formatting.fixed(agreement.iouThreshold, 2)), every detection at the detector's own threshold; docs/evaluation.md)."
    }

    static func table(_ agreement: DetectorAgreement) -> MarkdownTable {
        var table = MarkdownTable(headers: ["Found by →"] + agreement.detectors)
        for row in agreement.detectors {
            table.add([row] + agreement.detectors.map { column in
                guard column != row, let pair = agreement.pair(row, column), let share = agreement.share(of: row, foundBy: column) else { return "–" }
                let total = pair.first == row ? pair.firstDetections : pair.secondDetections
                return "\(Formatting.percent(share)) (\(pair.matched)/\(total))"
            })
        }
        return table
    }
}
