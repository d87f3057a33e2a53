import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchHarness

/// The score thresholds to deploy each detector at (`DetectorResult.operatingPoints`), under
/// the intervals in report.md and the HTML report: the threshold maximising F1 with precision,
/// recall and F1 there, the lowest threshold keeping the run's target precision with the
/// recall it allows, and the lowest threshold within the run's false positives per image with
/// the recall that budget allows.
public enum OperatingPointTable {
    /// The table as Markdown, nil when no detector has operating points (results before
    /// layout 0.5).
    public static func document(_ comparison: DatasetComparison) -> ReportDocument? {
        let rows = comparison.seriesByDetector.compactMap { entry, detector -> (name: String, points: OperatingPoints)? in
            detector.operatingPoints.map { ((entry.label.map { $0 + " / " } ?? "") + detector.id, $0) }
        }
        guard !rows.isEmpty else { return nil }
        let targets = Set(rows.map { $0.points.targetPrecision })
        let target = targets.count == 1 ? "≥ \(Formatting.fixed(targets.first!, 2))" : "≥ the run's target"
        let budgets = Set(rows.map { $0.points.falsePositivesPerImage })
        let budget = budgets.count == 1 ? "≤ \(Formatting.shortest(budgets.first!)) FP/image" : "within the run's FP/image"
        var table = MarkdownTable(
            headers: ["Detector", "Threshold (max F1)", "Precision", "Recall", "F1", "Threshold (precision \(target))", "Precision", "Recall",
                      "Threshold (\(budget))", "FP", "Recall"],
            alignments: [.left] + Array(repeating: .right, count: 10))
        for (name, points) in rows {
            var cells = [name] + (points.bestF1.map { point in
                [RegressionGate.number(point.threshold), Formatting.fixed(point.precision, 4), Formatting.fixed(point.recall, 4), Formatting.fixed(point.f1, 4)]
            } ?? ["no detections", "–", "–", "–"])
            cells += points.atTargetPrecision.map { point in
                [RegressionGate.number(point.threshold) + (targets.count == 1 ? "" : " (≥ \(Formatting.fixed(points.targetPrecision, 2)))"),
                 Formatting.fixed(point.precision, 4), Formatting.fixed(point.recall, 4)]
            } ?? ["not reached", "–", "–"]
            cells += points.withinFalsePositiveBudget.map { point in
                [RegressionGate.number(point.threshold) + (budgets.count == 1 ? "" : " (≤ \(Formatting.shortest(points.falsePositivesPerImage)))"),
                 String(point.falsePositives), Formatting.fixed(point.recall, 4)]
            } ?? ["not reached", "–", "–"]
            table.add(cells)
        }
        return ReportDocument([
            .paragraph("Operating points: keep the detections scoring at least the threshold (the run's matching at its IoU; `run --target-precision`, `run --fp-per-image`):"),
            .table(table),
        ])
    }
}
