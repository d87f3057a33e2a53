/// One node of a Haar cascade ready to evaluate: the feature's rectangles as four
/// integral-image offsets each (relative to the window's top-left entry, tilted ones already
/// shifted into the tilted plane; corners top-left, top-right, bottom-left, bottom-right, so
/// sum = p0 − p1 − p2 + p3), their weights, and the node's threshold: 64 bytes, one cache
/// line per node.
struct HaarSplit {
    var a0: Int32, a1: Int32, a2: Int32, a3: Int32
    var b0: Int32, b1: Int32, b2: Int32, b3: Int32
    var c0: Int32, c1: Int32, c2: Int32, c3: Int32
    var w0: Float, w1: Float, w2: Float
    var threshold: Float
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
    let normCorners: [Int]
    let normArea: Double
    let squaresOffset: Int

    init(program: CascadeProgram, stride: Int, tiltedOffset: Int, squaresOffset: Int) {
        self.program = program
        self.squaresOffset = squaresOffset
        let model = program.model
        let normWidth = model.windowWidth - 2, normHeight = model.windowHeight - 2
        normCorners = Self.corners(x: 1, y: 1, width: normWidth, height: normHeight, stride: stride).map(Int.init)
        normArea = Double(normWidth * normHeight)
        splits = UnsafeBufferPointer(start: program.nodes, count: program.nodeCount).map { node in
            let feature = model.haarFeatures[node.feature]
            var corners = [[Int32]](repeating: [0, 0, 0, 0], count: 3)
            var weights: [Float] = [0, 0, 0]
            for (i, rect) in feature.rects.enumerated() {
                weights[i] = rect.weight
                corners[i] = feature.tilted
                    ? Self.tiltedCorners(rect, stride: stride).map { $0 + Int32(tiltedOffset) }
                    : Self.corners(x: rect.x, y: rect.y, width: rect.width, height: rect.height, stride: stride)
            }
            let (a, b, c) = (corners[0], corners[1], corners[2])
            return HaarSplit(a0: a[0], a1: a[1], a2: a[2], a3: a[3], b0: b[0], b1: b[1], b2: b[2], b3: b[3],
                             c0: c[0], c1: c[1], c2: c[2], c3: c[3],
                             w0: weights[0], w1: weights[1], w2: weights[2], threshold: node.threshold)
        }
    }

    /// Offsets of (x, y), (x + w, y), (x, y + h), (x + w, y + h): sum = p0 − p1 − p2 + p3.
    static func corners(x: Int, y: Int, width: Int, height: Int, stride: Int) -> [Int32] {
        [Int32(x + stride * y), Int32(x + width + stride * y), Int32(x + stride * (y + height)), Int32(x + width + stride * (y + height))]
    }

    /// The tilted rectangle's corners (top, left, right, bottom) in the tilted plane.
    static func tiltedCorners(_ r: CascadeModel.WeightedRect, stride: Int) -> [Int32] {
        [Int32(r.x + stride * r.y), Int32(r.x - r.height + stride * (r.y + r.height)),
         Int32(r.x + r.width + stride * (r.y + r.width)), Int32(r.x + r.width - r.height + stride * (r.y + r.width + r.height))]
    }

    /// Whether the node's split sends the window left: OpenCV's OptFeature::calc (`Float`
    /// weighted rectangle sums, the third only when weighted) times the window's normalisation
    /// factor, below the threshold.
    @inline(__always)
    static func goesLeft(_ split: UnsafePointer<HaarSplit>, _ p: UnsafePointer<Int32>, factor: Float) -> Bool {
        let s = split.pointee
        var value = s.w0 * Float(p[Int(s.a0)] &- p[Int(s.a1)] &- p[Int(s.a2)] &+ p[Int(s.a3)])
            + s.w1 * Float(p[Int(s.b0)] &- p[Int(s.b1)] &- p[Int(s.b2)] &+ p[Int(s.b3)])
        if s.w2 != 0 {
            value += s.w2 * Float(p[Int(s.c0)] &- p[Int(s.c1)] &- p[Int(s.c2)] &+ p[Int(s.c3)])
        }
        return value * factor < s.threshold
    }

    /// Evaluates the window whose top-left entry in the sum plane is `p`.
    @inline(__always)
    func classify(_ p: UnsafePointer<Int32>, splits: UnsafePointer<HaarSplit>) -> WindowResult {
        let n0 = normCorners[0], n1 = normCorners[1], n2 = normCorners[2], n3 = normCorners[3]
        let valueSum = p[n0] &- p[n1] &- p[n2] &+ p[n3]
        let q = p + squaresOffset
        let squareSum = UInt32(bitPattern: q[n0] &- q[n1] &- q[n2] &+ q[n3])
        var nf = normArea * Double(squareSum) - Double(valueSum) * Double(valueSum)
        guard nf > 0 else { return .unevaluated }
        nf = nf.squareRoot()
        let factor = Float(1 / nf)
        guard normArea * Double(factor) < 0.1 else { return .unevaluated }
        return program.run { Self.goesLeft(splits + $0, p, factor: factor) }
    }
}
