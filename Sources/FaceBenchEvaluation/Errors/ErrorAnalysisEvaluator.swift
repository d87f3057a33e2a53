import FaceBenchModel

/// The `errors` protocol: why a detector loses AP, as TIDE's error decomposition
/// (`TIDEAnalysis`, equal to the `tidecv` package) for the face class.
///
/// Result: `ErrorAnalysisResult` (`detectors[].evaluation.errors`). In its per-image labels
/// `index` is the detection's position in the detector's list for that image (or the face's in
/// the image's faces), true positives are left out, and a face is labelled `localization` when
/// a poorly placed detection lies on it, `missed` otherwise. As a `FindingSource` (in
/// FaceBenchReports, `ErrorFindings`) it tells `run` which detectors lose their AP to badly
/// placed boxes.
public struct ErrorAnalysisEvaluator: AccuracyEvaluator {
    public init() {}

    public var summary: String {
        "TIDE error decomposition: dAP of localisation, duplicate, background, missed, false-positive and false-negative errors, equal to tidecv"
    }

    public func applies(to dataset: Dataset) -> Bool { true }

    public func evaluate(dataset: Dataset, samples: [Sample], detections: [[Detection]], options: EvaluationOptions) throws -> ErrorAnalysisResult {
        try PredictionChecks.validate(detections, samples: samples)
        let threshold = options.iouThreshold ?? TIDEAnalysis.standardForegroundThreshold
        let result = TIDEAnalysis.analyse(samples: samples, detections: detections, foregroundThreshold: threshold)
        let types = TIDEAnalysis.ErrorType.allCases
        let dap = NamedValues(
            types.map { ($0.rawValue, result.deltaAP[$0] ?? 0) }
                + [("false_positives", result.falsePositivesDeltaAP), ("false_negatives", result.falseNegativesDeltaAP)])
        let counts = NamedValues(types.map { ($0.rawValue, Double(result.counts[$0] ?? 0)) })
        var images: [ErrorAnalysisResult.Image] = []
        var ratios: [Double] = []
        for (sample, labels) in zip(samples, result.images) {
            let errors = labels.detections.filter { $0.error != nil }
            ratios += errors.compactMap(\.areaRatio)
            guard !errors.isEmpty || !labels.faces.isEmpty else { continue }
            images.append(.init(
                id: sample.id, name: sample.name,
                detections: errors.map { .init(index: $0.detection, error: $0.error, iou: $0.iou, face: $0.face, ignored: $0.ignored) },
                faces: labels.faces.map { .init(index: $0.face, error: $0.error, iou: $0.iou) }))
        }
        return ErrorAnalysisResult(
            averagePrecision: result.averagePrecision, deltaAP: dap, counts: counts,
            localizationAreaRatio: ratios.isEmpty ? nil : LatencySummary.percentile(ratios.sorted(), 50), iouThreshold: threshold,
            backgroundThreshold: TIDEAnalysis.backgroundThreshold, maxDetections: TIDEAnalysis.maxDetections, images: images)
    }
}
