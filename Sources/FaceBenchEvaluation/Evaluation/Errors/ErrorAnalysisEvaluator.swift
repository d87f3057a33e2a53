import FaceBenchModel

/// The `errors` protocol: why a detector loses AP, as TIDE's error decomposition
/// (`TIDEAnalysis`, equal to the `tidecv` package) for the face class.
///
/// Result (`detectors[].evaluation.errors`): `ap` (TIDE's AP at the IoU threshold, 0–1);
/// `dap.{localization, duplicate, background, missed, false_positives, false_negatives}`,
/// the AP gained by fixing each error type, as fractions (tidecv prints percent);
/// `counts` of each main error type; `localization_area_ratio`, the median detection area
/// over face area of the localisation errors (below 1: tighter boxes than the annotation);
/// `iou_threshold`, `background_threshold`, `max_detections`; and `images`, the labels behind
/// the numbers for every image with an error: `{id, name, detections: [{index, error, iou,
/// face, ignored}], faces: [{index, error, iou}]}` — `index` is the detection's position in
/// the detector's list for that image (or the face's in the image's faces), true positives
/// are left out, and a face is labelled `localization` when a poorly placed detection lies
/// on it, `missed` otherwise. As a `FindingSource` (in FaceBenchReports, `ErrorFindings`) it
/// tells `run` which detectors lose their AP to badly placed boxes.
public struct ErrorAnalysisEvaluator: AccuracyEvaluator {
    public init() {}

    public var name: String { "errors" }
    public var summary: String {
        "TIDE error decomposition: dAP of localisation, duplicate, background, missed, false-positive and false-negative errors, equal to tidecv"
    }

    public func applies(to dataset: Dataset) -> Bool { true }

    /// The keys of `dap`, main errors first.
    public static let deltaKeys = TIDEAnalysis.ErrorType.allCases.map(\.rawValue) + ["false_positives", "false_negatives"]

    public func evaluate(dataset: Dataset, samples: [Sample], detections: [[Detection]], options: EvaluationOptions) throws -> JSONValue {
        try PredictionChecks.validate(detections, samples: samples)
        let threshold = options.iouThreshold ?? TIDEAnalysis.standardForegroundThreshold
        let result = TIDEAnalysis.analyse(samples: samples, detections: detections, foregroundThreshold: threshold)
        var dap = JSONObject(), counts = JSONObject()
        for type in TIDEAnalysis.ErrorType.allCases {
            dap[type.rawValue] = JSONValue(result.deltaAP[type] ?? 0)
            counts[type.rawValue] = JSONValue(result.counts[type] ?? 0)
        }
        dap["false_positives"] = JSONValue(result.falsePositivesDeltaAP)
        dap["false_negatives"] = JSONValue(result.falseNegativesDeltaAP)
        var images: [JSONValue] = []
        var ratios: [Double] = []
        for (sample, labels) in zip(samples, result.images) {
            let errors = labels.detections.filter { $0.error != nil }
            ratios += errors.compactMap(\.areaRatio)
            guard !errors.isEmpty || !labels.faces.isEmpty else { continue }
            images.append(.object([
                "id": JSONValue(sample.id), "name": JSONValue(sample.name),
                "detections": .array(errors.map { label in
                    .object([
                        "index": JSONValue(label.detection), "error": JSONValue(label.error?.rawValue), "iou": JSONValue(label.iou),
                        "face": JSONValue(label.face), "ignored": .bool(label.ignored),
                    ])
                }),
                "faces": .array(labels.faces.map { label in
                    .object(["index": JSONValue(label.face), "error": JSONValue(label.error.rawValue), "iou": JSONValue(label.iou)])
                }),
            ]))
        }
        return .object([
            "ap": JSONValue(result.averagePrecision), "dap": .object(dap), "counts": .object(counts),
            "localization_area_ratio": JSONValue(ratios.isEmpty ? nil : LatencySummary.percentile(ratios.sorted(), 50)),
            "iou_threshold": JSONValue(threshold), "background_threshold": JSONValue(TIDEAnalysis.backgroundThreshold),
            "max_detections": JSONValue(TIDEAnalysis.maxDetections), "images": .array(images),
        ])
    }

    public func markdown(_ results: [(detector: String, result: JSONValue)]) -> String {
        var table = MarkdownTable(headers: ["Detector", "AP", "Localisation", "Duplicate", "Background", "Missed", "False pos.", "False neg."])
        for (detector, result) in results {
            table.add([detector, Formatting.fixed(result["ap"]?.double, 4)] + Self.deltaKeys.map { Formatting.fixed(result["dap"]?[$0]?.double, 4) })
        }
        let threshold = results.first?.result["iou_threshold"]?.double ?? TIDEAnalysis.standardForegroundThreshold
        return "AP lost to each error type (TIDE dAP at IoU \(Formatting.fixed(threshold, 2)), as tidecv computes it; classification and \"both\" are 0 for one class):\n\n"
            + table.text
    }
}
