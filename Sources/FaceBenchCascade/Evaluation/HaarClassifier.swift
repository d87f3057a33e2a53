/// One node of a Haar cascade ready to evaluate: the feature's rectangles as four
/// integral-image offsets each (relative to the window's top-left entry, tilted ones already
/// shifted into the tilted plane), their weights, and the node's threshold.
struct HaarSplit {
    var rect0: SIMD4<Int32>
    var rect1: SIMD4<Int32>
    var rect2: SIMD4<Int32>
    /// Weights of the three rectangles, then the threshold.
    var weights: SIMD4<Float>
}

/// OpenCV's HaarEvaluator + predictOrdered(Stump) over integral planes laid out in one buffer:
/// sum at offset 0, tilted at `tiltedOffset`, squared sum at `squaresOffset`.
///
/// Arithmetic follows OpenCV's exactly: rectangle sums in wrapping `Int32`, the feature value
/// as `Float` (`w0·s0 + w1·s1`, then `+ w2·s2` when the third weight is non-zero), multiplied
/// by the window's `Float` normalisation factor; stage sums accumulate in `Double`. A window
/// whose standard deviation over the inner `(1, 1, w−2, h−2)` rectangle is at most 10 grey
/// levels is not evaluated, as in OpenCV 4.
struct HaarClassifier {
    let program: CascadeProgram
    let splits: [HaarSplit]
    /// Offsets of the normalisation rectangle's corners in the sum (and squared-sum) plane.
    let normCorners: SIMD4<Int32>
    let normArea: Double
    let squaresOffset: Int

    init(program: CascadeProgram, stride: Int, tiltedOffset: Int, squaresOffset: Int) {
        self.program = program
        self.squaresOffset = squaresOffset
        let model = program.model
        let normWidth = model.windowWidth - 2, normHeight = model.windowHeight - 2
        normCorners = Self.corners(x: 1, y: 1, width: normWidth, height: normHeight, stride: stride)
        normArea = Double(normWidth * normHeight)
        splits = UnsafeBufferPointer(start: program.nodes, count: program.nodeCount).map { node in
            let feature = model.haarFeatures[node.feature]
            var rects = [SIMD4<Int32>](repeating: .zero, count: 3)
            var weights = SIMD4<Float>(0, 0, 0, node.threshold)
            for (i, rect) in feature.rects.enumerated() {
                weights[i] = rect.weight
                rects[i] = feature.tilted
                    ? Self.tiltedCorners(rect, stride: stride) &+ Int32(tiltedOffset)
                    : Self.corners(x: rect.x, y: rect.y, width: rect.width, height: rect.height, stride: stride)
            }
            return HaarSplit(rect0: rects[0], rect1: rects[1], rect2: rects[2], weights: weights)
        }
    }

    /// Offsets of (x, y), (x + w, y), (x, y + h), (x + w, y + h): sum = p0 − p1 − p2 + p3.
    static func corners(x: Int, y: Int, width: Int, height: Int, stride: Int) -> SIMD4<Int32> {
        SIMD4(Int32(x + stride * y), Int32(x + width + stride * y),
              Int32(x + stride * (y + height)), Int32(x + width + stride * (y + height)))
    }

    /// The tilted rectangle's corners (top, left, right, bottom) in the tilted plane.
    static func tiltedCorners(_ r: CascadeModel.WeightedRect, stride: Int) -> SIMD4<Int32> {
        SIMD4(Int32(r.x + stride * r.y), Int32(r.x - r.height + stride * (r.y + r.height)),
              Int32(r.x + r.width + stride * (r.y + r.width)),
              Int32(r.x + r.width - r.height + stride * (r.y + r.width + r.height)))
    }

    @inline(__always)
    static func rectSum(_ c: SIMD4<Int32>, _ p: UnsafePointer<Int32>) -> Int32 {
        p[Int(c[0])] &- p[Int(c[1])] &- p[Int(c[2])] &+ p[Int(c[3])]
    }

    @inline(__always)
    static func value(_ split: UnsafePointer<HaarSplit>, _ p: UnsafePointer<Int32>) -> Float {
        let w = split.pointee.weights
        var value = w[0] * Float(rectSum(split.pointee.rect0, p)) + w[1] * Float(rectSum(split.pointee.rect1, p))
        if w[2] != 0 { value += w[2] * Float(rectSum(split.pointee.rect2, p)) }
        return value
    }

    /// Evaluates the window whose top-left entry in the sum plane is `p`.
    @inline(__always)
    func classify(_ p: UnsafePointer<Int32>, splits: UnsafePointer<HaarSplit>) -> WindowResult {
        let valueSum = Self.rectSum(normCorners, p)
        let squareSum = UInt32(bitPattern: Self.rectSum(normCorners, p + squaresOffset))
        var nf = normArea * Double(squareSum) - Double(valueSum) * Double(valueSum)
        guard nf > 0 else { return .unevaluated }
        nf = nf.squareRoot()
        let factor = Float(1 / nf)
        guard normArea * Double(factor) < 0.1 else { return .unevaluated }
        return program.run { node in
            let split = splits + node
            return Self.value(split, p) * factor < split.pointee.weights[3]
        }
    }
}
