/// A set of whole pixels, stored as horizontal runs: row `top + i` holds the runs
/// `spans[rowStart[i]..<rowStart[i + 1]]`, each an inclusive `x` range, sorted and disjoint —
/// or, for a filled rectangle, just its bounds. Overlaps of such regions are what FDDB's
/// toolkit measures by counting mask pixels.
public struct PixelRegion: Sendable, Equatable {
    /// Bounding box, inclusive (meaningless when `area` is 0).
    public private(set) var left: Int, top: Int, right: Int, bottom: Int
    /// Number of pixels.
    public private(set) var area: Int
    /// Runs per row; empty for a rectangle.
    var rowStart: [Int]
    var spans: [ClosedRange<Int>]
    var isRectangle: Bool

    public static let empty = PixelRegion(left: 0, top: 0, right: -1, bottom: -1)

    /// An axis-aligned block of pixels, corners included.
    public init(left: Int, top: Int, right: Int, bottom: Int) {
        if right >= left, bottom >= top {
            (self.left, self.top, self.right, self.bottom) = (left, top, right, bottom)
            area = (right - left + 1) * (bottom - top + 1)
        } else {
            (self.left, self.top, self.right, self.bottom) = (0, 0, -1, -1)
            area = 0
        }
        rowStart = []
        spans = []
        isRectangle = true
    }

    init(top: Int, rowStart: [Int], spans: [ClosedRange<Int>]) {
        guard !spans.isEmpty else {
            self = .empty
            return
        }
        self.top = top
        bottom = top + rowStart.count - 2
        left = spans.map(\.lowerBound).min()!
        right = spans.map(\.upperBound).max()!
        area = spans.reduce(0) { $0 + $1.count }
        self.rowStart = rowStart
        self.spans = spans
        isRectangle = false
    }

    /// The runs of row `y`, left to right.
    public func runs(inRow y: Int) -> [ClosedRange<Int>] {
        guard area > 0, y >= top, y <= bottom else { return [] }
        if isRectangle { return [left...right] }
        return Array(spans[rowStart[y - top]..<rowStart[y - top + 1]])
    }

    /// The pixels with `0 <= x < width` and `0 <= y < height` (an image's extent).
    public func clipped(width: Int, height: Int) -> PixelRegion {
        guard area > 0 else { return self }
        if left >= 0, top >= 0, right < width, bottom < height { return self }
        if isRectangle {
            return PixelRegion(left: max(left, 0), top: max(top, 0), right: min(right, width - 1), bottom: min(bottom, height - 1))
        }
        let fromY = max(top, 0), toY = min(bottom, height - 1)
        guard fromY <= toY else { return .empty }
        var rowStart = [0]
        var kept: [ClosedRange<Int>] = []
        var firstRow: Int?
        for y in fromY...toY {
            for span in spans[self.rowStart[y - top]..<self.rowStart[y - top + 1]] {
                let low = max(span.lowerBound, 0), high = min(span.upperBound, width - 1)
                if low <= high { kept.append(low...high) }
            }
            if firstRow == nil {
                if kept.isEmpty { continue }
                firstRow = y
            }
            rowStart.append(kept.count)
        }
        while rowStart.count > 2, rowStart[rowStart.count - 1] == rowStart[rowStart.count - 2] { rowStart.removeLast() }
        guard let firstRow else { return .empty }
        return PixelRegion(top: firstRow, rowStart: rowStart, spans: kept)
    }

    /// Pixels in both regions.
    public func intersectionArea(_ other: PixelRegion) -> Int {
        guard area > 0, other.area > 0, left <= other.right, other.left <= right, top <= other.bottom, other.top <= bottom else { return 0 }
        if isRectangle, other.isRectangle {
            return (min(right, other.right) - max(left, other.left) + 1) * (min(bottom, other.bottom) - max(top, other.top) + 1)
        }
        if isRectangle || other.isRectangle {
            let (block, shape) = isRectangle ? (self, other) : (other, self)
            var total = 0
            for y in max(block.top, shape.top)...min(block.bottom, shape.bottom) {
                for span in shape.spans[shape.rowStart[y - shape.top]..<shape.rowStart[y - shape.top + 1]] {
                    let low = max(span.lowerBound, block.left), high = min(span.upperBound, block.right)
                    if low <= high { total += high - low + 1 }
                }
            }
            return total
        }
        var total = 0
        for y in max(top, other.top)...min(bottom, other.bottom) {
            var i = rowStart[y - top], j = other.rowStart[y - other.top]
            let iEnd = rowStart[y - top + 1], jEnd = other.rowStart[y - other.top + 1]
            while i < iEnd, j < jEnd {
                let a = spans[i], b = other.spans[j]
                let low = max(a.lowerBound, b.lowerBound), high = min(a.upperBound, b.upperBound)
                if low <= high { total += high - low + 1 }
                if a.upperBound < b.upperBound { i += 1 } else { j += 1 }
            }
        }
        return total
    }

    /// Pixels in either region.
    public func unionArea(_ other: PixelRegion) -> Int {
        area + other.area - intersectionArea(other)
    }
}
