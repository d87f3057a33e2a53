/// OpenCV's `cv::resize(…, INTER_LINEAR)` for 8-bit single-channel images, bit for bit.
///
/// OpenCV resizes 8-bit images in fixed point: each output column and row gets two 11-bit
/// weights (`saturate_cast<short>(w × 2048)`, from `Float` positions computed as
/// `(d + 0.5) × scale − 0.5`), a horizontal pass keeps 32-bit sums, and the vertical pass
/// rounds them back with `((b0·(s0 >> 4)) >> 16) + ((b1·(s1 >> 4)) >> 16) + 2) >> 2`. An
/// exact 2:1 reduction in both directions is done as a 2×2 box average instead, and an
/// unchanged size is a copy. The cascade's decisions depend on these pixels, so they are
/// reproduced exactly rather than approximated.
enum BilinearResize {
    static let coefficientScale: Float = 2048

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
        let scaleX = 1 / (Double(width) / Double(sourceWidth))
        let scaleY = 1 / (Double(height) / Double(sourceHeight))
        if scaleX == 2 && scaleY == 2 {
            halve(source, stride: sourceStride, into: destination, width: width, height: height)
            return
        }

        // Column taps: x0 with weights a0, a1 on x0 and x0 + 1. Past the last full pair OpenCV
        // copies the last column (weight 2048 on it alone).
        var x0 = [Int](repeating: 0, count: width)
        var alpha = [Int32](repeating: 0, count: width * 2)
        for dx in 0..<width {
            var fx = Float((Double(dx) + 0.5) * scaleX - 0.5)
            var sx = Int(fx.rounded(.down))
            fx -= Float(sx)
            if sx < 0 {
                fx = 0
                sx = 0
            }
            if sx >= sourceWidth - 1 {
                fx = 0
                sx = sourceWidth - 1
            }
            x0[dx] = sx
            alpha[2 * dx] = Int32(fixedPoint(1 - fx))
            alpha[2 * dx + 1] = Int32(fixedPoint(fx))
        }

        var rows = [Int32](repeating: 0, count: width * 2)
        var cachedRow = (-1, -1)
        rows.withUnsafeMutableBufferPointer { rows in
            let row0 = rows.baseAddress!, row1 = rows.baseAddress! + width
            for dy in 0..<height {
                var fy = Float((Double(dy) + 0.5) * scaleY - 0.5)
                let sy = Int(fy.rounded(.down))
                fy -= Float(sy)
                // Rows are clamped to the image; unlike columns, the weights are not reset.
                let sy0 = min(max(sy, 0), sourceHeight - 1)
                let sy1 = min(max(sy + 1, 0), sourceHeight - 1)
                let b0 = Int32(fixedPoint(1 - fy)), b1 = Int32(fixedPoint(fy))
                if cachedRow.0 != sy0 {
                    if cachedRow.1 == sy0 {
                        row0.update(from: row1, count: width)
                    } else {
                        horizontal(source + sy0 * sourceStride, sourceWidth: sourceWidth, x0: x0, alpha: alpha, into: row0)
                    }
                }
                if cachedRow.1 != sy1 || cachedRow.0 != sy0 {
                    horizontal(source + sy1 * sourceStride, sourceWidth: sourceWidth, x0: x0, alpha: alpha, into: row1)
                }
                cachedRow = (sy0, sy1)
                let out = destination + dy * width
                for x in 0..<width {
                    let v = ((b0 &* (row0[x] >> 4)) >> 16) &+ ((b1 &* (row1[x] >> 4)) >> 16) &+ 2
                    out[x] = UInt8(truncatingIfNeeded: v >> 2)
                }
            }
        }
    }

    /// `saturate_cast<short>(weight × 2048)`: rounded to nearest, ties to even.
    @inline(__always)
    static func fixedPoint(_ weight: Float) -> Int16 {
        Int16(clamping: Int((weight * coefficientScale).rounded(.toNearestOrEven)))
    }

    static func horizontal(_ row: UnsafePointer<UInt8>, sourceWidth: Int, x0: [Int], alpha: [Int32], into out: UnsafeMutablePointer<Int32>) {
        let last = sourceWidth - 1
        for dx in 0..<x0.count {
            let sx = x0[dx]
            let sx1 = sx < last ? sx + 1 : sx
            out[dx] = Int32(row[sx]) &* alpha[2 * dx] &+ Int32(row[sx1]) &* alpha[2 * dx + 1]
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
