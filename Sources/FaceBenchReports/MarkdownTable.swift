import FaceBenchModel

/// A GitHub-flavoured Markdown table.
public struct MarkdownTable: Sendable, Equatable {
    public enum Alignment: Sendable, Equatable { case left, right }

    public var headers: [String]
    public var alignments: [Alignment]
    public var rows: [[String]] = []

    public init(headers: [String], alignments: [Alignment]? = nil) {
        self.headers = headers
        self.alignments = alignments ?? headers.indices.map { $0 == 0 ? .left : .right }
    }

    /// A row of the table's width: a short one (a result from another version of FaceBench,
    /// with fewer buckets) is padded with dashes, cells past the last column are left out.
    public mutating func add(_ row: [String]) {
        rows.append(Array(row.prefix(headers.count)) + Array(repeating: "–", count: max(0, headers.count - row.count)))
    }

    /// Cells padded so the source reads as a table too.
    public var text: String {
        let cells = ([headers] + rows).map { $0.map { MarkdownText.escape($0) } }
        let widths = headers.indices.map { column in max(3, cells.map { $0[column].count }.max() ?? 0) }
        func line(_ row: [String]) -> String {
            "| " + row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return alignments[column] == .right ? pad + cell : cell + pad
            }.joined(separator: " | ") + " |"
        }
        let rule = "|" + widths.enumerated().map { column, width in
            alignments[column] == .right ? " " + String(repeating: "-", count: width - 1) + ": " : " " + String(repeating: "-", count: width) + " "
        }.joined(separator: "|") + "|"
        return ([line(cells[0]), rule] + cells.dropFirst().map(line)).joined(separator: "\n") + "\n"
    }
}

extension MarkdownTable {
    /// Removes the columns (after the first) in which every row holds `placeholder`, and
    /// returns their headers: a column that says nothing for anyone is said once, in words.
    public mutating func removeColumnsHolding(only placeholder: String) -> [String] {
        guard !rows.isEmpty else { return [] }
        let empty = Set(headers.indices.dropFirst().filter { column in rows.allSatisfy { $0[column] == placeholder } })
        guard !empty.isEmpty else { return [] }
        let kept = headers.indices.filter { !empty.contains($0) }
        let removed = headers.indices.filter(empty.contains).map { headers[$0] }
        headers = kept.map { headers[$0] }
        alignments = kept.map { alignments[$0] }
        rows = rows.map { row in kept.map { row[$0] } }
        return removed
    }

    /// The same cells as aligned plain-text columns, for a terminal.
    public var plainText: String {
        let cells = ([headers] + rows).map { $0.map(TerminalText.sanitized) }
        let widths = headers.indices.map { column in cells.map { $0[column].count }.max() ?? 0 }
        return cells.map { row in
            row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return alignments[column] == .right ? pad + cell : cell + pad
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}
