import FaceBenchModel

/// A stretch of a report as blocks — headings, paragraphs, lists and tables — that renders to
/// Markdown (report.md, `eval`, `run --verbose`), to HTML (report.html) and to the terminal
/// (`run`'s throughput tables) from the same values, so no output is parsed back from another.
///
/// Text in headings, paragraphs and list items is inline Markdown of FaceBench's own (`code`
/// and **bold**), with anything from outside already escaped by its producer
/// (`MarkdownText.escape`, `MarkdownText.code`); table cells are plain text, escaped by
/// each renderer for its medium.
public struct ReportDocument: Sendable, Equatable {
    public enum Block: Sendable, Equatable {
        /// Level 1 is Markdown's `#`.
        case heading(level: Int, String)
        /// One paragraph; a newline in it is a line break in Markdown's source only.
        case paragraph(String)
        case list([String])
        case table(MarkdownTable)
    }

    public var blocks: [Block]

    public init(_ blocks: [Block] = []) {
        self.blocks = blocks
    }

    public static func + (first: ReportDocument, second: ReportDocument) -> ReportDocument {
        ReportDocument(first.blocks + second.blocks)
    }

    public static func += (document: inout ReportDocument, other: ReportDocument) {
        document.blocks += other.blocks
    }

    /// Each block ends with a newline, and blocks are separated by a blank line.
    public var markdown: String {
        blocks.map { block in
            switch block {
            case let .heading(level, text): String(repeating: "#", count: level) + " " + text + "\n"
            case let .paragraph(text): text + "\n"
            case let .list(items): items.map { "- " + $0 + "\n" }.joined()
            case let .table(table): table.text
            }
        }.joined(separator: "\n")
    }

    /// Headings shifted by `headingOffset` (a document's level 1 under the page's `<h2>`
    /// sections is `<h3>` with the default 2), tables in the report's scrolling wrapper, right-
    /// aligned columns marked as numbers.
    public func html(headingOffset: Int = 2) -> String {
        blocks.map { block in
            switch block {
            case let .heading(level, text):
                let tag = "h\(min(6, level + headingOffset))"
                return "<\(tag)>" + HTMLText.inline(text) + "</\(tag)>\n"
            case let .paragraph(text):
                return "<p>" + HTMLText.inline(text.replacingOccurrences(of: "\n", with: " ")) + "</p>\n"
            case let .list(items):
                return "<ul>" + items.map { "<li>" + HTMLText.inline($0) + "</li>" }.joined() + "</ul>\n"
            case let .table(table):
                return Self.html(table)
            }
        }.joined()
    }

    /// Plain text for a terminal `width` columns wide: tables as aligned columns, sentences
    /// wrapped between words, every control character made a space, blocks one after another.
    public func terminal(width: Int) -> String {
        blocks.map { block in
            switch block {
            case let .heading(_, text): TerminalText.sanitized(text) + "\n"
            case let .paragraph(text): Self.wrapped(TerminalText.sanitized(text), width: width)
            case let .list(items): items.map { Self.wrapped("- " + TerminalText.sanitized($0), width: width) }.joined()
            case let .table(table): table.plainText
            }
        }.joined()
    }

    /// `line` broken between words into lines of at most `width` columns (a word longer than
    /// that stands alone), continuation lines indented by two spaces; ends with a newline.
    static func wrapped(_ line: String, width: Int) -> String {
        var lines: [String] = []
        var current = ""
        for word in line.split(separator: " ", omittingEmptySubsequences: false) {
            if current.isEmpty {
                current = lines.isEmpty ? String(word) : "  " + word
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = "  " + word
            }
        }
        lines.append(current)
        return lines.joined(separator: "\n") + "\n"
    }

    static func html(_ table: MarkdownTable) -> String {
        // Names such as `outer_eye_corners` may break after an underscore, so a table of them
        // fits a printed page, which cannot scroll; numbers never break.
        func cell(_ tag: String, _ text: String, _ column: Int) -> String {
            let isNumeric = table.alignments[column] == .right
            let plain = TerminalText.spacingControls(text).trimmingSpaces
            let html = isNumeric ? HTMLText.inline(plain) : HTMLText.inline(plain).replacingOccurrences(of: "_", with: "_<wbr>")
            return "<\(tag)\(isNumeric ? " class=\"num\"" : "")>" + html + "</\(tag)>"
        }
        var out = "<div class=\"table-wrap\"><table><thead><tr>"
        out += table.headers.enumerated().map { cell("th", $1, $0) }.joined() + "</tr></thead><tbody>"
        for row in table.rows {
            out += "<tr>" + row.enumerated().map { cell("td", $1, $0) }.joined() + "</tr>"
        }
        return out + "</tbody></table></div>\n"
    }
}
