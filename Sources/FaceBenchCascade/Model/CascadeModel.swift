/// A trained Viola-Jones cascade as OpenCV's `CascadeClassifier` holds it after loading a
/// "new format" XML file: boosted stages of weak classifiers (decision stumps or small
/// trees) over Haar or LBP features measured in a fixed training window.
///
/// Contract:
///  - Immutable and `Sendable`: one model serves any number of threads.
///  - Numbers are stored exactly as OpenCV stores them after reading (the XML's doubles
///    rounded to `Float`; stage thresholds lowered by OpenCV's 1e-5), because detection
///    decisions compare in that precision.
///  - Every index (feature, node, leaf) and every feature rectangle has been checked against
///    the window by the loader, so evaluation can read the integral images unchecked.
public struct CascadeModel: Sendable {
    public enum FeatureType: String, Sendable {
        case haar = "HAAR"
        case lbp = "LBP"
    }

    /// One rectangle of a Haar feature: its pixel sum is multiplied by `weight`. A tilted
    /// rectangle is rotated 45°: from its top corner `(x, y)` it extends `width` down-right
    /// and `height` down-left.
    public struct WeightedRect: Sendable, Equatable {
        public var x: Int, y: Int, width: Int, height: Int
        public var weight: Float
    }

    public struct HaarFeature: Sendable, Equatable {
        /// Two or three rectangles (OpenCV's limit).
        public var rects: [WeightedRect]
        public var tilted: Bool
    }

    /// A 3×3 grid of `width`×`height` blocks whose top-left block starts at `(x, y)`; the
    /// code compares the eight outer blocks' sums with the centre's.
    public struct LBPFeature: Sendable, Equatable {
        public var x: Int, y: Int, width: Int, height: Int
    }

    /// A split of a weak classifier's tree. `left`/`right` > 0 index another node of the
    /// same tree; ≤ 0 name leaf `-left`/`-right`. Ordered features (Haar) go left when the
    /// normalised value is below `threshold`; categorical ones (LBP) go left when the code's
    /// bit is set in `subset` (8 words of 32 bits).
    public struct Node: Sendable, Equatable {
        public var feature: Int
        public var threshold: Float
        public var left: Int
        public var right: Int
    }

    public struct WeakClassifier: Sendable, Equatable {
        public var nodes: [Node]
        /// `nodes.count + 1` values; the stage sums the leaf a window reaches.
        public var leaves: [Float]
        /// For LBP: `nodes.count` × `subsetWords` words, node by node.
        public var subsets: [Int32]
    }

    public struct Stage: Sendable, Equatable {
        /// The XML threshold as a `Float`, minus 1e-5 (OpenCV's THRESHOLD_EPS).
        public var threshold: Float
        public var weakClassifiers: [WeakClassifier]
    }

    public var featureType: FeatureType
    /// The training window, e.g. 24×24 (Haar default) or 45×45 (LBP improved).
    public var windowWidth: Int
    public var windowHeight: Int
    public var stages: [Stage]
    public var haarFeatures: [HaarFeature]
    public var lbpFeatures: [LBPFeature]
    /// Words of each LBP subset (OpenCV: (maxCatCount + 31) / 32); 0 for Haar.
    public var subsetWords: Int

    /// True when every weak classifier is a single split (OpenCV's "stump" fast path).
    public var isStumpBased: Bool { stages.allSatisfy { $0.weakClassifiers.allSatisfy { $0.nodes.count == 1 } } }
    public var hasTiltedFeatures: Bool { haarFeatures.contains { $0.tilted } }

    public init(
        featureType: FeatureType, windowWidth: Int, windowHeight: Int, stages: [Stage],
        haarFeatures: [HaarFeature], lbpFeatures: [LBPFeature], subsetWords: Int
    ) {
        self.featureType = featureType
        self.windowWidth = windowWidth
        self.windowHeight = windowHeight
        self.stages = stages
        self.haarFeatures = haarFeatures
        self.lbpFeatures = lbpFeatures
        self.subsetWords = subsetWords
    }
}
