/// One LBP feature ready to evaluate: the 4×4 grid of integral-image offsets bounding its
/// 3×3 blocks, row by row, relative to the window's top-left entry.
struct LBPSplit {
    var row0: SIMD4<Int32>
    var row1: SIMD4<Int32>
    var row2: SIMD4<Int32>
    var row3: SIMD4<Int32>
}

/// OpenCV's LBPEvaluator + predictCategorical(Stump): each node computes the 8-bit code of
/// its feature (bit set when an outer block's sum is at least the centre block's, clockwise
/// from the top-left block as bit 7) and goes left when that bit of its subset is set. Stage
/// sums accumulate in `Double` as in OpenCV.
struct LBPClassifier {
    let program: CascadeProgram
    let splits: [LBPSplit]

    init(program: CascadeProgram, stride: Int) {
        self.program = program
        let model = program.model
        splits = UnsafeBufferPointer(start: program.nodes, count: program.nodeCount).map { node in
            let f = model.lbpFeatures[node.feature]
            func row(_ r: Int) -> SIMD4<Int32> {
                let y = f.y + r * f.height
                return SIMD4((0..<4).map { Int32(f.x + $0 * f.width + stride * y) })
            }
            return LBPSplit(row0: row(0), row1: row(1), row2: row(2), row3: row(3))
        }
    }

    @inline(__always)
    static func block(_ a: Int32, _ b: Int32, _ c: Int32, _ d: Int32, _ p: UnsafePointer<Int32>) -> Int32 {
        p[Int(a)] &- p[Int(b)] &- p[Int(c)] &+ p[Int(d)]
    }

    @inline(__always)
    static func code(_ split: UnsafePointer<LBPSplit>, _ p: UnsafePointer<Int32>) -> Int {
        let r0 = split.pointee.row0, r1 = split.pointee.row1, r2 = split.pointee.row2, r3 = split.pointee.row3
        let centre = block(r1[1], r1[2], r2[1], r2[2], p)
        var code = block(r0[0], r0[1], r1[0], r1[1], p) >= centre ? 128 : 0
        code |= block(r0[1], r0[2], r1[1], r1[2], p) >= centre ? 64 : 0
        code |= block(r0[2], r0[3], r1[2], r1[3], p) >= centre ? 32 : 0
        code |= block(r1[2], r1[3], r2[2], r2[3], p) >= centre ? 16 : 0
        code |= block(r2[2], r2[3], r3[2], r3[3], p) >= centre ? 8 : 0
        code |= block(r2[1], r2[2], r3[1], r3[2], p) >= centre ? 4 : 0
        code |= block(r2[0], r2[1], r3[0], r3[1], p) >= centre ? 2 : 0
        code |= block(r1[0], r1[1], r2[0], r2[1], p) >= centre ? 1 : 0
        return code
    }

    @inline(__always)
    func classify(_ p: UnsafePointer<Int32>, splits: UnsafePointer<LBPSplit>) -> WindowResult {
        let words = program.model.subsetWords
        let subsets = program.subsets
        return program.run { node in
            let c = Self.code(splits + node, p)
            return subsets[node &* words &+ (c >> 5)] & (1 << Int32(c & 31)) != 0
        }
    }
}
