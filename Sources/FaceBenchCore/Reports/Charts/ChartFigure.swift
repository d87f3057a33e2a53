/// A chart as the HTML report shows it: a title, a one-line reading guide, the SVG and a
/// legend.
public struct ChartFigure: Sendable {
    public var title: String
    public var caption: String
    public var svg: String
    public var legend: [String]

    public init(title: String, caption: String, svg: String, legend: [String]) {
        self.title = title
        self.caption = caption
        self.svg = svg
        self.legend = legend
    }

    public var html: String {
        var out = "<figure class=\"chart-card\"><figcaption><h4>\(HTMLText.escape(title))</h4><p>\(HTMLText.inline(caption))</p></figcaption>\n"
        out += svg + "\n"
        if !legend.isEmpty { out += "<ul class=\"legend\">" + legend.joined() + "</ul>\n" }
        return out + "</figure>\n"
    }
}
