import FaceBenchModel

/// A report, or a stretch of one, as blocks — sections, headings, paragraphs, lists, tables,
/// charts and notes — that renders to Markdown (report.md, `eval`, `run --verbose`), to HTML
/// (report.html) and to the terminal (`run`'s throughput tables) from the same values, so no
/// output is parsed back from another and a section's order is written once.
///
/// Text in headings, paragraphs and list items is inline Markdown of FaceBench's own (`code`
/// and **bold**), with anything from outside already escaped by its producer
/// (`MarkdownText.escape`, `MarkdownText.code`). A remark is a sentence of FaceBench's own
/// that quotes outside text unescaped (warnings, findings, settings): Markdown escapes it whole,
/// the terminal sanitizes it, HTML escapes it and renders its own marks. Table cells are plain
/// text, escaped by each renderer for its medium.
public struct ReportDocument: Sendable {
    public enum Medium: Sendable {
        case markdown, html, terminal
    }

    /// How HTML styles a remark (its `<p>`'s class); the other media show each alike.
    public enum Remark: String, Sendable {
        case warning, note, finding
    }

    public enum Block: Sendable {
        /// Level 2 is Markdown's `##` and HTML's `<h2>`.
        case heading(level: Int, String)
        /// One paragraph; a newline in it is a line break in Markdown's source only.
        case paragraph(String)
        case list([String])
        case table(MarkdownTable)
        /// The summary table, each column's best value marked.
        case comparison(ComparisonTable)
        case remark(Remark, String)
        /// Remarks as a list.
        case remarks([String])
        /// A dataset's part of the report: `## title: contents`, an `id` to link to in HTML.
        case section(ReportSection)
        /// Folded in HTML under `summary`; shown in full elsewhere.
        case details(summary: String, [Block])
        /// Only HTML draws charts.
        case charts(title: String, [ChartFigure])
        /// HTML its producer escaped (galleries of thumbnails); nothing in the other media.
        case html(String)
        /// What one medium says its own way.
        case only(Medium, [Block])
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

    /// The blocks `medium` shows, `only` and (outside HTML) `details` opened.
    static func shown(_ blocks: [Block], in medium: Medium) -> [Block] {
        blocks.flatMap { block -> [Block] in
            switch block {
            case let .only(target, inner): target == medium ? shown(inner, in: medium) : []
            case let .details(_, inner) where medium != .html: shown(inner, in: medium)
            case .charts, .html: medium == .html ? [block] : []
            default: [block]
            }
        }
    }

    /// Each block ends with a newline, and blocks are separated by a blank line.
    public var markdown: String { Self.markdown(blocks) }

    static func markdown(_ blocks: [Block]) -> String {
        shown(blocks, in: .markdown).map { block in
            switch block {
            case let .heading(level, text): String(repeating: "#", count: level) + " " + text + "\n"
            case let .paragraph(text): text + "\n"
            case let .list(items): items.map { "- " + $0 + "\n" }.joined()
            case let .table(table): table.text
            case let .comparison(table): table.markdown.text
            case let .remark(_, text): MarkdownText.escape(text) + "\n"
            case let .remarks(items): items.map { "- " + MarkdownText.escape($0) + "\n" }.joined()
            case let .section(section):
                markdown([.heading(level: 2, MarkdownText.escape(section.title + ": " + section.contents(separator: ", ")))] + section.blocks)
            case .details, .charts, .html, .only: ""
            }
        }.joined(separator: "\n")
    }

    public var html: String { Self.html(blocks) }

    static func html(_ blocks: [Block]) -> String {
        shown(blocks, in: .html).map { block in
            switch block {
            case let .heading(level, text):
                return "<h\(level)>" + HTMLText.inline(text) + "</h\(level)>\n"
            case let .paragraph(text):
                return "<p>" + HTMLText.inline(text.replacingOccurrences(of: "\n", with: " ")) + "</p>\n"
            case let .list(items), let .remarks(items):
                return "<ul>" + items.map { "<li>" + HTMLText.inline($0) + "</li>" }.joined() + "</ul>\n"
            case let .table(table):
                return Self.html(table)
            case let .comparison(table):
                return table.html
            case let .remark(kind, text):
                return "<p class=\"\(kind.rawValue)\">" + HTMLText.inline(text) + "</p>\n"
            case let .section(section):
                var out = "<section class=\"dataset\" id=\"\(section.anchor)\">\n"
                out += "<h2>\(HTMLText.escape(section.title))<small>\(HTMLText.escape(section.contents(separator: " · ")))</small></h2>\n"
                return out + html(section.blocks) + "</section>\n"
            case let .details(summary, inner):
                return "<details><summary>\(HTMLText.inline(summary))</summary>\n" + html(inner) + "</details>\n"
            case let .charts(title, figures):
                return "<h3>\(HTMLText.inline(title))</h3>\n<div class=\"charts\">\n" + figures.map(\.html).joined() + "</div>\n"
            case let .html(text):
                return text
            case .only:
                return ""
            }
        }.joined()
    }

    /// Plain text for a terminal `width` columns wide: tables as aligned columns, sentences
    /// wrapped between words, every control character made a space, blocks one after another.
    public func terminal(width: Int) -> String { Self.terminal(blocks, width: width) }

    static func terminal(_ blocks: [Block], width: Int) -> String {
        shown(blocks, in: .terminal).map { block in
            switch block {
            case let .heading(_, text): TerminalText.sanitized(text) + "\n"
            case let .paragraph(text), let .remark(_, text): Self.wrapped(TerminalText.sanitized(text), width: width)
            case let .list(items), let .remarks(items): items.map { Self.wrapped("- " + TerminalText.sanitized($0), width: width) }.joined()
            case let .table(table): table.plainText
            case let .comparison(table): table.markdown.plainText
            case let .section(section):
                TerminalText.sanitized(section.title + ": " + section.contents(separator: ", ")) + "\n" + terminal(section.blocks, width: width)
            case .details, .charts, .html, .only: ""
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
