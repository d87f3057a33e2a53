/// Places text labels beside chart points so that no label covers another label or a
/// point: each label tries spots around its point (right, left, above, below, then further
/// out) and takes the first that is free and inside the plot, else the one that overlaps
/// least. Text width is estimated from the character count (the report's 11.5 px label font
/// averages about 6.5 px a character), which errs on the wide side.
public struct LabelPlacement {
    public struct Rect: Equatable, Sendable {
        public var minX, minY, maxX, maxY: Double

        func overlap(_ other: Rect) -> Double {
            max(0, min(maxX, other.maxX) - max(minX, other.minX)) * max(0, min(maxY, other.maxY) - max(minY, other.minY))
        }
    }

    /// Where a label went: the text's anchor point and SVG `text-anchor`.
    public struct Spot: Equatable, Sendable {
        public var x, y: Double
        public var anchor: String
        public var bounds: Rect
    }

    static let characterWidth = 6.5, ascent = 10.0, descent = 3.0

    let area: Rect
    var occupied: [Rect]

    /// `points` are every dot of the chart in pixels with its radius: labels keep off all of
    /// them, including the ones placed later.
    public init(area: Rect, points: [(x: Double, y: Double, radius: Double)]) {
        self.area = area
        occupied = points.map { Rect(minX: $0.x - $0.radius - 1, minY: $0.y - $0.radius - 1, maxX: $0.x + $0.radius + 1, maxY: $0.y + $0.radius + 1) }
    }

    public mutating func place(_ text: String, atX x: Double, y: Double, radius: Double) -> Spot {
        let width = Double(text.count) * Self.characterWidth
        let gap = radius + 3
        var candidates: [(dx: Double, dy: Double, anchor: String)] = []
        for ring in 0..<4 {
            let lift = Double(ring) * 13
            candidates += [
                (gap, -4 - lift, "start"), (gap, 12 + lift, "start"), (-gap, -4 - lift, "end"), (-gap, 12 + lift, "end"),
                (0, -gap - 3 - lift, "middle"), (0, gap + Self.ascent + lift, "middle"),
            ]
        }
        var best: (spot: Spot, cost: Double)?
        for candidate in candidates {
            let tx = x + candidate.dx, ty = y + candidate.dy
            let minX = candidate.anchor == "start" ? tx : candidate.anchor == "end" ? tx - width : tx - width / 2
            let bounds = Rect(minX: minX, minY: ty - Self.ascent, maxX: minX + width, maxY: ty + Self.descent)
            let outside = bounds.minX < area.minX || bounds.maxX > area.maxX || bounds.minY < area.minY || bounds.maxY > area.maxY
            let cost = occupied.reduce(0) { $0 + $1.overlap(bounds) } + (outside ? 1e6 : 0)
            let spot = Spot(x: tx, y: ty, anchor: candidate.anchor, bounds: bounds)
            if cost == 0 {
                best = (spot, 0)
                break
            }
            if best == nil || cost < best!.cost { best = (spot, cost) }
        }
        let chosen = best!.spot
        occupied.append(chosen.bounds)
        return chosen
    }
}
