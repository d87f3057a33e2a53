/// An SVG chart: a plot area with gridlines, tick labels and axis titles, into which the
/// chart types draw in data coordinates. Sized by `viewBox`, so it scales with the page;
/// styled by the report's stylesheet (classes `grid`, `axis`, `axis-title`), so the SVG
/// itself stays small.
public struct SVGChart: Sendable {
    public var width: Double
    public var height: Double
    public var x: AxisScale
    public var y: AxisScale
    public var xTitle: String
    public var yTitle: String
    /// Custom tick labels (categories), replacing the scale's own ticks; nil keeps them.
    public var xCategories: [(position: Double, label: String)]?
    public var yCategories: [(position: Double, label: String)]?
    public var left: Double
    var body = ""

    static let top = 12.0, right = 18.0, bottom = 46.0

    public init(
        width: Double = 560, height: Double = 340, x: AxisScale, y: AxisScale, xTitle: String, yTitle: String, left: Double = 58
    ) {
        self.width = width
        self.height = height
        self.left = left
        self.xTitle = xTitle
        self.yTitle = yTitle
        self.x = x
        self.y = y
        self.x.start = left
        self.x.end = width - Self.right
        self.y.start = height - Self.bottom
        self.y.end = Self.top
    }

    public var plotLeft: Double { x.start }
    public var plotRight: Double { x.end }
    public var plotTop: Double { y.end }
    public var plotBottom: Double { y.start }

    public func point(_ px: Double, _ py: Double) -> (Double, Double) { (x.position(px), y.position(py)) }

    /// Raw SVG in pixel coordinates.
    public mutating func add(_ element: String) { body += element + "\n" }

