import FaceBenchModel

/// Text into HTML: escaping, and the little Markdown FaceBench's own texts use (tables,
/// lists, paragraphs, headings, `code`, **bold**), so protocol tables and settings notes
/// written as Markdown show in the HTML report too.
public enum HTMLText {
    /// A detector spec escaped, with a line-break opportunity after each `:` and `,`, so a
    /// long spec wraps between its parameters rather than inside a word or not at all.
    public static func breakingBetweenParameters(_ spec: String) -> String {
        escape(spec).replacingOccurrences(of: ",", with: ",<wbr>").replacingOccurrences(of: ":", with: ":<wbr>")
    }

    public static func escape(_ text: String) -> String { MarkupText.escape(text) }

    /// Escapes, then turns `code` and **bold** into elements.
    public static func inline(_ markdown: String) -> String {
        var out = ""
        var code = false, bold = false
        var characters = Substring(markdown)
        while let first = characters.first {
            if first == "`" {
                out += code ? "</code>" : "<code>"
                code.toggle()
                characters = characters.dropFirst()
            } else if !code, characters.hasPrefix("**") {
                out += bold ? "</strong>" : "<strong>"
                bold.toggle()
                characters = characters.dropFirst(2)
            } else {
                out += escape(String(first))
                characters = characters.dropFirst()
            }
        }
        if code { out += "</code>" }
        if bold { out += "</strong>" }
        return out
    }

    /// Block Markdown: `#` headings (shifted by `headingOffset`), `- ` lists, `|` tables
    /// (GitHub style, the second line being the rule), and paragraphs.
    public static func blocks(_ markdown: String, headingOffset: Int = 2) -> String {
        var out = ""
        var lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...]
        while let line = lines.first {
            if line.trimmingSpaces.isEmpty {
                lines = lines.dropFirst()
            } else if line.hasPrefix("|") {
                let block = lines.prefix { $0.hasPrefix("|") }
                lines = lines.dropFirst(block.count)
                out += table(Array(block))
            } else if line.hasPrefix("- ") {
                let block = lines.prefix { $0.hasPrefix("- ") }
                lines = lines.dropFirst(block.count)
                out += "<ul>" + block.map { "<li>" + inline(String($0.dropFirst(2))) + "</li>" }.joined() + "</ul>\n"
            } else if line.hasPrefix("#") {
                let level = min(6, line.prefix { $0 == "#" }.count + headingOffset)
                out += "<h\(level)>" + inline(line.drop { $0 == "#" }.trimmingSpaces) + "</h\(level)>\n"
                lines = lines.dropFirst()
            } else {
                let block = lines.prefix { !$0.trimmingSpaces.isEmpty && !$0.hasPrefix("|") && !$0.hasPrefix("- ") && !$0.hasPrefix("#") }
                lines = lines.dropFirst(block.count)
                out += "<p>" + inline(block.joined(separator: " ")) + "</p>\n"
            }
        }
        return out
    }

    static func table(_ lines: [String]) -> String {
        func cells(_ line: String) -> [String] {
            var body = line.trimmingSpaces
            if body.hasPrefix("|") { body.removeFirst() }
            if body.hasSuffix("|") && !body.hasSuffix("\\|") { body.removeLast() }
            var cells: [String] = [], current = "", escaped = false
            for character in body {
                if escaped { current.append(character); escaped = false; continue }
                if character == "\\" { escaped = true; continue }
                if character == "|" { cells.append(current.trimmingSpaces); current = "" } else { current.append(character) }
            }
            cells.append(current.trimmingSpaces)
            return cells
        }
        guard let header = lines.first else { return "" }
        let rule = lines.count > 1 ? cells(lines[1]) : []
        let numeric = rule.map { $0.hasSuffix(":") }
        // Names such as `outer_eye_corners` may break after an underscore, so a table of them
        // fits a printed page, which cannot scroll; numbers never break.
        func cell(_ tag: String, _ text: String, _ column: Int) -> String {
            let isNumeric = column < numeric.count && numeric[column]
            let html = isNumeric ? inline(text) : inline(text).replacingOccurrences(of: "_", with: "_<wbr>")
            return "<\(tag)\(isNumeric ? " class=\"num\"" : "")>" + html + "</\(tag)>"
        }
        var out = "<div class=\"table-wrap\"><table><thead><tr>"
        out += cells(header).enumerated().map { cell("th", $1, $0) }.joined() + "</tr></thead><tbody>"
        for line in lines.dropFirst(2) {
            out += "<tr>" + cells(line).enumerated().map { cell("td", $1, $0) }.joined() + "</tr>"
        }
        return out + "</tbody></table></div>\n"
    }
}
