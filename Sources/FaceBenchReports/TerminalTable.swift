import FaceBenchModel

/// A `ComparisonTable` as aligned plain-text columns for a terminal: no Markdown markup, the
/// best value of each column in bold green and the header in bold when `styled` (a TTY), the
/// same text without escapes otherwise (piped, NO_COLOR).
public struct TerminalTable {
    public var table: ComparisonTable
    public var styled: Bool

    public init(_ table: ComparisonTable, styled: Bool) {
        self.table = table
        self.styled = styled
    }

    static let bold = "\u{1B}[1m", best = "\u{1B}[1;32m", reset = "\u{1B}[0m"

    public var text: String {
        let labels = table.hasRuns ? ["Run", "Detector"] : ["Detector"]
        let headers = labels + table.columns.map(\.title)
        let best = table.columns.indices.map(table.bestRows)
        let rows = table.rows.indices.map { row in
            ((table.hasRuns ? [table.rows[row].run ?? ""] : []) + [table.rows[row].label]
                + table.columns.indices.map { table.text(row: row, column: $0) }).map(TerminalText.sanitized)
        }
        let widths = headers.indices.map { column in ([headers] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String], style: (Int) -> String?) -> String {
            cells.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                let shown = style(column).map { styled ? $0 + cell + Self.reset : cell } ?? cell
                return column < labels.count ? shown + pad : pad + shown
            }.joined(separator: "  ")
        }
        var out = line(headers) { _ in Self.bold } + "\n"
        for (index, cells) in rows.enumerated() {
            out += line(cells) { column in
                column >= labels.count && best[column - labels.count].contains(index) ? Self.best : nil
            } + "\n"
        }
        return out
    }
}
