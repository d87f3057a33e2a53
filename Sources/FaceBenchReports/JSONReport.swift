import FaceBenchModel
import FaceBenchIO

/// The comparison as JSON (`facebench.report/1`): the runs compared and every table with
/// its columns (key, title, which direction is better) and rows (values by key, and the
/// keys where the row holds the column's best value). For dashboards and scripts that want
/// the tables without parsing Markdown; the full data stays in each `results.json`.
public enum JSONReport {
    public static let schema = "facebench.report/1"

    public static func document(_ comparisons: [DatasetComparison]) throws -> JSONValue {
        var runs: [JSONValue] = []
        for entry in comparisons.flatMap(\.entries) {
            runs.append(.object([
                "label": JSONValue(entry.label), "dataset": JSONValue(entry.results.dataset.name), "path": JSONValue(entry.path),
                "images": JSONValue(entry.results.dataset.images), "faces": JSONValue(entry.results.dataset.hasGroundTruth ? entry.results.dataset.faces : nil),
                "ground_truth": JSONValue(entry.results.dataset.hasGroundTruth), "reference": JSONValue(entry.results.settings.reference),
                "interrupted": JSONValue(entry.results.interrupted),
                "environment": try entry.results.environment.map { try JSONValueCoding.encode($0) } ?? .null,
            ]))
        }
        let tables = comparisons.flatMap { comparison in
            [ComparisonReport.summaryTable(comparison)] + ComparisonReport.protocolTables(comparison)
        }
        return .object([
            "schema": JSONValue(schema), "runs": .array(runs), "tables": .array(tables.map(json)),
        ])
    }

    static func json(_ table: ComparisonTable) -> JSONValue {
        let best = table.columns.indices.map(table.bestRows)
        return .object([
            "dataset": JSONValue(table.dataset), "metric_set": JSONValue(table.metricSet),
            "columns": .array(table.columns.map { column in
                .object(["key": JSONValue(column.key), "title": JSONValue(column.title), "better": JSONValue(column.direction.rawValue)])
            }),
            "rows": .array(table.rows.enumerated().map { index, row in
                var values = JSONObject()
                for (column, value) in zip(table.columns, row.values) { values[column.key] = JSONValue(value) }
                return .object([
                    "run": JSONValue(row.run), "detector": JSONValue(row.detector), "spec": JSONValue(row.spec),
                    "note": JSONValue(row.note), "values": .object(values),
                    "best": JSONValue(table.columns.indices.filter { best[$0].contains(index) }.map { table.columns[$0].key }),
                ])
            }),
        ])
    }
}
