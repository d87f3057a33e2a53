/// The twelve numbers of pycocotools' `COCOeval.summarize()` for bboxes, keyed as
/// `facebench eval --format json` prints them: AP, AP50, AP75, APs, APm, APl, AR1, AR10,
/// AR100, ARs, ARm, ARl. -1 means undefined (no face in that size range), as in
/// pycocotools.
///
/// One deliberate difference: pycocotools' `summarize()` looks the first number, AP, up at a
/// hard-coded `maxDets=100`, so with custom maxDets that do not end in 100 it prints -1
/// there. Here AP, like AP50, AP75, APs/m/l and ARs/m/l, uses the last (largest)
/// max-detections value; AR1, AR10 and AR100 are the recall at the first, second and third
/// value. With the default [1, 10, 100] both are identical.
public struct COCOSummary: Sendable, Equatable {
    public static let keys = ["AP", "AP50", "AP75", "APs", "APm", "APl", "AR1", "AR10", "AR100", "ARs", "ARm", "ARl"]

    /// In `keys` order (`COCOeval.stats`).
    public var stats: [Double]
    public var maxDetections: [Int]

    /// Needs the standard IoU thresholds, the four COCO area ranges and three max-detections
    /// values.
    public init(_ result: COCOEvaluation.Result) {
        let p = result.parameters
        precondition(p.maxDetections.count == 3 && p.ranges.count == 4, "the COCO summary needs 3 maxDets and the 4 COCO ranges")
        // np.where(iouThr == p.iouThrs): exact comparison, which works because linspace
        // produces exactly 0.5 and 0.75.
        let iou50 = p.iouThresholds.firstIndex(of: 0.5)
        let iou75 = p.iouThresholds.firstIndex(of: 0.75)
        let last = p.maxDetections.count - 1
        func ap(_ iou: Int??, _ range: Int) -> Double {
            switch iou {
            case .none: return result.averagePrecision(range: range, maxDetections: last)
            case .some(.none): return -1
            case let .some(.some(t)): return result.averagePrecision(iou: t, range: range, maxDetections: last)
            }
        }
        stats = [
            ap(.none, 0), ap(.some(iou50), 0), ap(.some(iou75), 0), ap(.none, 1), ap(.none, 2), ap(.none, 3),
            result.averageRecall(range: 0, maxDetections: 0), result.averageRecall(range: 0, maxDetections: 1),
            result.averageRecall(range: 0, maxDetections: 2), result.averageRecall(range: 1, maxDetections: last),
            result.averageRecall(range: 2, maxDetections: last), result.averageRecall(range: 3, maxDetections: last),
        ]
        maxDetections = p.maxDetections
    }

    public init(stats: [Double], maxDetections: [Int]) {
        self.stats = stats
        self.maxDetections = maxDetections
    }

    public subscript(key: String) -> Double? {
        Self.keys.firstIndex(of: key).map { stats[$0] }
    }
}
