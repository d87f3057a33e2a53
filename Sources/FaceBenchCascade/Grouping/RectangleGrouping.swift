import FaceBenchModel

/// OpenCV's `groupRectangles` as `detectMultiScale` applies it (eps 0.2), returning both
/// scores its two public variants give.
///
/// Contract:
///  - Hits are partitioned into the connected components of "similar" (every edge within
///    `eps × (min widths + min heights) / 2`), like `cv::partition`;
///  - a group's box is the mean of its members, each coordinate `Float`-divided and rounded to
///    nearest-even as OpenCV's `saturate_cast<int>` does;
///  - groups of at most `minNeighbors` hits are dropped, and so is a group lying inside
///    another (expanded by `eps` of its size) that has more than max(3, its own) hits — or
///    inside any surviving group when it has fewer than 3;
///  - `minNeighbors` ≤ 0 returns the hits themselves, one neighbour each.
///  Faces come out in the order of their groups' first hits.
public enum RectangleGrouping {
    public static let detectMultiScaleEpsilon = 0.2

    public static func group(_ hits: [RawHit], minNeighbors: Int, eps: Double = detectMultiScaleEpsilon) -> [GroupedFace] {
        guard minNeighbors > 0, !hits.isEmpty else {
            return hits.map { GroupedFace(x: $0.x, y: $0.y, width: $0.width, height: $0.height, neighbors: 1, weight: $0.weight) }
        }
        let labels = partition(hits, eps: eps)
        let classCount = (labels.max() ?? -1) + 1
        var sums = [(x: Int, y: Int, width: Int, height: Int)](repeating: (0, 0, 0, 0), count: classCount)
        var counts = [Int](repeating: 0, count: classCount)
        var weights = [Double](repeating: -.infinity, count: classCount)
        for (hit, label) in zip(hits, labels) {
            sums[label].x += hit.x
            sums[label].y += hit.y
            sums[label].width += hit.width
            sums[label].height += hit.height
            counts[label] += 1
            weights[label] = max(weights[label], hit.weight)
        }
        let means = (0..<classCount).map { c -> (x: Int, y: Int, width: Int, height: Int) in
            let s = 1 / Float(counts[c])
            return (roundToEven(Float(sums[c].x) * s), roundToEven(Float(sums[c].y) * s),
                    roundToEven(Float(sums[c].width) * s), roundToEven(Float(sums[c].height) * s))
        }
        var faces: [GroupedFace] = []
        for i in 0..<classCount where counts[i] > minNeighbors {
            let r1 = means[i], n1 = counts[i]
            let nested = (0..<classCount).contains { j in
                let n2 = counts[j]
                guard j != i, n2 > minNeighbors else { return false }
                let r2 = means[j]
                let dx = roundToEven(Double(r2.width) * eps), dy = roundToEven(Double(r2.height) * eps)
                return r1.x >= r2.x - dx && r1.y >= r2.y - dy
                    && r1.x + r1.width <= r2.x + r2.width + dx && r1.y + r1.height <= r2.y + r2.height + dy
                    && (n2 > max(3, n1) || n1 < 3)
            }
            if !nested {
                faces.append(GroupedFace(x: r1.x, y: r1.y, width: r1.width, height: r1.height, neighbors: n1, weight: weights[i]))
            }
        }
        return faces
    }

    /// Labels 0, 1, … of the connected components of the similarity relation, numbered in
    /// the order of their first member.
    static func partition(_ hits: [RawHit], eps: Double) -> [Int] {
        var parent = Array(hits.indices)
        func root(_ i: Int) -> Int {
            var r = i
            while parent[r] != r { r = parent[r] }
            var k = i
            while parent[k] != r {
                let next = parent[k]
                parent[k] = r
                k = next
            }
            return r
        }
        for i in hits.indices {
            for j in 0..<i where similar(hits[i], hits[j], eps: eps) {
                let a = root(i), b = root(j)
                if a != b { parent[max(a, b)] = min(a, b) }
            }
        }
        var labelOfRoot = [Int: Int]()
        return hits.indices.map { i in
            let r = root(i)
            if let label = labelOfRoot[r] { return label }
            let label = labelOfRoot.count
            labelOfRoot[r] = label
            return label
        }
    }

    /// OpenCV's SimilarRects.
    @inline(__always)
    static func similar(_ a: RawHit, _ b: RawHit, eps: Double) -> Bool {
        let delta = eps * Double(min(a.width, b.width) + min(a.height, b.height)) * 0.5
        return Double(abs(a.x - b.x)) <= delta && Double(abs(a.y - b.y)) <= delta
            && Double(abs(a.x + a.width - b.x - b.width)) <= delta && Double(abs(a.y + a.height - b.y - b.height)) <= delta
    }
}
