import FaceBenchModel

/// The `landmarks` protocol's result: `scores` for a detector with landmarks, null (no
/// scores, no table row) for one without.
public enum LandmarkResult: EvaluationResult {
    case scored(LandmarkScores)
    case detectorWithoutLandmarks

    public var scores: LandmarkScores? {
        if case let .scored(scores) = self { return scores }
        return nil
    }

    public static let declarations = [
        MetricDeclaration("iou_threshold", .setting), MetricDeclaration("faces_*", .informationalCount),
        MetricDeclaration("nme.*", MetricKind(.lowerIsBetter, .normalisedError)), MetricDeclaration("failure_rate.*", .lowerFraction),
        MetricDeclaration("auc.*", .higherFraction), MetricDeclaration("by_size.*.lower", MetricKind(.neither, .pixels)),
        MetricDeclaration("by_size.*.upper", MetricKind(.neither, .pixels)), MetricDeclaration("by_size.*.faces", .informationalCount),
        MetricDeclaration("by_size.*.nme_mean", MetricKind(.lowerIsBetter, .normalisedError)),
    ]

    public var figures: [(key: String, value: Double?)] {
        guard let s = scores else { return [] }
        return [
            ("iou_threshold", s.iouThreshold), ("faces_annotated", Double(s.facesAnnotated)), ("faces_scored", Double(s.facesScored)),
            ("faces_missed", Double(s.facesMissed)), ("faces_without_landmarks", Double(s.facesWithoutLandmarks)),
            ("faces_unnormalisable", Double(s.facesUnnormalisable)), ("nme.mean", s.nme.mean), ("nme.median", s.nme.median),
        ]
            + s.failureRate.entries.map { ("failure_rate." + $0.name, $0.value) } + s.auc.entries.map { ("auc." + $0.name, $0.value) }
            + s.bySize.flatMap { bucket in
                let prefix = "by_size." + bucket.label + "."
                return [(prefix + "lower", bucket.lower), (prefix + "upper", bucket.upper), (prefix + "faces", Double(bucket.faces)), (prefix + "nme_mean", bucket.nmeMean)]
            }
    }

    public static let protocolName = "landmarks"
    public var erased: ProtocolResult { .landmarks(self) }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = container.decodeNil() ? .detectorWithoutLandmarks : .scored(try container.decode(LandmarkScores.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let scores { try container.encode(scores) } else { try container.encodeNil() }
    }
}

/// A detector's landmark accuracy (see `LandmarkEvaluator` for the definitions). NME values
/// are null where no face is scored.
public struct LandmarkScores: Sendable, Equatable, Codable {
    public struct NME: Sendable, Equatable, Codable {
        public var mean: Double?
        public var median: Double?
    }

    public struct PointError: Sendable, Equatable, Codable {
        public var name: String
        public var meanError: Double?
        enum CodingKeys: String, CodingKey { case name, meanError = "mean_error" }
    }

    public struct SizeBucket: Sendable, Equatable, Codable {
        public var label: String
        public var lower: Double
        public var upper: Double?
        public var faces: Int
        public var nmeMean: Double?
        enum CodingKeys: String, CodingKey { case label, lower, upper, faces, nmeMean = "nme_mean" }
    }

    public struct Face: Sendable, Equatable, Codable {
        public var imageID: Int
        public var image: String
        public var face: Int
        public var height: Double
        public var nme: Double
        enum CodingKeys: String, CodingKey { case imageID = "image_id", image, face, height, nme }
    }

    public var iouThreshold: Double
    public var datasetScheme: String
    public var detectorScheme: String
    /// `native` or `common five`.
    public var comparison: String?
    public var points: [String]
    public var normaliser: String
    public var facesAnnotated: Int
    public var facesScored: Int
    public var facesMissed: Int
    public var facesWithoutLandmarks: Int
    public var facesUnnormalisable: Int
    public var nme: NME
    /// By threshold (`"0.08"`, `"0.10"`).
    public var failureRate: NamedValues
    public var auc: NamedValues
    public var perPoint: [PointError]
    public var bySize: [SizeBucket]
    public var faces: [Face]

    enum CodingKeys: String, CodingKey {
        case iouThreshold = "iou_threshold", datasetScheme = "dataset_scheme", detectorScheme = "detector_scheme", comparison, points
        case normaliser, facesAnnotated = "faces_annotated", facesScored = "faces_scored", facesMissed = "faces_missed"
        case facesWithoutLandmarks = "faces_without_landmarks", facesUnnormalisable = "faces_unnormalisable", nme
        case failureRate = "failure_rate", auc, perPoint = "per_point", bySize = "by_size", faces
    }
}
