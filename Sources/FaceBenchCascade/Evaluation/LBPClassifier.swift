/// One LBP feature ready to evaluate: the 4×4 grid of integral-image offsets bounding its
/// 3×3 blocks (`rc`: row r, column c), relative to the window's top-left entry.
struct LBPSplit {
    var p00: Int32, p01: Int32, p02: Int32, p03: Int32
    var p10: Int32, p11: Int32, p12: Int32, p13: Int32
    var p20: Int32, p21: Int32, p22: Int32, p23: Int32
    var p30: Int32, p31: Int32, p32: Int32, p33: Int32
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
            func at(_ r: Int, _ c: Int) -> Int32 { Int32(f.x + c * f.width + stride * (f.y + r * f.height)) }
            return LBPSplit(p00: at(0, 0), p01: at(0, 1), p02: at(0, 2), p03: at(0, 3),
                            p10: at(1, 0), p11: at(1, 1), p12: at(1, 2), p13: at(1, 3),
                            p20: at(2, 0), p21: at(2, 1), p22: at(2, 2), p23: at(2, 3),
                            p30: at(3, 0), p31: at(3, 1), p32: at(3, 2), p33: at(3, 3))
        }
    }

    /// OpenCV's LBPEvaluator::OptFeature::calc: the eight outer blocks against the centre.
    @inline(__always)
    static func code(_ split: UnsafePointer<LBPSplit>, _ p: UnsafePointer<Int32>) -> Int {
        let s = split.pointee
        // Grid values are read once; each block is p[tl] − p[tr] − p[bl] + p[br].
        let v00 = p[Int(s.p00)], v01 = p[Int(s.p01)], v02 = p[Int(s.p02)], v03 = p[Int(s.p03)]
        let v10 = p[Int(s.p10)], v11 = p[Int(s.p11)], v12 = p[Int(s.p12)], v13 = p[Int(s.p13)]
        let v20 = p[Int(s.p20)], v21 = p[Int(s.p21)], v22 = p[Int(s.p22)], v23 = p[Int(s.p23)]
        let v30 = p[Int(s.p30)], v31 = p[Int(s.p31)], v32 = p[Int(s.p32)], v33 = p[Int(s.p33)]
        let centre = v11 &- v12 &- v21 &+ v22
        var code = v00 &- v01 &- v10 &+ v11 >= centre ? 128 : 0
        code |= v01 &- v02 &- v11 &+ v12 >= centre ? 64 : 0
        code |= v02 &- v03 &- v12 &+ v13 >= centre ? 32 : 0
        code |= v12 &- v13 &- v22 &+ v23 >= centre ? 16 : 0
        code |= v22 &- v23 &- v32 &+ v33 >= centre ? 8 : 0
        code |= v21 &- v22 &- v31 &+ v32 >= centre ? 4 : 0
        code |= v20 &- v21 &- v30 &+ v31 >= centre ? 2 : 0
        code |= v10 &- v11 &- v20 &+ v21 >= centre ? 1 : 0
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
