import FaceBenchModel

/// The parameter grid both cascade backends are checked on against OpenCV (`facebench
/// parity-grid`, `make parity`): every scale × neighbours × min × max below, for every cascade.
/// `scripts/opencv-reference.py --grid` writes OpenCV's answers for the same grid.
public struct CascadeGrid: Sendable {
    public struct Combination: Hashable, Sendable, CustomStringConvertible {
        public var scale: Double
        public var neighbors: Int
        public var minSize: Int
        public var maxSize: Int

        public init(scale: Double, neighbors: Int, minSize: Int, maxSize: Int) {
            self.scale = scale
            self.neighbors = neighbors
            self.minSize = minSize
            self.maxSize = maxSize
        }

        public var description: String { "scale=\(scale),neighbors=\(neighbors),min=\(minSize),max=\(maxSize)" }
    }

    public var scales: [Double]
    public var neighbors: [Int]
    public var minSizes: [Int]
    public var maxSizes: [Int]

    public static let standard = CascadeGrid(scales: [1.05, 1.1, 1.3], neighbors: [1, 3, 6], minSizes: [0, 30], maxSizes: [0, 120])

    public init(scales: [Double], neighbors: [Int], minSizes: [Int], maxSizes: [Int]) {
        self.scales = scales
        self.neighbors = neighbors
        self.minSizes = minSizes
        self.maxSizes = maxSizes
    }

    /// In the reference files' order: scale, then neighbours, min, max.
    public var combinations: [Combination] {
        scales.flatMap { scale in
            neighbors.flatMap { n in
                minSizes.flatMap { minSize in maxSizes.map { maxSize in Combination(scale: scale, neighbors: n, minSize: minSize, maxSize: maxSize) } }
            }
        }
    }

    /// The windows a scan limited to `minSize`…`maxSize` accepts, taken from `hits`, the scan
    /// of the same image and scale without limits. Pyramid levels are scanned independently and
    /// the limits only drop whole levels, so the limited scan's windows are the full scan's
    /// windows of the levels it keeps; a window's level is known by its width, which differs
    /// from level to level (checked: otherwise this throws, and the limits need a scan of their own).
    public static func restrict(_ hits: [RawHit], image: (width: Int, height: Int), window: (width: Int, height: Int),
                                scale: Double, minSize: Int, maxSize: Int) throws -> [RawHit] {
        guard minSize > 0 || maxSize > 0 else { return hits }
        let all = PyramidPlan(imageWidth: image.width, imageHeight: image.height, windowWidth: window.width,
                              windowHeight: window.height, scaleFactor: scale, minSize: 0, maxSize: 0).levels.map(\.windowWidth)
        guard Set(all).count == all.count else {
            throw FaceBenchError.failed("scale \(scale): two pyramid levels share a window width (\(all)); the size limits cannot be taken from one scan")
        }
        let kept = Set(PyramidPlan(imageWidth: image.width, imageHeight: image.height, windowWidth: window.width,
                                   windowHeight: window.height, scaleFactor: scale, minSize: minSize, maxSize: maxSize).levels.map(\.windowWidth))
        return hits.filter { kept.contains($0.width) }
    }
}
