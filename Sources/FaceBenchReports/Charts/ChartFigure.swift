/// A chart as the HTML report shows it: a title, a one-line reading guide, the SVG, a
/// legend and notes on what the drawing cannot show (series drawn on top of each other).
public struct ChartFigure: Sendable {
    public var title: String
    public var caption: String
    public var svg: String
    public var legend: [String]
    /// Markdown inline text, one paragraph each.
    public var notes: [String]

    public init(title: String, caption: String, svg: String, legend: [String], notes: [String] = []) {
        self.title = title
        self.caption = caption
        self.svg = svg
        self.legend = legend
        self.notes = notes
    }

    public var html: String {
        var out = "<figure class=\"chart-card\"><figcaption><h4>\(HTMLText.escape(title))</h4><p>\(HTMLText.inline(caption))</p></figcaption>\n"
        out += svg + "\n"
        if !legend.isEmpty { out += "<ul class=\"legend\">" + legend.joined() + "</ul>\n" }
        for note in notes { out += "<p class=\"identical\">\(HTMLText.inline(note))</p>\n" }
        return out + "</figure>\n"
    }
}
