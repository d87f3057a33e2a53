import Foundation
import FaceBenchModel

/// The `fp_table` protocol: detection rate at fixed numbers of false positives over the
/// whole dataset (the table of Viola & Jones 2001 on MIT+CMU: 10, 31, 50, 65, 78, 95, 167),
/// and miss rate against false positives per image (FPPI) with its log-average (Dollár et
/// al. 2012: the geometric mean of the miss rate at nine FPPI from 10⁻² to 10⁰).
///
/// Detections are matched greedily by score at the IoU threshold (`GreedyMatcher`, 0.5 by
/// default); detections of ignored faces count neither way. Lowering the score threshold
/// walks the ROC; detections with equal scores are taken together, since no threshold can
/// separate them. The detection rate at N false positives is the best reached with at most
/// N. A detector whose every detection yields fewer than N false positives never reaches
/// that count: its entry is null ("–"), and `max_false_positives` with
/// `detection_rate_at_max` say where its curve ends.
///
/// On MIT+CMU with the standard counts the result carries Viola & Jones' published row
/// (their 507-face version of the set) for comparison.
public struct FalsePositiveTable: AccuracyEvaluator {
    public init() {}

    public var summary: String { "detection rate at 10, 31, 50, 65, 78, 95, 167 false positives (Viola-Jones table), miss rate vs FPPI" }

    public func applies(to dataset: Dataset) -> Bool { true }

    /// Viola & Jones (2001), Table 3, their detector on MIT+CMU.
    public static let violaJones: (name: String, counts: [Int], rates: [Double]) = (
        "Viola-Jones 2001 (published)", [10, 31, 50, 65, 78, 95, 167], [0.761, 0.884, 0.914, 0.920, 0.921, 0.929, 0.939]
    )

    /// One point of the ROC per distinct score (after taking every detection scoring at
    /// least that), from the greedy matching's precision-recall curve.
    static func roc(samples: [Sample], detections: [[Detection]], iouThreshold: Double) -> (points: [PRPoint], faces: Int) {
        let metrics = DetectionMetrics.evaluate(samples: samples, detections: detections, iouThreshold: iouThreshold).metrics
        let curve = metrics.curve
        let points = curve.indices.filter { $0 + 1 == curve.count || curve[$0 + 1].score != curve[$0].score }.map { curve[$0] }
        return (points, metrics.faces)
    }

    public func evaluate(dataset: Dataset, samples: [Sample], detections: [[Detection]], options: EvaluationOptions) throws -> FalsePositiveTableResult {
        try PredictionChecks.validate(detections, samples: samples)
        let iou = options.iouThreshold ?? 0.5
        let (points, faces) = Self.roc(samples: samples, detections: detections, iouThreshold: iou)
        let rate = { (tp: Int) in faces > 0 ? Double(tp) / Double(faces) : 0 }
        let maxFalse = points.last?.falsePositives ?? 0
        let table = NamedValues(options.falsePositiveCounts.map { count in
            let best = points.lazy.filter { $0.falsePositives <= count }.map(\.truePositives).max() ?? 0
            return (String(count), count <= maxFalse ? rate(best) : nil)
        })
        let images = Double(max(samples.count, 1))
        // Log-average miss rate: at each reference FPPI, the detection rate at the largest
        // FPPI not above it (0 when the curve starts above it).
        let references = (0...8).map { pow(10, -2 + Double($0) * 0.25) }
        var logSum = 0.0
        for reference in references {
            let detected = points.last { Double($0.falsePositives) / images <= reference }.map { rate($0.truePositives) } ?? 0
            logSum += log(Swift.max(1e-10, 1 - detected))
        }
        let step = Swift.max(1, points.count / 500)
        var curve = stride(from: 0, to: points.count, by: step).map { points[$0] }
        if let last = points.last, curve.last?.score != last.score { curve.append(last) }
        let published = dataset.name.hasPrefix("mit-cmu") && options.falsePositiveCounts == Self.violaJones.counts
        return FalsePositiveTableResult(
            iouThreshold: iou, faces: faces, images: samples.count, detectionRate: table, maxFalsePositives: maxFalse,
            detectionRateAtMax: rate(points.last?.truePositives ?? 0),
            logAverageMissRate: faces > 0 ? exp(logSum / Double(references.count)) : nil,
            missRateByFPPI: .init(
                columns: ["fppi", "miss_rate", "score"],
                points: curve.map { [Double($0.falsePositives) / images, 1 - rate($0.truePositives), $0.score] }),
            reference: published
                ? .init(name: Self.violaJones.name, detectionRate: NamedValues(zip(Self.violaJones.counts, Self.violaJones.rates).map { (String($0), $1) }))
                : nil)
    }
}
