import FaceBenchModel
import FaceBenchEvaluation

/// The comparison as GitHub Markdown (`report.md`, `facebench report --format markdown`):
/// per dataset, the summary table with the best value of each column in bold, what the
/// `errors` protocol says about it (`ErrorFindings`), a table per
/// accuracy protocol (the protocol's own layout when its evaluator is known, its numbers
/// otherwise), warnings, each run's latency statistics and throughput (`TimingTables`), and
/// how everything was measured.
public enum MarkdownReport {
    /// Protocol tables wider than this are split (GitHub scrolls wide tables sideways).
    static let maxProtocolColumns = 10

    public static func document(_ comparisons: [DatasetComparison], evaluators: [any AccuracyEvaluator] = []) -> String {
        var out = "# FaceBench comparison\n\n"
        let runs = RunDescription.list(comparisons)
        if runs.count > 1 { out += "Runs compared:\n\n" + runs.map { "- " + MarkdownText.escape($0.markdown) }.joined(separator: "\n") + "\n\n" }
        for comparison in comparisons { out += section(comparison, evaluators: evaluators) + "\n" }
        return out
    }

    public static func section(_ comparison: DatasetComparison, evaluators: [any AccuracyEvaluator] = []) -> String {
        // Lines holding names and messages from files and programs go through MarkdownText.
        var out = "## \(MarkdownText.escape(heading(comparison)))\n\n"
        for warning in ComparisonReport.warnings(comparison) { out += MarkdownText.escape(warning) + "\n\n" }
        out += ComparisonReport.summaryTable(comparison).markdown.text + "\n"
        if let note = ComparisonReport.groundTruthNote(comparison) { out += MarkdownText.escape(note) + "\n\n" }
        if let note = IntervalTable.pairedNote(comparison) { out += note + "\n\n" }
        if let intervals = IntervalTable.document(comparison) { out += intervals.markdown + "\n" }
        if let points = OperatingPointTable.document(comparison) { out += points.markdown + "\n" }
        for finding in ErrorFindings.sentences(comparison) { out += MarkdownText.escape(finding) + "\n\n" }
        if let agreement = AgreementTable.document(comparison) { out += agreement.markdown + "\n" }
        for name in ComparisonReport.protocols(comparison) {
            guard let document = protocolDocument(name, comparison, evaluators: evaluators) else { continue }
            out += "### \(MarkdownText.escape(name))\n\n" + document.markdown + "\n"
        }
        for entry in comparison.entries {
            if let label = entry.label { out += "Run \(MarkdownText.code(label)):\n\n" }
            out += TimingTables.document(entry.results).markdown + "\n"
            out += ComparisonReport.settingsLines(entry.results).map { "- " + MarkdownText.escape($0) }.joined(separator: "\n") + "\n\n"
        }
        return String(out.dropLast())
    }

    /// `mit-cmu: 130 images, 511 faces` (with each run's count when they differ).
    public static func heading(_ comparison: DatasetComparison) -> String {
        let counts = Set(comparison.entries.map { ComparisonReport.contents($0.results) })
        return comparison.dataset + ": " + counts.sorted().joined(separator: " / ")
    }

    /// The protocol's own tables (`ProtocolMarkdown`) when it is among `evaluators`, else its
    /// numbers as tables; nil when there is nothing to show.
    static func protocolDocument(_ name: String, _ comparison: DatasetComparison, evaluators: [any AccuracyEvaluator]) -> ReportDocument? {
        if evaluators.contains(where: { $0.name == name }) {
            let results = comparison.seriesByDetector.compactMap { entry, detector -> (detector: String, result: ProtocolResult)? in
                guard let result = ComparisonReport.shownResult(name, of: detector) else { return nil }
                return ((entry.label.map { $0 + " / " } ?? "") + detector.id, result)
            }
            return ProtocolMarkdown.document(results)
        }
        let table = ComparisonReport.protocolTable(name, comparison)
        guard !table.columns.isEmpty else { return nil }
        return ReportDocument(table.chunked(maxColumns: maxProtocolColumns).map { .table($0.markdown) })
    }
}
