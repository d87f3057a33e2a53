import Foundation

/// OpenCV's filled shapes — `cv::ellipse(…, thickness: FILLED)` and
/// `cv::rectangle(…, FILLED)`, 8-connected, as imgproc/drawing.cpp of OpenCV 4 draws them
/// and the old `cvEllipse`/`cvRectangle` did — reproduced pixel for pixel, on an unbounded
/// canvas (clip the result with `PixelRegion.clipped` for an image's extent).
///
/// An ellipse becomes a polygon: points every 5° (18°, 30° or 90° for small axes) from a
/// table of sines rounded to seven decimals, in 1/65536-pixel fixed point; the polygon's
/// outline is drawn with OpenCV's fixed-point line walker and its inside filled scanline by
/// scanline with OpenCV's edge stepping. FDDB's evaluation toolkit measures overlaps on such
/// masks, so matching its numbers needs these exact pixels.
public enum OpenCVFill {
    static let shift: Int64 = 16
    static let one: Int64 = 1 << 16

    /// sin(0°…450°) the way OpenCV tabulates it: seven decimals, single precision.
    static let sinTable: [Float] = (0...450).map { degree in
        Float(String(format: "%.7f", sin(Double(degree) * Double.pi / 180)))!
    }

    /// `cvRound`: nearest integer, halves to even.
    @inline(__always)
    static func round(_ value: Double) -> Int64 { Int64(value.rounded(.toNearestOrEven)) }

    /// The pixels of `cv::ellipse(img, center, axes, angle, 0, 360, color, FILLED)` with the
    /// centre and semi-axes in whole pixels and the rotation in degrees (rounded to a whole
    /// degree, as OpenCV does).
    public static func ellipse(centerX: Int, centerY: Int, axisX: Int, axisY: Int, angle: Double) -> PixelRegion {
        let cx = Int64(centerX) << shift, cy = Int64(centerY) << shift
        let ax = abs(Int64(axisX) << shift), ay = abs(Int64(axisY) << shift)
        let size = Int((max(ax, ay) + (one >> 1)) >> shift)
        let step = size < 3 ? 90 : size < 10 ? 30 : size < 15 ? 18 : 5
        var rotation = Int(round(angle))
        while rotation < 0 { rotation += 360 }
        while rotation > 360 { rotation -= 360 }
        let alpha = Double(sinTable[450 - rotation]), beta = Double(sinTable[rotation])
        var vertices: [(x: Int64, y: Int64)] = []
        var degree = 0
        while degree < 360 + step {
            let a = min(degree, 360)
            let x = Double(ax) * Double(sinTable[450 - a]), y = Double(ay) * Double(sinTable[a])
            let px = Double(cx) + x * alpha - y * beta
            let py = Double(cy) + x * beta + y * alpha
            // Whole pixels and the fixed-point remainder rounded separately, as OpenCV does.
            var fx = round(px / Double(one)) << shift, fy = round(py / Double(one)) << shift
            fx += round(px - Double(fx))
            fy += round(py - Double(fy))
            if vertices.last.map({ $0 != (fx, fy) }) ?? true { vertices.append((fx, fy)) }
            degree += step
        }
        if vertices.count == 1 { vertices = [(cx, cy), (cx, cy)] }
        return fillConvexPolygon(vertices)
    }

    /// The pixels of `cv::rectangle(img, (x1, y1), (x2, y2), color, FILLED)`: every pixel
    /// between the corners, both included.
    public static func rectangle(x1: Int, y1: Int, x2: Int, y2: Int) -> PixelRegion {
        PixelRegion(left: min(x1, x2), top: min(y1, y2), right: max(x1, x2), bottom: max(y1, y2))
    }

    /// `FillConvexPoly` for 8-connected drawing of vertices in 16-bit fixed point: the
    /// outline, then the rows between two edge walkers started at the topmost vertex.
    static func fillConvexPolygon(_ vertices: [(x: Int64, y: Int64)]) -> PixelRegion {
        let count = vertices.count
        let half = one >> 1
        var minY = vertices[0].y, maxY = minY
        var lowest = 0
        for (index, vertex) in vertices.enumerated() {
            if vertex.y < minY {
                minY = vertex.y
                lowest = index
            }
            maxY = max(maxY, vertex.y)
        }
        var canvas = Canvas()

        var previous = vertices[count - 1]
        for vertex in vertices {
            canvas.line(from: previous, to: vertex)
            previous = vertex
        }
        let top = Int((minY + half) >> shift), bottom = Int((maxY + half) >> shift)
        guard count >= 3 else { return canvas.region }

        struct Edge {
            var index: Int, direction: Int
            var x: Int64, dx: Int64
            var end: Int
        }
        var edges = [Edge(index: lowest, direction: 1, x: -one, dx: 0, end: top), Edge(index: lowest, direction: count - 1, x: -one, dx: 0, end: top)]
        var remaining = count
        var y = top
        repeat {
            for e in 0..<2 where y >= edges[e].end {
                var from = edges[e].index
                var to = from + edges[e].direction
                if to >= count { to -= count }
                while true {
                    let available = remaining
                    remaining -= 1
                    if available <= 0 { break }
                    let rowEnd = Int((vertices[to].y + half) >> shift)
                    if rowEnd > y {
                        let xs = vertices[from].x, xe = vertices[to].x
                        let rows = Int64(rowEnd - y)
                        edges[e].end = rowEnd
                        edges[e].dx = ((xe - xs) * 2 + rows) / (2 * rows)
                        edges[e].x = xs
                        edges[e].index = to
                        break
                    }
                    from = to
                    to += edges[e].direction
                    if to >= count { to -= count }
                }
            }
            if remaining < 0 { break }
            let (left, right) = edges[0].x > edges[1].x ? (1, 0) : (0, 1)
            let x1 = Int((edges[left].x + half) >> shift)
            let x2 = Int((edges[right].x + half) >> shift)
            canvas.row(y, from: x1, to: x2)
            edges[0].x += edges[0].dx
            edges[1].x += edges[1].dx
            y += 1
        } while y <= bottom
        return canvas.region
    }

