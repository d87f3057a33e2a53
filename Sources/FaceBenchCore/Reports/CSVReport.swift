/// The comparison as CSV (RFC 4180): one row per run × dataset × detector × metric set
/// (`summary`, then each protocol), columns `run, dataset, detector, spec, metric_set`
/// followed by every metric key of every set (`ap50`, …, `coco.AP`, …), empty where a set
/// has no such metric. Numbers are written in full precision.
public enum CSVReport {
    public static func document(_ comparisons: [DatasetComparison]) -> String {
        let tables = comparisons.flatMap { comparison in
            [ComparisonReport.summaryTable(comparison)] + ComparisonReport.protocolTables(comparison)
        }
        var keys: [String] = []
        for table in tables {
            for column in table.columns where !keys.contains(column.key) { keys.append(column.key) }
        }
        var lines = [(["run", "dataset", "detector", "spec", "metric_set"] + keys).map(field).joined(separator: ",")]
        for table in tables {
            let index = Dictionary(table.columns.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
            for row in table.rows {
                let values = keys.map { key in index[key].flatMap { row.values[$0] }.map(JSONWriter.format) ?? "" }
                lines.append(([row.run ?? "", table.dataset, row.detector, row.spec, table.metricSet] + values).map(field).joined(separator: ","))
            }
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// Quotes a field when it holds a comma, a quote or a line break.
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
