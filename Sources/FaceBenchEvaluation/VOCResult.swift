import FaceBenchModel

/// The `voc` protocol's result: all-point and 11-point AP at one IoU, and the matching's
/// counts. `AP` and `AP11` are null when no face counts.
public struct VOCResult: EvaluationResult {
    public var iouThreshold: Double
    public var averagePrecision: Double?
    public var elevenPointAveragePrecision: Double?
    public var faces: Int
    public var detections: Int
    public var truePositives: Int
    public var falsePositives: Int
    /// Detections of faces marked ignore (VOC's "difficult"), counted neither way.
    public var ignored: Int

    enum CodingKeys: String, CodingKey {
        case iouThreshold = "iou_threshold", averagePrecision = "AP", elevenPointAveragePrecision = "AP11"
        case faces, detections, truePositives = "tp", falsePositives = "fp", ignored
    }

    public static let declarations = [
        MetricDeclaration("iou_threshold", .setting), MetricDeclaration("AP", .higherFraction), MetricDeclaration("AP11", .higherFraction),
        MetricDeclaration("faces", .informationalCount), MetricDeclaration("detections", .informationalCount),
        MetricDeclaration("tp", MetricKind(.higherIsBetter, .count)), MetricDeclaration("fp", MetricKind(.lowerIsBetter, .count)),
        MetricDeclaration("ignored", .informationalCount),
    ]

    public var figures: [(key: String, value: Double?)] {
        [
            ("iou_threshold", iouThreshold), ("AP", averagePrecision), ("AP11", elevenPointAveragePrecision), ("faces", Double(faces)),
            ("detections", Double(detections)), ("tp", Double(truePositives)), ("fp", Double(falsePositives)), ("ignored", Double(ignored)),
        ]
    }

    public static let protocolName = "voc"
    public var erased: ProtocolResult { .voc(self) }
}
