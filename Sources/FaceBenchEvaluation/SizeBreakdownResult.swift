import FaceBenchModel

/// The `sizes` protocol's result: recall and AP per face-size bucket at one IoU; null where
/// the bucket has no face. `upper` is null for an open bucket.
public struct SizeBreakdownResult: EvaluationResult {
    public struct Bucket: Sendable, Equatable, Codable {
        public var label: String
        /// `height` (px) or `area` (px²).
        public var measure: String
        public var lower: Double
        public var upper: Double?
        public var faces: Int
        public var recall: Double?
        public var averagePrecision: Double?
        enum CodingKeys: String, CodingKey { case label, measure, lower, upper, faces, recall, averagePrecision = "ap" }
    }

    public var iouThreshold: Double
    public var buckets: [Bucket]

    enum CodingKeys: String, CodingKey { case iouThreshold = "iou_threshold", buckets }

    public static let declarations = [
        MetricDeclaration("iou_threshold", .setting), MetricDeclaration("buckets.*.recall", .higherFraction),
        MetricDeclaration("buckets.*.ap", .higherFraction), MetricDeclaration("buckets.*.faces", .informationalCount),
        MetricDeclaration("buckets.*.lower", MetricKind(.neither, .pixels)), MetricDeclaration("buckets.*.upper", MetricKind(.neither, .pixels)),
    ]

    public var figures: [(key: String, value: Double?)] {
        [("iou_threshold", iouThreshold)] + buckets.flatMap { bucket in
            let prefix = "buckets." + bucket.label + "."
            return [
                (prefix + "lower", bucket.lower), (prefix + "upper", bucket.upper), (prefix + "faces", Double(bucket.faces)),
                (prefix + "recall", bucket.recall), (prefix + "ap", bucket.averagePrecision),
            ]
        }
    }

    public static let protocolName = "sizes"
    public var erased: ProtocolResult { .sizes(self) }
}