    /// What the drawing primitives write: runs `(y, x1, x2)` in any order, overlapping or
    /// not, merged into a `PixelRegion` at the end.
    struct Canvas {
        var runs: [(y: Int, x1: Int, x2: Int)] = []

        var region: PixelRegion {
            guard let first = runs.first else { return .empty }
            var low = first.y, high = first.y
            for run in runs {
                low = min(low, run.y)
                high = max(high, run.y)
            }
            // Bucket the runs by row, then sort each row's few runs by x and merge them.
            var start = [Int](repeating: 0, count: high - low + 2)
            for run in runs { start[run.y - low + 1] += 1 }
            for row in 1..<start.count { start[row] += start[row - 1] }
            var next = start
            var bucketed = [(x1: Int, x2: Int)](repeating: (0, 0), count: runs.count)
            for run in runs {
                bucketed[next[run.y - low]] = (run.x1, run.x2)
                next[run.y - low] += 1
            }
            var rowStart = [0]
            var spans: [ClosedRange<Int>] = []
            for row in 0...(high - low) {
                let from = start[row], to = start[row + 1]
                for i in from..<to {
                    var j = i
                    while j > from, bucketed[j - 1].x1 > bucketed[j].x1 {
                        bucketed.swapAt(j - 1, j)
                        j -= 1
                    }
                }
                let rowFirstSpan = spans.count
                for i in from..<to {
                    let run = bucketed[i]
                    if spans.count > rowFirstSpan, run.x1 <= spans[spans.count - 1].upperBound + 1 {
                        let last = spans[spans.count - 1]
                        spans[spans.count - 1] = last.lowerBound...max(last.upperBound, run.x2)
                    } else {
                        spans.append(run.x1...run.x2)
                    }
                }
                rowStart.append(spans.count)
            }
            return PixelRegion(top: low, rowStart: rowStart, spans: spans)
        }

        mutating func set(_ x: Int, _ y: Int) { runs.append((y, x, x)) }

        mutating func row(_ y: Int, from x1: Int, to x2: Int) {
            if x1 <= x2 { runs.append((y, x1, x2)) }
        }

        /// `Line2`: OpenCV's 8-connected line between fixed-point points (16 bits).
        mutating func line(from start: (x: Int64, y: Int64), to end: (x: Int64, y: Int64)) {
            var p1 = start, p2 = end
            var dx = p2.x - p1.x, dy = p2.y - p1.y
            let flipX: Int64 = dx < 0 ? -1 : 0, flipY: Int64 = dy < 0 ? -1 : 0
            let ax = (dx ^ flipX) - flipX, ay = (dy ^ flipY) - flipY
            let xStep: Int64, yStep: Int64
            var steps: Int
            if ax > ay {
                dx = ax
                dy = (dy ^ flipX) - flipX
                if flipX != 0 { swap(&p1, &p2) }
                xStep = OpenCVFill.one
                yStep = (dy << OpenCVFill.shift) / (ax | 1)
                steps = Int((p2.x - p1.x) >> OpenCVFill.shift)
            } else {
                dy = ay
                dx = (dx ^ flipY) - flipY
                if flipY != 0 { swap(&p1, &p2) }
                xStep = (dx << OpenCVFill.shift) / (ay | 1)
                yStep = OpenCVFill.one
                steps = Int((p2.y - p1.y) >> OpenCVFill.shift)
            }
            let half = OpenCVFill.one >> 1
            p1.x += half
            p1.y += half
            set(Int((p2.x + half) >> OpenCVFill.shift), Int((p2.y + half) >> OpenCVFill.shift))
            if ax > ay {
                var x = p1.x >> OpenCVFill.shift, y = p1.y
                while steps >= 0 {
                    set(Int(x), Int(y >> OpenCVFill.shift))
                    x += 1
                    y += yStep
                    steps -= 1
                }
            } else {
                var x = p1.x, y = p1.y >> OpenCVFill.shift
                while steps >= 0 {
                    set(Int(x >> OpenCVFill.shift), Int(y))
                    x += xStep
                    y += 1
                    steps -= 1
                }
            }
        }
    }
}
