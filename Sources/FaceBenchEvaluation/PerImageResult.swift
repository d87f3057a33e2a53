import FaceBenchModel

/// The `per_image` protocol's result: every image's true positives, false positives and
/// missed faces, worst first. JSON: the list itself. A list of images has no single figure to
/// tabulate or gate.
public struct PerImageResult: EvaluationResult {
    public struct Image: Sendable, Equatable, Codable {
        public var id: Int
        public var name: String
        public var truePositives: Int
        public var falsePositives: Int
        public var missed: Int
        /// Detections of faces marked ignore.
        public var ignored: Int
        /// Indices into the image's faces.
        public var missedFaces: [Int]
        enum CodingKeys: String, CodingKey {
            case id, name, truePositives = "tp", falsePositives = "fp", missed, ignored, missedFaces = "missed_faces"
        }
    }

    public var images: [Image]

    public init(images: [Image]) { self.images = images }

    public static let declarations: [MetricDeclaration] = []
    public var figures: [(key: String, value: Double?)] { [] }
    public static let protocolName = "per_image"
    public var erased: ProtocolResult { .perImage(self) }

    public init(from decoder: any Decoder) throws { images = try decoder.singleValueContainer().decode([Image].self) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(images)
    }
}
