/// A set of whole pixels stored as horizontal runs: row `top + i` holds the runs
/// `spans[rowStart[i]..<rowStart[i + 1]]`, each an inclusive `x` range, sorted and disjoint.
/// Overlaps of such regions are what FDDB's toolkit measures by counting mask pixels.
public struct PixelRegion: Sendable, Equatable {
    public private(set) var top: Int
    public private(set) var rowStart: [Int]
    public private(set) var spans: [ClosedRange<Int>]
    /// Number of pixels.
    public private(set) var area: Int

    public static let empty = PixelRegion(top: 0, rowStart: [0], spans: [], area: 0)

    init(top: Int, rowStart: [Int], spans: [ClosedRange<Int>], area: Int) {
        self.top = top
        self.rowStart = rowStart
        self.spans = spans
        self.area = area
    }

    /// The pixels set in a bitmap whose element `(x, y)` is `bits[(y - originY) * width + x - originX]`.
    init(bitmap bits: [Bool], width: Int, originX: Int, originY: Int) {
        let height = width > 0 ? bits.count / width : 0
        var rowStart = [0]
        var spans: [ClosedRange<Int>] = []
        var area = 0
        var first = -1, last = -1
        for row in 0..<height {
            var x = 0
            var found = false
            while x < width {
                if bits[row * width + x] {
                    let start = x
                    while x < width, bits[row * width + x] { x += 1 }
                    spans.append((originX + start)...(originX + x - 1))
                    area += x - start
                    found = true
                } else {
                    x += 1
                }
            }
            if found {
                if first < 0 { first = row }
                last = row
            }
            rowStart.append(spans.count)
        }
        guard first >= 0 else {
            self = .empty
            return
        }
        top = originY + first
        self.rowStart = Array(rowStart[first...(last + 1)])
        self.spans = spans
        self.area = area
    }

    /// An axis-aligned block of pixels, corners included.
    public init(left: Int, top: Int, right: Int, bottom: Int) {
        guard right >= left, bottom >= top else {
            self = .empty
            return
        }
        self.top = top
        let rows = bottom - top + 1
        rowStart = Array(0...rows)
        spans = [ClosedRange<Int>](repeating: left...right, count: rows)
        area = rows * (right - left + 1)
    }

    public var rows: Int { rowStart.count - 1 }

    /// The pixels with `0 <= x < width` and `0 <= y < height` (an image's extent).
    public func clipped(width: Int, height: Int) -> PixelRegion {
        var rowStart = [0]
        var kept: [ClosedRange<Int>] = []
        var area = 0
        var newTop: Int?
        for row in 0..<rows {
            let y = top + row
            guard y >= 0, y < height else { continue }
            if newTop == nil { newTop = y }
            for span in spans[self.rowStart[row]..<self.rowStart[row + 1]] {
                let low = max(span.lowerBound, 0), high = min(span.upperBound, width - 1)
                if low <= high {
                    kept.append(low...high)
                    area += high - low + 1
                }
            }
            rowStart.append(kept.count)
        }
        guard let newTop, area > 0 else { return .empty }
        return PixelRegion(top: newTop, rowStart: rowStart, spans: kept, area: area)
    }

    /// Pixels in both regions.
    public func intersectionArea(_ other: PixelRegion) -> Int {
        let from = max(top, other.top), to = min(top + rows, other.top + other.rows)
        guard from < to else { return 0 }
        var total = 0
        for y in from..<to {
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
