/// OpenCV's `cv::integral` for 8-bit images with 32-bit outputs: the sum, the squared sum and
/// the 45°-tilted sum, written into planes of one buffer that share a row stride.
///
/// All three are computed in wrapping 32-bit arithmetic as OpenCV's CV_32S outputs are: the
/// squared sum of a large image overflows, but differences over a detection window (at most
/// a few thousand pixels) come out exact, which is all the evaluators use. The tilted sum
/// follows OpenCV's own recurrence, borders included, so tilted features see the same values.
enum IntegralImages {
    /// Fills `(width + 1) × (height + 1)` entries of each requested plane from `image` (rows
    /// `width` bytes apart). Row and column 0 are zero.
    static func compute(
        _ image: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int,
        sum: UnsafeMutablePointer<Int32>, squares: UnsafeMutablePointer<Int32>?, tilted: UnsafeMutablePointer<Int32>?
    ) {
        sum.update(repeating: 0, count: width + 1)
        squares?.update(repeating: 0, count: width + 1)
        if let tilted {
            computeWithTilted(image, width: width, height: height, stride: stride, sum: sum, squares: squares, tilted: tilted)
            return
        }
        for y in 0..<height {
            let source = image + y * width
            let above = sum + y * stride, row = above + stride
            row[0] = 0
            var s: Int32 = 0
            if let squares {
                let aboveSquares = squares + y * stride, rowSquares = aboveSquares + stride
                rowSquares[0] = 0
                var sq: Int32 = 0
                for x in 0..<width {
                    let v = Int32(source[x])
                    s &+= v
                    sq &+= v &* v
                    row[x + 1] = above[x + 1] &+ s
                    rowSquares[x + 1] = aboveSquares[x + 1] &+ sq
                }
            } else {
                for x in 0..<width {
                    s &+= Int32(source[x])
                    row[x + 1] = above[x + 1] &+ s
                }
            }
        }
    }

    /// OpenCV's three-output loop, transcribed with `buf` (its diagonal running sums).
    private static func computeWithTilted(
        _ image: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int,
        sum: UnsafeMutablePointer<Int32>, squares: UnsafeMutablePointer<Int32>?, tilted: UnsafeMutablePointer<Int32>
    ) {
        tilted.update(repeating: 0, count: width + 1)
        guard height > 0, width > 0 else { return }
        let buf = UnsafeMutablePointer<Int32>.allocate(capacity: width + 1)
        defer { buf.deallocate() }
        // Pointers to (row 1, column 1) of each plane, as OpenCV keeps them.
        var s = sum + stride + 1, t = tilted + stride + 1
        var q = squares.map { $0 + stride + 1 }
        var source = image

        s[-1] = 0
        t[-1] = 0
        q?[-1] = 0
        var rowSum: Int32 = 0, rowSquares: Int32 = 0
        for x in 0..<width {
            let v = Int32(source[x])
            buf[x] = v
            t[x] = v
            rowSum &+= v
            rowSquares &+= v &* v
            s[x] = rowSum
            q?[x] = rowSquares
        }
        if width == 1 { buf[1] = 0 }

        for _ in 1..<height {
            source += width
            s += stride
            t += stride
            q = q.map { $0 + stride }
            var v = Int32(source[0])
            var t0 = v
            rowSum = v
            rowSquares = v &* v
            s[-1] = 0
            q?[-1] = 0
            t[-1] = t[-stride]
            s[0] = s[-stride] &+ t0
            if let q { q[0] = q[-stride] &+ rowSquares }
            t[0] = t[-stride] &+ t0 &+ buf[1]
            var x = 1
            while x < width - 1 {
                var t1 = buf[x]
                buf[x - 1] = t1 &+ t0
                v = Int32(source[x])
                t0 = v
                rowSum &+= v
                rowSquares &+= v &* v
                s[x] = s[x - stride] &+ rowSum
                if let q { q[x] = q[x - stride] &+ rowSquares }
                t1 &+= buf[x + 1] &+ t0 &+ t[x - stride - 1]
                t[x] = t1
                x += 1
            }
            if width > 1 {
                let t1 = buf[x]
                buf[x - 1] = t1 &+ t0
                v = Int32(source[x])
                t0 = v
                rowSum &+= v
                rowSquares &+= v &* v
                s[x] = s[x - stride] &+ rowSum
                if let q { q[x] = q[x - stride] &+ rowSquares }
                t[x] = t0 &+ t1 &+ t[x - stride - 1]
                buf[x] = t0
            }
        }
    }
}
