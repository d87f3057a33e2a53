/// The resize OpenCV 4's cascade detector builds its pyramid with — `cv::resize(…,
/// INTER_LINEAR_EXACT)`, OpenCV's bit-exact bilinear mode — for 8-bit single-channel images,
/// bit for bit.
///
/// Each output column and row maps to source position `(d + 0.5) × scale − 0.5` (in `Double`,
/// `scale` = source/destination size); the fractional part becomes an 8-bit fixed-point
/// weight rounded to nearest-even, the other tap getting 256 minus it. A horizontal pass keeps
/// 16-bit values with 8 fractional bits; the vertical pass combines two of them and rounds
/// (`+ 2^15 >> 16`). Positions at or past the last source pixel take that pixel alone. An exact
/// 2:1 reduction in both directions is a rounded 2×2 mean instead (OpenCV switches to its
/// INTER_AREA fast path), and an unchanged size is a copy. The cascade's decisions depend on
/// these pixels, so they are reproduced exactly rather than approximated.
enum BilinearResize {
    /// The two taps of one output column or row: source indices and weights (sum 256).
    struct Taps {
        var first: Int
        var second: Int
        var firstWeight: UInt32
        var secondWeight: UInt32
    }

    /// Resizes `source` (rows `sourceStride` apart) into `destination` (rows `width` apart).
    static func resize(
        _ source: UnsafePointer<UInt8>, width sourceWidth: Int, height sourceHeight: Int, stride sourceStride: Int,
        into destination: UnsafeMutablePointer<UInt8>, width: Int, height: Int
    ) {
        if width == sourceWidth && height == sourceHeight {
            for y in 0..<height {
                (destination + y * width).update(from: source + y * sourceStride, count: width)
            }
            return
        }
        let inverseX = Double(width) / Double(sourceWidth), inverseY = Double(height) / Double(sourceHeight)
        if 1 / inverseX == 2 && 1 / inverseY == 2 {
            halve(source, stride: sourceStride, into: destination, width: width, height: height)
            return
        }
        let columns = taps(count: width, sourceCount: sourceWidth, inverseScale: inverseX)
        let rows = taps(count: height, sourceCount: sourceHeight, inverseScale: inverseY)

        let lines = UnsafeMutablePointer<UInt32>.allocate(capacity: 2 * width)
        defer { lines.deallocate() }
        var line0 = lines, line1 = lines + width
        var cached = (-1, -1)
        for dy in 0..<height {
            let tap = rows[dy]
            if cached.0 != tap.first {
                if cached.1 == tap.first {
                    swap(&line0, &line1)
                } else {
                    horizontal(source + tap.first * sourceStride, columns: columns, into: line0)
                }
                cached.0 = tap.first
                cached.1 = -1
            }
            if cached.1 != tap.second {
                horizontal(source + tap.second * sourceStride, columns: columns, into: line1)
                cached.1 = tap.second
            }
            let out = destination + dy * width
            let w0 = tap.firstWeight, w1 = tap.secondWeight
            for x in 0..<width {
                out[x] = UInt8(truncatingIfNeeded: (line0[x] &* w0 &+ line1[x] &* w1 &+ 0x8000) >> 16)
            }
        }
    }

    /// OpenCV's `interpolationLinear::getCoeffs` for every output index.
    static func taps(count: Int, sourceCount: Int, inverseScale: Double) -> [Taps] {
        let scale = 1 / inverseScale
        let last = sourceCount - 1
        return (0..<count).map { d in
            let position = scale * (Double(d) + 0.5) - 0.5
            let index = Int(position.rounded(.down))
            guard index < last else { return Taps(first: last, second: last, firstWeight: 256, secondWeight: 0) }
            let index0 = max(index, 0)
            let fraction = index < 0 ? 0 : position - Double(index)
            let second = UInt32((fraction * 256).rounded(.toNearestOrEven))
            return Taps(first: index0, second: index0 + 1, firstWeight: 256 - second, secondWeight: second)
        }
    }

    static func horizontal(_ row: UnsafePointer<UInt8>, columns: [Taps], into out: UnsafeMutablePointer<UInt32>) {
        columns.withUnsafeBufferPointer { columns in
            for x in 0..<columns.count {
                let tap = columns[x]
                out[x] = UInt32(row[tap.first]) &* tap.firstWeight &+ UInt32(row[tap.second]) &* tap.secondWeight
            }
        }
    }

    /// OpenCV's INTER_AREA fast path for an exact 2:1 reduction: rounded 2×2 means.
    static func halve(_ source: UnsafePointer<UInt8>, stride: Int, into destination: UnsafeMutablePointer<UInt8>, width: Int, height: Int) {
        for dy in 0..<height {
            let top = source + 2 * dy * stride, bottom = top + stride
            let out = destination + dy * width
            for dx in 0..<width {
                let sum = Int(top[2 * dx]) + Int(top[2 * dx + 1]) + Int(bottom[2 * dx]) + Int(bottom[2 * dx + 1])
                out[dx] = UInt8((sum + 2) >> 2)
            }
        }
    }
}
