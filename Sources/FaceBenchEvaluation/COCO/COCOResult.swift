import FaceBenchModel

/// The `coco` protocol's result: pycocotools' twelve numbers (`COCOSummary`), the maxDets
/// they were computed with, and COCO's interpolated precision at recall 0, 0.01, …, 1 (all
/// sizes, IoU 0.5 and 0.75, the last maxDets) for plotting.
///
/// JSON: the twelve keys, `max_dets`, `precision_at_recall: {"iou_0.50": […], "iou_0.75": […]}`.
public struct COCOResult: EvaluationResult {
    public var summary: COCOSummary
    /// Precision at each of the 101 recall thresholds, by IoU label.
    public var precisionAtRecall: [(label: String, precision: [Double])]

    public init(summary: COCOSummary, precisionAtRecall: [(label: String, precision: [Double])]) {
        self.summary = summary
        self.precisionAtRecall = precisionAtRecall
    }

    /// AP and AR of every size are fractions, -1 where no face is in the size range.
    public static let declarations = COCOSummary.keys.map { MetricDeclaration($0, .higherFraction) }

    public var figures: [(key: String, value: Double?)] { zip(COCOSummary.keys, summary.stats).map { ($0, $1) } }
    public static let protocolName = "coco"
    public var erased: ProtocolResult { .coco(self) }

    public subscript(key: String) -> Double? { summary[key] }

    public static func == (a: COCOResult, b: COCOResult) -> Bool {
        a.summary == b.summary && a.precisionAtRecall.elementsEqual(b.precisionAtRecall) { $0.label == $1.label && $0.precision == $1.precision }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: NamedKey.self)
        let stats = try COCOSummary.keys.map { try container.decode(Double.self, forKey: NamedKey($0)) }
        summary = COCOSummary(stats: stats, maxDetections: try container.decode([Int].self, forKey: NamedKey("max_dets")))
        let curves = try container.nestedContainer(keyedBy: NamedKey.self, forKey: NamedKey("precision_at_recall"))
        precisionAtRecall = try curves.allKeys.map { ($0.stringValue, try curves.decode([Double].self, forKey: $0)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NamedKey.self)
        for (key, value) in zip(COCOSummary.keys, summary.stats) { try container.encode(value, forKey: NamedKey(key)) }
        try container.encode(summary.maxDetections, forKey: NamedKey("max_dets"))
        var curves = container.nestedContainer(keyedBy: NamedKey.self, forKey: NamedKey("precision_at_recall"))
        for (label, precision) in precisionAtRecall { try curves.encode(precision, forKey: NamedKey(label)) }
    }
}
