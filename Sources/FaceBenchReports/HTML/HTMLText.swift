import FaceBenchModel

/// Text into HTML: escaping, and the inline Markdown FaceBench's own sentences use (`code`,
/// **bold**), so a sentence shared with report.md shows in the HTML report too.
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
}