    public mutating func polyline(_ points: [(Double, Double)], color: String, dash: String?, width: Double = 1.8) {
        guard !points.isEmpty else { return }
        let path = points.map { "\(Self.n(x.position($0.0))),\(Self.n(y.position($0.1)))" }.joined(separator: " ")
        add("<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"\(Self.n(width))\" stroke-linejoin=\"round\"\(dash.map { " stroke-dasharray=\"\($0)\"" } ?? "")/>")
    }

    /// An interval as a capped bar in data coordinates: `low`…`high` of y at x = `position`
    /// (vertical), or of x at y = `position`.
    public mutating func intervalBar(at position: Double, from low: Double, to high: Double, vertical: Bool, color: String) {
        let path: String
        if vertical {
            let (px, start, end) = (Self.n(x.position(position)), y.position(low), y.position(high))
            path = "M\(Self.n(x.position(position) - 4)) \(Self.n(start))h8M\(px) \(Self.n(start))V\(Self.n(end))M\(Self.n(x.position(position) - 4)) \(Self.n(end))h8"
        } else {
            let (py, start, end) = (Self.n(y.position(position)), x.position(low), x.position(high))
            path = "M\(Self.n(start)) \(Self.n(y.position(position) - 4))v8M\(Self.n(start)) \(py)H\(Self.n(end))M\(Self.n(end)) \(Self.n(y.position(position) - 4))v8"
        }
        add("<path d=\"\(path)\" stroke=\"\(color)\" stroke-width=\"1.2\" fill=\"none\"/>")
    }

    /// A shaded band between `low` and `high` of y over `positions` of x, under what is
    /// drawn after it; `title` is its tooltip.
    public mutating func band(_ positions: [Double], low: [Double], high: [Double], color: String, title: String) {
        guard !positions.isEmpty, low.count == positions.count, high.count == positions.count else { return }
        let upper = zip(positions, high).map { "\(Self.n(x.position($0))),\(Self.n(y.position($1)))" }
        let lower = zip(positions, low).reversed().map { "\(Self.n(x.position($0))),\(Self.n(y.position($1)))" }
        add("<polygon points=\"\((upper + lower).joined(separator: " "))\" fill=\"\(color)\" fill-opacity=\"0.14\" stroke=\"none\"><title>\(HTMLText.escape(title))</title></polygon>")
    }

    public mutating func circle(_ px: Double, _ py: Double, radius: Double, fill: String, stroke: String? = nil, title: String? = nil) {
        let (cx, cy) = point(px, py)
        let tooltip = title.map { "<title>\(HTMLText.escape($0))</title>" } ?? ""
        add("<circle cx=\"\(Self.n(cx))\" cy=\"\(Self.n(cy))\" r=\"\(Self.n(radius))\" fill=\"\(fill)\"\(stroke.map { " stroke=\"\($0)\" stroke-width=\"1.5\"" } ?? "")>\(tooltip)</circle>")
    }

    public mutating func text(_ string: String, atX px: Double, y py: Double, dx: Double = 0, dy: Double = 0, anchor: String = "start", className: String = "label") {
        let (tx, ty) = point(px, py)
        add("<text x=\"\(Self.n(tx + dx))\" y=\"\(Self.n(ty + dy))\" text-anchor=\"\(anchor)\" class=\"\(className)\">\(HTMLText.escape(string))</text>")
    }

    /// The finished `<svg>` with frame, grid and labels under what was drawn.
    public func svg(label: String) -> String {
        var out = "<svg class=\"chart\" viewBox=\"0 0 \(Self.n(width)) \(Self.n(height))\" role=\"img\" aria-label=\"\(HTMLText.escape(label))\">\n"
        let xTicks = xCategories ?? x.ticks.map { ($0, x.label($0)) }
        let yTicks = yCategories ?? y.ticks.map { ($0, y.label($0)) }
        for (value, text) in xTicks {
            let px = Self.n(x.position(value))
            if xCategories == nil { out += "<line class=\"grid\" x1=\"\(px)\" y1=\"\(Self.n(plotTop))\" x2=\"\(px)\" y2=\"\(Self.n(plotBottom))\"/>\n" }
            out += "<text class=\"axis\" x=\"\(px)\" y=\"\(Self.n(plotBottom + 15))\" text-anchor=\"middle\">\(HTMLText.escape(text))</text>\n"
        }
        for (value, text) in yTicks {
            let py = Self.n(y.position(value))
            if yCategories == nil { out += "<line class=\"grid\" x1=\"\(Self.n(plotLeft))\" y1=\"\(py)\" x2=\"\(Self.n(plotRight))\" y2=\"\(py)\"/>\n" }
            out += "<text class=\"axis\" x=\"\(Self.n(plotLeft - 6))\" y=\"\(py)\" dy=\"0.32em\" text-anchor=\"end\">\(HTMLText.escape(text))</text>\n"
        }
        out += "<rect class=\"frame\" x=\"\(Self.n(plotLeft))\" y=\"\(Self.n(plotTop))\" width=\"\(Self.n(plotRight - plotLeft))\" height=\"\(Self.n(plotBottom - plotTop))\"/>\n"
        out += body
        out += "<text class=\"axis-title\" x=\"\(Self.n((plotLeft + plotRight) / 2))\" y=\"\(Self.n(height - 8))\" text-anchor=\"middle\">\(HTMLText.escape(xTitle))</text>\n"
        if !yTitle.isEmpty {
            out += "<text class=\"axis-title\" transform=\"translate(14 \(Self.n((plotTop + plotBottom) / 2))) rotate(-90)\" text-anchor=\"middle\">\(HTMLText.escape(yTitle))</text>\n"
        }
        return out + "</svg>"
    }

    /// Pixel numbers with one decimal at most, to keep the SVG short.
    static func n(_ value: Double) -> String {
        // Positions come from file values through `AxisScale`, which clamps them; a value
        // that still lands far off the chart is drawn at ±10^6 px, off it.
        guard value.isFinite else { return "0" }
        let rounded = (Swift.min(Swift.max(value, -1e6), 1e6) * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
