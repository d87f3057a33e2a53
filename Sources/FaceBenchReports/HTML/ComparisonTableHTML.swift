extension ComparisonTable {
    /// An HTML table; cells holding a column's best value get class `best`, the detector
    /// cell shows the full spec on hover (the page header lists it too); with several runs,
    /// a line above each detector's group and the change column, better and worse in colour.
    public var html: String {
        var out = "<div class=\"table-wrap\"><table class=\"metrics\"><thead><tr>"
        if hasRuns { out += "<th>Run</th>" }
        out += "<th>Detector</th>"
        if showsChanges { out += "<th title=\"against the detector's first run\">Change</th>" }
        for column in columns {
            let hint = column.direction == .neither ? "" : column.direction == .higherIsBetter ? " (higher is better)" : " (lower is better)"
            out += "<th class=\"num\" title=\"\(HTMLText.escape(column.key + hint))\">\(HTMLText.escape(column.title))</th>"
        }
        out += "</tr></thead><tbody>\n"
        let best = columns.indices.map(bestRows)
        for (index, row) in rows.enumerated() {
            let startsGroup = hasRuns && index > 0 && rows[index - 1].detector != row.detector
            out += startsGroup ? "<tr class=\"group-start\">" : "<tr>"
            if hasRuns { out += "<td>\(HTMLText.escape(row.run ?? ""))</td>" }
            out += "<td title=\"\(HTMLText.escape(row.spec))\"><strong>\(HTMLText.escape(row.detector))</strong>\(row.note.map { " <span class=\"note\">(\(HTMLText.escape($0)))</span>" } ?? "")</td>"
            if showsChanges {
                let changes = self.changes(row: index)
                let cells = changes.map { $0.isEmpty ? "same" : $0.map { change in
                    let tone = change.better.map { $0 ? " class=\"better\"" : " class=\"worse\"" } ?? ""
                    return "<span\(tone)>\(HTMLText.escape(change.text))</span>"
                }.joined(separator: ", ") } ?? ""
                out += "<td class=\"change\">\(cells)</td>"
            }
            for column in columns.indices {
                out += "<td class=\"num\(best[column].contains(index) ? " best" : "")\">\(HTMLText.escape(text(row: index, column: column)))</td>"
            }
            out += "</tr>\n"
        }
        return out + "</tbody></table></div>\n"
    }
}
