import FaceBenchModel

/// The comparison as a tidy CSV (RFC 4180): one row per run × dataset × detector × metric,
/// columns `run, dataset, detector, metric, value`, so a spreadsheet pivot, pandas or R reads
/// it without reshaping. Metrics are the summary keys (`ap50`, `latency_p50_ms`, …), then each
/// protocol's numbers under its name (`coco.AP`, `sizes.buckets.h16-32.recall`); a metric a
/// detector lacks has no row. `run` is empty when one run is shown. Numbers in full precision.
public enum CSVReport {
    public static let header = ["run", "dataset", "detector", "metric", "value"]

    public static func document(_ comparisons: [DatasetComparison]) -> String {
        let tables = comparisons.flatMap { comparison in
            [ComparisonReport.summaryTable(comparison)] + ComparisonReport.protocolTables(comparison)
        }
        var lines = [header.joined(separator: ",")]
        for table in tables {
            for row in table.rows {
                for (column, value) in zip(table.columns, row.values) {
                    guard let value else { continue }
                    lines.append(([row.run ?? "", table.dataset, row.detector, column.key].map(CSVText.field) + [JSONWriter.format(value)]).joined(separator: ","))
                }
            }
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}
