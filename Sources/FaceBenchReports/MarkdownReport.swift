import FaceBenchModel
import FaceBenchEvaluation

/// The comparison as GitHub Markdown (`report.md`, `facebench report --format markdown`): the
/// runs compared, then each dataset's `ReportSection` — the same sections report.html shows,
/// without its charts and galleries.
public enum MarkdownReport {
    public static func document(_ comparisons: [DatasetComparison], evaluators: [any AccuracyEvaluator] = []) -> String {
        var out = "# FaceBench comparison\n\n"
        let runs = RunDescription.list(comparisons)
        if runs.count > 1 { out += "Runs compared:\n\n" + runs.map { "- " + MarkdownText.escape($0.markdown) }.joined(separator: "\n") + "\n\n" }
        for comparison in comparisons { out += section(comparison, evaluators: evaluators) + "\n" }
        return out
    }

    public static func section(_ comparison: DatasetComparison, evaluators: [any AccuracyEvaluator] = []) -> String {
        ReportDocument([.section(ReportSection(comparison, evaluators: evaluators))]).markdown
    }

    /// `mit-cmu: 130 images, 511 faces` (with each run's count when they differ).
    public static func heading(_ comparison: DatasetComparison) -> String {
        comparison.dataset + ": " + ReportSection.contents(ReportSection.runContents(comparison), separator: ", ")
    }
}
