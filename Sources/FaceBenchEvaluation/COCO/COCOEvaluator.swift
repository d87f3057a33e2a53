import FaceBenchModel

/// The `coco` protocol: pycocotools' twelve bbox numbers (see `COCOSummary` for the keys
/// and the one deliberate difference) over one category, faces.
///
/// Images are evaluated in COCO image-id order (`Sample.cocoImageID`), as pycocotools
/// does; face areas are `Face.cocoArea`; only crowd faces are ignored — a face marked
/// ignore without `iscrowd` counts, exactly as pycocotools reads FaceBench's
/// `gt.coco.json`. `--iou` does not apply (COCO averages over 0.50:0.05:0.95);
/// `EvaluationOptions.cocoMaxDetections` sets maxDets.
///
/// Result: `COCOResult`.
public struct COCOEvaluator: AccuracyEvaluator {
    public init() {}

    public var summary: String { "COCO AP/AR (pycocotools' 12 numbers: AP, AP50, AP75, APs/m/l, AR1/10/100, ARs/m/l)" }

    public func applies(to dataset: Dataset) -> Bool { true }

    public func parameterWarnings(_ options: EvaluationOptions) -> [String] {
        var warnings: [String] = []
        if let iou = options.iouThreshold, iou != 0.5 {
            warnings.append("coco: --iou \(iou) does not apply; COCO averages IoU 0.50:0.05:0.95 and reports AP50 and AP75")
        }
        if options.cocoMaxDetections != [1, 10, 100] {
            warnings.append("coco: maxDets \(options.cocoMaxDetections) instead of [1, 10, 100]; AP uses \(options.cocoMaxDetections.last ?? 0), where pycocotools' summarize() would print -1 for AP unless 100 is the third value")
        }
        return warnings
    }

    public func evaluate(dataset: Dataset, samples: [Sample], detections: [[Detection]], options: EvaluationOptions) throws -> COCOResult {
        let maxDetections = options.cocoMaxDetections
        guard maxDetections.count == 3, maxDetections == maxDetections.sorted(), Set(maxDetections).count == 3, maxDetections[0] > 0 else {
            throw FaceBenchError.usage("COCO maxDets must be three increasing positive counts (like 1,10,100), got \(maxDetections)")
        }
        try PredictionChecks.validate(detections, samples: samples)
        let parameters = COCOParameters(maxDetections: maxDetections)
        let result = COCOEvaluation.evaluate(Self.input(samples: samples, detections: detections), parameters: parameters)
        return Self.result(result)
    }

    /// Samples and their detections as COCO evaluates them: in image-id order, only crowd
    /// faces ignored (pycocotools knows no other ignore flag). FaceBench's own protocols on
    /// the COCO engine keep the samples' order and honour `Face.ignore`.
    public static func input(samples: [Sample], detections: [[Detection]], asPycocotools: Bool = true) -> COCOEvaluation.Input {
        var input = COCOEvaluation.Input()
        input.reserve(
            images: samples.count, faces: samples.reduce(0) { $0 + $1.faces.count }, detections: detections.reduce(0) { $0 + $1.count })
        let order = asPycocotools ? samples.indices.sorted { samples[$0].cocoImageID < samples[$1].cocoImageID } : Array(samples.indices)
        for index in order {
            for face in samples[index].faces {
                input.addFace(face.box, area: face.cocoArea, crowd: face.crowd, ignored: !asPycocotools && face.ignore)
            }
            for detection in detections[index] {
                input.addDetection(detection.box, score: detection.score)
            }
            input.endImage()
        }
        return input
    }

    static func result(_ result: COCOEvaluation.Result) -> COCOResult {
        let p = result.parameters
        let curves = [("iou_0.50", 0.5), ("iou_0.75", 0.75)].compactMap { label, level -> (label: String, precision: [Double])? in
            guard let t = p.iouThresholds.firstIndex(of: level) else { return nil }
            return (label, p.recallThresholds.indices.map {
                result.precision(iou: t, recall: $0, range: 0, maxDetections: p.maxDetections.count - 1)
            })
        }
        return COCOResult(summary: COCOSummary(result), precisionAtRecall: curves)
    }
}
