import FaceBenchModel
import FaceBenchEvaluation

/// A dataset's part of a report (`ReportDocument.Block.section`), in the order every medium
/// shows it: warnings, the summary table and its notes, intervals, operating points, what the
/// `errors` protocol says, agreement, the charts (HTML), a table per accuracy protocol (the
/// protocol's own layout when its evaluator is known, its numbers otherwise), the galleries
/// (HTML), and each run's latency statistics, throughput and settings (folded in HTML).
public struct ReportSection: Sendable {
    /// The dataset's name.
    public var title: String
    /// What each run held (`130 images`, `511 faces`), once per distinct list.
    public var runContents: [[String]]
    public var blocks: [ReportDocument.Block]

    /// Protocol tables wider than this are split (GitHub scrolls wide tables sideways).
    static let maxProtocolColumns = 10

    public init(title: String, runContents: [[String]], blocks: [ReportDocument.Block]) {
        self.title = title
        self.runContents = runContents
        self.blocks = blocks
    }

    /// `charts` and `galleries` are HTML's own blocks, placed where the section shows them.
    public init(
        _ comparison: DatasetComparison, evaluators: [any AccuracyEvaluator] = [],
        charts: [ReportDocument.Block] = [], galleries: [ReportDocument.Block] = []
    ) {
        title = comparison.dataset
        runContents = Self.runContents(comparison)
        var blocks = ComparisonReport.warnings(comparison).map { ReportDocument.Block.remark(.warning, $0) }
        blocks.append(.comparison(ComparisonReport.summaryTable(comparison)))
        if let note = ComparisonReport.groundTruthNote(comparison) { blocks.append(.remark(.note, note)) }
        if let note = IntervalTable.pairedNote(comparison) { blocks.append(.only(.markdown, [.paragraph(note)])) }
        let highlighted = IntervalTable.pairedNote(comparison, marking: "Highlighted").map(HTMLText.escape) ?? "Best value per column highlighted."
        let grouping = comparison.entries.count > 1 ? " Rows grouped by detector; the change column compares each run with the detector's first." : ""
        blocks.append(.only(.html, [.html("<p class=\"note\">\(highlighted)\(grouping) Specs in the header above.</p>\n")]))
        for document in [IntervalTable.document(comparison), OperatingPointTable.document(comparison)] { blocks += document?.blocks ?? [] }
        blocks += ErrorFindings.sentences(comparison).map { .remark(.finding, $0) }
        blocks += AgreementTable.document(comparison)?.blocks ?? []
        blocks += charts
        for name in ComparisonReport.protocols(comparison) {
            guard let document = Self.protocolDocument(name, comparison, evaluators: evaluators) else { continue }
            blocks.append(.only(.markdown, [.heading(level: 3, MarkdownText.escape(name))]))
            blocks.append(.only(.html, [.html("<h3>Protocol: \(HTMLText.escape(name))</h3>\n")]))
            blocks += document.blocks
        }
        blocks += galleries
        var timing: [ReportDocument.Block] = []
        for entry in comparison.entries {
            if let label = entry.label {
                timing.append(.only(.markdown, [.paragraph("Run \(MarkdownText.code(label)):")]))
                timing.append(.only(.html, [.html("<h4>Run \(HTMLText.escape(label))</h4>\n")]))
            }
            timing += TimingTables.document(entry.results).blocks
            timing.append(.remarks(ComparisonReport.settingsLines(entry.results)))
        }
        blocks.append(.details(summary: "Latency statistics, throughput and how this was measured", timing))
        self.blocks = blocks
    }

    /// Each distinct list of what the runs held, in the order of their text.
    static func runContents(_ comparison: DatasetComparison) -> [[String]] {
        var seen = Set<[String]>()
        return comparison.entries.map { ComparisonReport.contents($0.results) }.filter { seen.insert($0).inserted }
            .sorted { $0.joined(separator: ", ") < $1.joined(separator: ", ") }
    }

    /// `130 images, 511 faces` with `separator` ", " (with each run's when they differ).
    func contents(separator: String) -> String {
        Self.contents(runContents, separator: separator)
    }

    static func contents(_ runContents: [[String]], separator: String) -> String {
        runContents.map { $0.joined(separator: separator) }.joined(separator: " / ")
    }

    var anchor: String { Self.anchor(title) }

    /// The section's `id` in HTML, for the page's links.
    static func anchor(_ dataset: String) -> String { "dataset-" + DetectorRegistry.sanitizedID(dataset) }

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
