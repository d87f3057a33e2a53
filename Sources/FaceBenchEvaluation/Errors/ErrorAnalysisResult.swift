import FaceBenchModel

/// The `errors` protocol's result (TIDE): AP, the AP gained by fixing each error type
/// (`dap`, fractions), how many errors of each main type, the median area ratio of the
/// localisation errors, the settings, and the labels of every image with an error.
public struct ErrorAnalysisResult: EvaluationResult {
    public struct DetectionLabel: Sendable, Equatable, Codable {
        /// Position in the detector's list for the image.
        public var index: Int
        /// nil for a true positive (those are left out of `images`).
        public var error: TIDEAnalysis.ErrorType?
        public var iou: Double
        public var face: Int?
        public var ignored: Bool
    }

    public struct FaceLabel: Sendable, Equatable, Codable {
        public var index: Int
        public var error: TIDEAnalysis.ErrorType
        public var iou: Double
    }

    public struct Image: Sendable, Equatable, Codable {
        public var id: Int
        public var name: String
        public var detections: [DetectionLabel]
        public var faces: [FaceLabel]
    }

    public var averagePrecision: Double
    /// By `ErrorAnalysisResult.deltaKeys`.
    public var deltaAP: NamedValues
    /// By main error type.
    public var counts: NamedValues
    public var localizationAreaRatio: Double?
    public var iouThreshold: Double
    public var backgroundThreshold: Double
    public var maxDetections: Int
    public var images: [Image]

    enum CodingKeys: String, CodingKey {
        case averagePrecision = "ap", deltaAP = "dap", counts, localizationAreaRatio = "localization_area_ratio"
        case iouThreshold = "iou_threshold", backgroundThreshold = "background_threshold", maxDetections = "max_detections", images
    }

    /// The keys of `dap`, main errors first.
    public static let deltaKeys = TIDEAnalysis.ErrorType.allCases.map(\.rawValue) + ["false_positives", "false_negatives"]

    /// A dAP is AP lost to that error type, so lower is better; so is a count of errors.
    public static let declarations = [
        MetricDeclaration("ap", .higherFraction), MetricDeclaration("dap.*", .lowerFraction),
        MetricDeclaration("counts.*", MetricKind(.lowerIsBetter, .count)), MetricDeclaration("localization_area_ratio", MetricKind(.neither, .ratio)),
        MetricDeclaration("iou_threshold", .setting), MetricDeclaration("background_threshold", .setting),
        MetricDeclaration("max_detections", .informationalCount),
    ]

    public var figures: [(key: String, value: Double?)] {
        [("ap", averagePrecision)] + deltaAP.entries.map { ("dap." + $0.name, $0.value) } + counts.entries.map { ("counts." + $0.name, $0.value) }
            + [
                ("localization_area_ratio", localizationAreaRatio), ("iou_threshold", iouThreshold),
                ("background_threshold", backgroundThreshold), ("max_detections", Double(maxDetections)),
            ]
    }

    public static let protocolName = "errors"
    public var erased: ProtocolResult { .errors(self) }
}
