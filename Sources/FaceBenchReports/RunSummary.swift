import FaceBenchModel

/// What `facebench run` prints when it is done: per dataset the headline table, then one
/// line per finding, then where the full report is. Everything else is in the report files
/// (and on the terminal with `--verbose`).
public struct RunSummary: Sendable {
    public var comparisons: [DatasetComparison]
    public var findings: [Finding]
    /// The run folder, holding report.md, report.html and a folder per dataset.
    public var folder: String

    public init(comparisons: [DatasetComparison], findings: [Finding], folder: String) {
        self.comparisons = comparisons
        self.findings = findings
        self.folder = folder
    }

    /// Summary columns less those the report alone needs (p90), so three detectors fit in
    /// 100 columns.
    static let reportOnlyColumns: Set<String> = ["latency_p90_ms"]

    /// Columns no row has a number in (every accuracy column of images without annotations)
    /// become one column saying why, as `MarkdownTable.removeColumnsHolding` says a column empty
    /// for everyone once: eight "no ground truth" cells a row would not fit a terminal.
    public static func headlineTable(_ comparison: DatasetComparison) -> ComparisonTable {
        let full = ComparisonReport.summaryTable(comparison)
        let kept = full.columns.indices.filter { !reportOnlyColumns.contains(full.columns[$0].key) }
        let unexplained = { (column: Int) in full.rows.contains { $0.values[column] != nil || $0.absent[full.columns[column].key] == nil } }
        let empty = full.rows.isEmpty ? [] : kept.filter { !unexplained($0) }
        let merged = ComparisonTable.Column(key: "accuracy", title: "Accuracy", direction: .neither, format: .integer)
        // Columns of the full table; nil for the merged one, where the first empty one was.
        var shown: [Int?] = []
        for column in kept where !empty.contains(column) || column == empty.first {
            shown.append(empty.contains(column) ? nil : column)
        }
        var table = ComparisonTable(dataset: full.dataset, metricSet: full.metricSet, columns: shown.map { $0.map { full.columns[$0] } ?? merged })
        for row in full.rows {
            var row = row
            let values = row.values
            row.values = shown.map { $0.flatMap { values[$0] } }
            if let first = empty.first { row.absent[merged.key] = row.absent[full.columns[first].key] }
            table.add(row)
        }
        return table
    }

    var reportFiles: [String] { [folder + "/report.md", folder + "/report.html"] }

    /// Plain text for a terminal `width` columns wide; `styled` adds bold and colour (see
    /// `TerminalTable`); without `tables`, only the findings and paths (the tables were printed
    /// another way). A run with throughput passes gets their table under the headline.
    public func text(styled: Bool, tables: Bool = true, width: Int = StandardStreams.defaultColumns) -> String {
        var out = ""
        for comparison in comparisons where tables {
            out += (styled ? TerminalTable.bold : "") + TerminalText.sanitized(MarkdownReport.heading(comparison)) + (styled ? TerminalTable.reset : "") + "\n"
            out += TerminalTable(Self.headlineTable(comparison), styled: styled).text + "\n"
            for entry in comparison.entries {
                guard let throughput = TimingTables.throughput(entry.results) else { continue }
                let notes = TimingTables.throughputNotes(entry.results)
                out += ReportDocument([.table(throughput)] + (notes.isEmpty ? [] : [.list(notes)])).terminal(width: width) + "\n"
            }
        }
        for finding in findings {
            let wrapped = ReportDocument.wrapped((finding.severity == .warning ? "! " : "- ") + TerminalText.sanitized(finding.line), width: width)
            out += styled && finding.severity == .warning ? "\u{1B}[1;33m!\u{1B}[0m" + wrapped.dropFirst() : wrapped
        }
        if !findings.isEmpty { out += "\n" }
        out += "Full report: " + reportFiles.joined(separator: "  ") + "\n"
        return out
    }

    public func markdown(tables: Bool = true) -> String {
        var out = ""
        for comparison in comparisons where tables {
            out += "## \(MarkdownText.escape(MarkdownReport.heading(comparison)))\n\n" + Self.headlineTable(comparison).markdown.text + "\n"
        }
        if !findings.isEmpty {
            out += findings.map { "- " + ($0.severity == .warning ? "**Warning**: " : "") + MarkdownText.escape($0.line) }.joined(separator: "\n") + "\n\n"
        }
        out += "Full report: " + reportFiles.map(MarkdownText.code).joined(separator: ", ") + "\n"
        return out
    }

    /// `facebench.run-summary/1`: the run folder and report files, each dataset's headline
    /// table (as `JSONReport` writes tables) and its results.json, and the findings.
    public static let schema = "facebench.run-summary/1"

    public var json: JSONValue {
        .object([
            "schema": JSONValue(Self.schema), "folder": JSONValue(folder),
            "report": .object(["markdown": JSONValue(reportFiles[0]), "html": JSONValue(reportFiles[1])]),
            "datasets": .array(comparisons.map { comparison in
                let results = comparison.entries.first?.results
                return .object([
                    "name": JSONValue(comparison.dataset), "images": JSONValue(results?.dataset.images),
                    "faces": JSONValue(results.flatMap { $0.dataset.hasGroundTruth ? $0.dataset.faces : nil }),
                    "ground_truth": results.map { JSONValue($0.dataset.hasGroundTruth) } ?? .null, "reference": JSONValue(results?.settings.reference),
                    "interrupted": JSONValue(results?.interrupted ?? false),
                    "results": JSONValue(folder + "/" + comparison.dataset + "/results.json"),
                    "table": JSONReport.json(Self.headlineTable(comparison)),
                ])
            }),
            "findings": .array(findings.map { finding in
                .object([
                    "severity": JSONValue(finding.severity.rawValue), "dataset": JSONValue(finding.dataset),
                    "detector": JSONValue(finding.detector), "text": JSONValue(finding.text),
                ])
            }),
        ])
    }
}
