import FaceBenchModel

/// The `sizes` protocol: recall and AP per face size, so a user sees which faces a detector
/// misses. Buckets: face height < 16, 16–32, 32–64, 64–128, ≥ 128 px (lower end included),
/// and COCO's areas small (≤ 32²), medium (32²–96²), large (≥ 96²) px².
///
/// Each bucket is scored the COCO way at one IoU (0.5 unless `--iou`), with every detection
/// (no maxDets cut): faces outside the bucket, and unmatched detections outside it, count
/// neither way, so a bucket's numbers are about faces of that size. Faces marked ignore and
/// crowd faces never count. AP is COCO's 101-point interpolated precision; recall is over
/// all detections.
public struct SizeBreakdown: AccuracyEvaluator {
    public init() {}

    public var summary: String { "recall and AP by face height (<16, 16-32, 32-64, 64-128, >=128 px) and COCO area (small/medium/large)" }

    public func applies(to dataset: Dataset) -> Bool { true }

    static var ranges: [SizeRange] { SizeRange.faceHeights + Array(SizeRange.cocoAreas.dropFirst()) }

    public func evaluate(dataset: Dataset, samples: [Sample], detections: [[Detection]], options: EvaluationOptions) throws -> SizeBreakdownResult {
        try PredictionChecks.validate(detections, samples: samples)
        let iou = options.iouThreshold ?? 0.5
        let input = COCOEvaluator.input(samples: samples, detections: detections, asPycocotools: false)
        let ranges = Self.ranges
        let parameters = COCOParameters(iouThresholds: [iou], maxDetections: [Int.max], ranges: ranges)
        let result = COCOEvaluation.evaluate(input, parameters: parameters)
        let buckets = ranges.enumerated().map { index, range -> SizeBreakdownResult.Bucket in
            let faces = samples.reduce(0) { total, sample in
                total + sample.faces.reduce(0) { count, face in
                    face.ignore || range.excludes(range.measure == .area ? face.cocoArea : face.box.height) ? count : count + 1
                }
            }
            let recall = result.recall(iou: 0, range: index, maxDetections: 0)
            let ap = result.averagePrecision(iou: 0, range: index, maxDetections: 0)
            return .init(
                label: range.label, measure: range.measure.rawValue, lower: range.lower, upper: range.upper.isFinite ? range.upper : nil,
                faces: faces, recall: recall < 0 ? nil : recall, averagePrecision: ap < 0 ? nil : ap)
        }
        return SizeBreakdownResult(iouThreshold: iou, buckets: buckets)
    }
}
