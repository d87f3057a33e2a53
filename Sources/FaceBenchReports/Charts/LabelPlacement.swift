/// Places text labels so that no label covers another label or a marked spot: each label
/// tries candidate rectangles in order and takes the first that is free and inside the area,
/// else (a chart label) the one that overlaps least or (a box label) none. Chart labels try spots around their point (right, left,
/// above, below, then further out); labels of boxes drawn on images try above the box, then
/// higher, then inside its top edge.
public struct LabelPlacement {
    public struct Rect: Equatable, Sendable {
        public var minX, minY, maxX, maxY: Double

        public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
            self.minX = minX
            self.minY = minY
            self.maxX = maxX
            self.maxY = maxY
        }

        func overlap(_ other: Rect) -> Double {
            max(0, min(maxX, other.maxX) - max(minX, other.minX)) * max(0, min(maxY, other.maxY) - max(minY, other.minY))
        }
    }

    /// Where a chart label went: the text's anchor point and SVG `text-anchor`.
    public struct Spot: Equatable, Sendable {
        public var x, y: Double
        public var anchor: String
        public var bounds: Rect
    }

    /// The report's 11.5 px chart label font averages about 6.5 px a character, which errs on
    /// the wide side.
    static let characterWidth = 6.5, ascent = 10.0, descent = 3.0

    let area: Rect
    var occupied: [Rect]

    /// `points` are every dot of the chart in pixels with its radius: labels keep off all of
    /// them, including the ones placed later.
    public init(area: Rect, points: [(x: Double, y: Double, radius: Double)] = []) {
        self.area = area
        occupied = points.map { Rect(minX: $0.x - $0.radius - 1, minY: $0.y - $0.radius - 1, maxX: $0.x + $0.radius + 1, maxY: $0.y + $0.radius + 1) }
    }

    /// The first of `candidates` that is inside the area and overlaps nothing placed, else
    /// the one overlapping least (one outside the area only when all are); it is then taken.
    public mutating func choose(_ candidates: [Rect]) -> Int {
        let costs = candidates.map(cost)
        let chosen = costs.firstIndex(of: 0) ?? costs.indices.min { costs[$0] < costs[$1] } ?? 0
        if candidates.indices.contains(chosen) { occupied.append(candidates[chosen]) }
        return chosen
    }

    /// The first of `candidates` that is inside the area and overlaps nothing placed, taken;
    /// nil when every one would cover something.
    public mutating func chooseFree(_ candidates: [Rect]) -> Int? {
        guard let chosen = candidates.firstIndex(where: { cost($0) == 0 }) else { return nil }
        occupied.append(candidates[chosen])
        return chosen
    }

    /// Marks `bounds` as taken: something drawn there that labels keep off.
    public mutating func occupy(_ bounds: Rect) {
        occupied.append(bounds)
    }

    /// How much of what is placed `bounds` would cover, and a huge cost outside the area.
    private func cost(_ bounds: Rect) -> Double {
        let outside = bounds.minX < area.minX || bounds.maxX > area.maxX || bounds.minY < area.minY || bounds.maxY > area.maxY
        return occupied.reduce(0) { $0 + $1.overlap(bounds) } + (outside ? 1e12 : 0)
    }

    /// A chart label beside the point (`x`, `y`) drawn with `radius`.
    public mutating func place(_ text: String, atX x: Double, y: Double, radius: Double) -> Spot {
        let width = Double(text.count) * Self.characterWidth
        let gap = radius + 3
        var spots: [Spot] = []
        for ring in 0..<4 {
            let lift = Double(ring) * 13
            for (dx, dy, anchor) in [
                (gap, -4 - lift, "start"), (gap, 12 + lift, "start"), (-gap, -4 - lift, "end"), (-gap, 12 + lift, "end"),
                (0, -gap - 3 - lift, "middle"), (0, gap + Self.ascent + lift, "middle"),
            ] {
                let tx = x + dx, ty = y + dy
                let minX = anchor == "start" ? tx : anchor == "end" ? tx - width : tx - width / 2
                spots.append(Spot(x: tx, y: ty, anchor: anchor, bounds: Rect(minX: minX, minY: ty - Self.ascent, maxX: minX + width, maxY: ty + Self.descent)))
            }
        }
        return spots[choose(spots.map(\.bounds))]
    }

    /// The top-left corner for a label `width` × `height` pixels on a box drawn on an image:
    /// just above the box at its left edge where that is free, else further up, above its
    /// right edge, inside its top edge or below it; nil when all of those would cover another
    /// label (a crowd of boxes), since a pile of labels can be read no better than none.
    public mutating func place(width: Int, height: Int, above box: (x: Double, y: Double, maxX: Double, maxY: Double)) -> (x: Int, y: Int)? {
        let w = Double(width), h = Double(height)
        var corners: [(x: Double, y: Double)] = []
        for lift in 0..<3 {
            let top = box.y.rounded() - h - 1 - Double(lift) * (h + 1)
            corners += [(box.x.rounded(), top), ((box.maxX - w).rounded(), top)]
        }
        corners += [(box.x.rounded() + 2, box.y.rounded() + 2), (box.x.rounded(), box.maxY.rounded() + 2)]
        let clamped = corners.map { corner in
            (x: min(max(corner.x, area.minX), max(area.minX, area.maxX - w)), y: min(max(corner.y, area.minY), max(area.minY, area.maxY - h)))
        }
        return chooseFree(clamped.map { Rect(minX: $0.x, minY: $0.y, maxX: $0.x + w, maxY: $0.y + h) }).map { (Int(clamped[$0].x), Int(clamped[$0].y)) }
    }
}
