/// A cascade flattened for the scan loop: stages as ranges of weak classifiers, weak
/// classifiers as ranges of nodes and leaves, in contiguous buffers read through raw
/// pointers (no bounds checks or reference counting in the innermost loop). Built once per
/// model and never written afterwards, so it is shared freely between threads. Feature
/// geometry becomes integral-image offsets per scan (`HaarClassifier`, `LBPClassifier`),
/// since offsets depend on the row stride of the image being scanned.
final class CascadeProgram: @unchecked Sendable {
    let model: CascadeModel
    let stageCount: Int
    /// Index one past each stage's last weak classifier.
    let stageEnds: UnsafeMutablePointer<Int>
    /// Stage thresholds widened to `Double`, the precision OpenCV compares stage sums in.
    let stageThresholds: UnsafeMutablePointer<Double>
    /// Per weak classifier: its first node and first leaf.
    let weakFirstNode: UnsafeMutablePointer<Int>
    let weakFirstLeaf: UnsafeMutablePointer<Int>
    /// Per node: the feature, threshold and children (see `CascadeModel.Node`).
    let nodes: UnsafeMutablePointer<CascadeModel.Node>
    let nodeCount: Int
    /// Per node, its children packed in 8 bytes: what the tree walk reads.
    let children: UnsafeMutablePointer<Children>
    /// Leaf values widened to `Double`, the precision stage sums accumulate in.
    let leaves: UnsafeMutablePointer<Double>
    /// Per node, `model.subsetWords` words (LBP only).
    let subsets: UnsafeMutablePointer<Int32>
    /// Every weak classifier is one split, node `k` with leaves `2k` and `2k + 1`.
    let isStumpBased: Bool

    init(_ model: CascadeModel) {
        self.model = model
        var stageEnds: [Int] = [], weakFirstNode: [Int] = [], weakFirstLeaf: [Int] = []
        var nodes: [CascadeModel.Node] = [], leaves: [Float] = [], subsets: [Int32] = []
        for stage in model.stages {
            for weak in stage.weakClassifiers {
                weakFirstNode.append(nodes.count)
                weakFirstLeaf.append(leaves.count)
                nodes += weak.nodes
                leaves += weak.leaves
                subsets += weak.subsets
            }
            stageEnds.append(weakFirstNode.count)
        }
        stageCount = stageEnds.count
        nodeCount = nodes.count
        self.stageEnds = Self.copy(stageEnds)
        stageThresholds = Self.copy(model.stages.map { Double($0.threshold) })
        self.weakFirstNode = Self.copy(weakFirstNode)
        self.weakFirstLeaf = Self.copy(weakFirstLeaf)
        self.nodes = Self.copy(nodes)
        children = Self.copy(nodes.map { Children(left: Int32($0.left), right: Int32($0.right)) })
        self.leaves = Self.copy(leaves.map(Double.init))
        self.subsets = Self.copy(subsets)
        isStumpBased = model.isStumpBased
    }

    deinit {
        stageEnds.deallocate()
        stageThresholds.deallocate()
        weakFirstNode.deallocate()
        weakFirstLeaf.deallocate()
        nodes.deallocate()
        children.deallocate()
        leaves.deallocate()
        subsets.deallocate()
    }

    private static func copy<T>(_ array: [T]) -> UnsafeMutablePointer<T> {
        let buffer = UnsafeMutablePointer<T>.allocate(capacity: max(array.count, 1))
        buffer.initialize(from: array, count: array.count)
        return buffer
    }

    /// OpenCV's predictOrdered/predictCategorical (and their stump variants): runs the stages
    /// on one window; `goesLeft(node)` evaluates a node's split there.
    @inline(__always)
    func run(_ goesLeft: (Int) -> Bool) -> WindowResult {
        var weak = 0
        var sum = 0.0
        for stage in 0..<stageCount {
            sum = 0
            let end = stageEnds[stage]
            if isStumpBased {
                while weak < end {
                    sum += leaves[goesLeft(weak) ? 2 &* weak : 2 &* weak &+ 1]
                    weak &+= 1
                }
            } else {
                while weak < end {
                    let root = weakFirstNode[weak]
                    var index = 0
                    repeat {
                        let node = root &+ index
                        let next = children[node]
                        index = Int(goesLeft(node) ? next.left : next.right)
                    } while index > 0
                    sum += leaves[weakFirstLeaf[weak] &- index]
                    weak &+= 1
                }
            }
            if sum < stageThresholds[stage] { return WindowResult(code: -stage, sum: sum) }
        }
        return WindowResult(code: 1, sum: sum)
    }
}

/// A node's branches (`CascadeModel.Node.left`/`right`).
struct Children {
    var left: Int32
    var right: Int32
}

/// What evaluating the cascade at one window gave, in OpenCV's `runAt` encoding: 1 when every
/// stage passed, `-s` when stage `s` rejected it (0: the first stage, which lets the scan skip
/// the next window), -1 when the window was not evaluated (Haar: too flat to normalise).
/// `sum` is the last evaluated stage's sum — for a detection, the level weight.
struct WindowResult {
    var code: Int
    var sum: Double

    static let unevaluated = WindowResult(code: -1, sum: 0)
}
