import FaceBenchModel

/// The `fp_table` protocol's result: the detection rate at each requested number of false
/// positives (null where the detector never produces that many), where its curve ends, the
/// log-average miss rate, and the miss rate against FPPI curve. On MIT+CMU with the standard
/// counts, `reference` carries Viola & Jones' published row.
public struct FalsePositiveTableResult: EvaluationResult {
    public struct Curve: Sendable, Equatable, Codable {
        /// Always `["fppi", "miss_rate", "score"]`: the meaning of each point's numbers.
        public var columns: [String]
        public var points: [[Double]]
    }

    public struct Reference: Sendable, Equatable, Codable {
        public var name: String
        public var detectionRate: NamedValues
        enum CodingKeys: String, CodingKey { case name, detectionRate = "detection_rate" }
    }

    public var iouThreshold: Double
    public var faces: Int
    public var images: Int
    /// By false-positive count (`"10"`, `"31"`, …), in the requested order.
    public var detectionRate: NamedValues
    public var maxFalsePositives: Int
    public var detectionRateAtMax: Double
    public var logAverageMissRate: Double?
    public var missRateByFPPI: Curve
    public var reference: Reference?

    enum CodingKeys: String, CodingKey {
        case iouThreshold = "iou_threshold", faces, images, detectionRate = "detection_rate", maxFalsePositives = "max_false_positives"
        case detectionRateAtMax = "detection_rate_at_max", logAverageMissRate = "log_average_miss_rate"
        case missRateByFPPI = "miss_rate_fppi", reference
    }

    /// The detection rate at the curve's end describes how far the curve goes, not a score to
    /// compare; the published reference row is a constant.
    public static let declarations = [
        MetricDeclaration("iou_threshold", .setting), MetricDeclaration("faces", .informationalCount),
        MetricDeclaration("images", .informationalCount), MetricDeclaration("detection_rate.*", .higherFraction),
        MetricDeclaration("max_false_positives", .informationalCount), MetricDeclaration("detection_rate_at_max", MetricKind(.neither, .fraction)),
        MetricDeclaration("log_average_miss_rate", .lowerFraction), MetricDeclaration("reference.detection_rate.*", MetricKind(.neither, .fraction)),
    ]

    public var figures: [(key: String, value: Double?)] {
        [("iou_threshold", iouThreshold), ("faces", Double(faces)), ("images", Double(images))]
            + detectionRate.entries.map { ("detection_rate." + $0.name, $0.value) }
            + [
                ("max_false_positives", Double(maxFalsePositives)), ("detection_rate_at_max", detectionRateAtMax),
                ("log_average_miss_rate", logAverageMissRate),
            ]
            + (reference?.detectionRate.entries ?? []).map { ("reference.detection_rate." + $0.name, $0.value) }
    }

    public static let protocolName = "fp_table"
    public var erased: ProtocolResult { .falsePositives(self) }

    public init(
        iouThreshold: Double, faces: Int, images: Int, detectionRate: NamedValues, maxFalsePositives: Int, detectionRateAtMax: Double,
        logAverageMissRate: Double?, missRateByFPPI: Curve, reference: Reference?
    ) {
        self.iouThreshold = iouThreshold
        self.faces = faces
        self.images = images
        self.detectionRate = detectionRate
        self.maxFalsePositives = maxFalsePositives
        self.detectionRateAtMax = detectionRateAtMax
        self.logAverageMissRate = logAverageMissRate
        self.missRateByFPPI = missRateByFPPI
        self.reference = reference
    }

    // `reference` is absent, not null, off MIT+CMU: the only key of a result that may be missing.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        iouThreshold = try c.decode(Double.self, forKey: .iouThreshold)
        faces = try c.decode(Int.self, forKey: .faces)
        images = try c.decode(Int.self, forKey: .images)
        detectionRate = try c.decode(NamedValues.self, forKey: .detectionRate)
        maxFalsePositives = try c.decode(Int.self, forKey: .maxFalsePositives)
        detectionRateAtMax = try c.decode(Double.self, forKey: .detectionRateAtMax)
        logAverageMissRate = try c.decodeIfPresent(Double.self, forKey: .logAverageMissRate)
        missRateByFPPI = try c.decode(Curve.self, forKey: .missRateByFPPI)
        reference = c.contains(.reference) ? try c.decode(Reference.self, forKey: .reference) : nil
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(iouThreshold, forKey: .iouThreshold)
        try c.encode(faces, forKey: .faces)
        try c.encode(images, forKey: .images)
        try c.encode(detectionRate, forKey: .detectionRate)
        try c.encode(maxFalsePositives, forKey: .maxFalsePositives)
        try c.encode(detectionRateAtMax, forKey: .detectionRateAtMax)
        try c.encodeIfPresent(logAverageMissRate, forKey: .logAverageMissRate)
        try c.encode(missRateByFPPI, forKey: .missRateByFPPI)
        if let reference { try c.encode(reference, forKey: .reference) }
    }
}
