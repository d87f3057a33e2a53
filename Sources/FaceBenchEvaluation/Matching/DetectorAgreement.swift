import FaceBenchModel

/// How far detectors agree with each other on the same images: no ground truth needed.
///
/// Contract (docs/evaluation.md, "Agreement between detectors"): for detectors A and B on one
/// image, `matched` is the largest number of one-to-one pairs of an A detection and a B
/// detection whose boxes overlap at IoU ≥ the threshold (a maximum matching, so it depends
/// neither on scores nor on which detector comes first). Every detection a detector returned
/// counts, at its own threshold. Summed over the images both ran on without failing: the share
/// of A's detections B also found is matched ÷ A's detections, and the agreement F1 (Dice) is
/// 2 · matched ÷ (A's + B's detections), symmetric.
public struct DetectorAgreement: Sendable, Equatable {
    public struct Pair: Sendable, Equatable {
        public var first: String
        public var second: String
        /// Images both ran on without failing: the only ones counted.
        public var images: Int
        public var firstDetections: Int
        public var secondDetections: Int
        public var matched: Int

        public init(first: String, second: String, images: Int, firstDetections: Int, secondDetections: Int, matched: Int) {
            self.first = first
            self.second = second
            self.images = images
            self.firstDetections = firstDetections
            self.secondDetections = secondDetections
            self.matched = matched
        }

        /// The share of the first's detections the second also found (nil without any).
        public var firstFoundBySecond: Double? { Self.ratio(matched, firstDetections) }
        public var secondFoundByFirst: Double? { Self.ratio(matched, secondDetections) }
        /// 2 · matched ÷ both detections (nil when neither found anything).
        public var f1: Double? { Self.ratio(2 * matched, firstDetections + secondDetections) }

        static func ratio(_ part: Int, _ whole: Int) -> Double? { whole > 0 ? Double(part) / Double(whole) : nil }
    }

    public var iouThreshold: Double
    public var detectors: [String]
    /// Every pair once, the earlier detector of `detectors` first.
    public var pairs: [Pair]
    /// Per image (in the order given), the detections left unmatched summed over every pair
    /// that ran on it: 0 where all detectors found the same faces, more the more they differ.
    public var disagreementPerImage: [Int]

    /// `detections[d][i]`: what detector `detectors[d]` found on image i, nil where it failed.
    public init(detectors: [String], detections: [[[Detection]?]], iouThreshold: Double) {
        precondition(detectors.count == detections.count, "one detection list per detector")
        let images = detections.first?.count ?? 0
        precondition(detections.allSatisfy { $0.count == images }, "every detector has a list per image")
        self.iouThreshold = iouThreshold
        self.detectors = detectors
        var pairs: [Pair] = []
        var disagreement = [Int](repeating: 0, count: images)
        for a in detectors.indices {
            for b in detectors.indices where b > a {
                var pair = Pair(first: detectors[a], second: detectors[b], images: 0, firstDetections: 0, secondDetections: 0, matched: 0)
                for image in 0..<images {
                    guard let first = detections[a][image], let second = detections[b][image] else { continue }
                    let matched = Self.matchedCount(first, second, iouThreshold: iouThreshold)
                    pair.images += 1
                    pair.firstDetections += first.count
                    pair.secondDetections += second.count
                    pair.matched += matched
                    disagreement[image] += first.count + second.count - 2 * matched
                }
                pairs.append(pair)
            }
        }
        self.pairs = pairs
        disagreementPerImage = disagreement
    }

    /// The pair of `a` and `b` in either order, as stored.
    public func pair(_ a: String, _ b: String) -> Pair? {
        pairs.first { ($0.first == a && $0.second == b) || ($0.first == b && $0.second == a) }
    }

    /// The share of `a`'s detections that `b` also found.
    public func share(of a: String, foundBy b: String) -> Double? {
        guard let pair = pair(a, b) else { return nil }
        return pair.first == a ? pair.firstFoundBySecond : pair.secondFoundByFirst
    }

    /// The largest number of one-to-one pairs of an `a` and a `b` box at IoU ≥ `iouThreshold`:
    /// a maximum-cardinality matching by breadth-first augmenting paths over the pairs that
    /// overlap enough, which are few per box, where the weighted Hungarian method would spend
    /// O(n²m) on a crowd's dense matrix of zeros and ones for the same count. Iterative, so a
    /// crafted crowd of thousands of boxes cannot exhaust a worker thread's stack.
    public static func matchedCount(_ a: [Detection], _ b: [Detection], iouThreshold: Double) -> Int {
        guard !a.isEmpty, !b.isEmpty else { return 0 }
        let neighbours = a.map { x in b.indices.filter { x.box.iou(b[$0].box) >= iouThreshold } }
        var rowOf = [Int?](repeating: nil, count: b.count), columnOf = [Int?](repeating: nil, count: a.count)
        var matched = 0
        for start in a.indices where !neighbours[start].isEmpty {
            // Columns reached, each with the row it was reached from; the rows to expand.
            var reachedFrom = [Int?](repeating: nil, count: b.count)
            var queue = [start], head = 0
            var free: Int?
            search: while head < queue.count {
                let row = queue[head]
                head += 1
                for column in neighbours[row] where reachedFrom[column] == nil {
                    reachedFrom[column] = row
                    guard let owner = rowOf[column] else {
                        free = column
                        break search
                    }
                    queue.append(owner)
                }
            }
            // Flip the path from the free column back to `start`.
            var column = free
            while let current = column, let row = reachedFrom[current] {
                column = columnOf[row]
                rowOf[current] = row
                columnOf[row] = current
            }
            if free != nil { matched += 1 }
        }
        return matched
    }
}
