import FaceBenchModel

/// The `fddb` protocol's result: the discrete and continuous true-positive rate at 1000
/// false positives, and the toolkit's ROC points in its order (ascending threshold).
/// `images_without_size` counts images whose regions could not be clipped at the right and
/// bottom border (their size unknown).
public struct FDDBResult: EvaluationResult {
    public struct Rate: Sendable, Equatable, Codable {
        public var truePositiveRateAt1000: Double
        enum CodingKeys: String, CodingKey { case truePositiveRateAt1000 = "tpr_at_1000_fp" }
    }

    /// One entry per point; `falsePositives` are whole numbers stored as the toolkit prints them.
    public struct ROC: Sendable, Equatable, Codable {
        public var threshold: [Double]
        public var falsePositives: [Double]
        public var discreteTruePositiveRate: [Double]
        public var continuousTruePositiveRate: [Double]
        enum CodingKeys: String, CodingKey {
            case threshold, falsePositives = "false_positives", discreteTruePositiveRate = "discrete_tpr"
            case continuousTruePositiveRate = "continuous_tpr"
        }
    }

    public var faces: Int
    public var images: Int
    public var imagesWithoutSize: Int
    public var detections: Int
    public var discrete: Rate
    public var continuous: Rate
    public var roc: ROC

    enum CodingKeys: String, CodingKey {
        case faces, images, imagesWithoutSize = "images_without_size", detections, discrete, continuous, roc
    }

    public static let declarations = [
        MetricDeclaration("faces", .informationalCount), MetricDeclaration("images", .informationalCount),
        MetricDeclaration("images_without_size", .informationalCount), MetricDeclaration("detections", .informationalCount),
        MetricDeclaration("discrete.tpr_at_1000_fp", .higherFraction), MetricDeclaration("continuous.tpr_at_1000_fp", .higherFraction),
    ]

    public var figures: [(key: String, value: Double?)] {
        [
            ("faces", Double(faces)), ("images", Double(images)), ("images_without_size", Double(imagesWithoutSize)),
            ("detections", Double(detections)), ("discrete.tpr_at_1000_fp", discrete.truePositiveRateAt1000),
            ("continuous.tpr_at_1000_fp", continuous.truePositiveRateAt1000),
        ]
    }

    public static let protocolName = "fddb"
    public var erased: ProtocolResult { .fddb(self) }
}
