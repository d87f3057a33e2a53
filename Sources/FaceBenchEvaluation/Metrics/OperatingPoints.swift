/// Where a detector keeps the detections scoring at least `threshold`: the counts and rates
/// there.
public struct OperatingPoint: Sendable, Equatable {
    public var threshold: Double
    public var precision: Double
    public var recall: Double
    public var f1: Double
    public var truePositives: Int
    public var falsePositives: Int

    public init(threshold: Double, precision: Double, recall: Double, f1: Double, truePositives: Int, falsePositives: Int) {
        self.threshold = threshold
        self.precision = precision
        self.recall = recall
        self.f1 = f1
        self.truePositives = truePositives
        self.falsePositives = falsePositives
    }
}

/// The score thresholds a user deploys a detector at, read off its precision-recall curve
/// (the run's matching at its IoU): the one maximising F1, and the lowest one whose precision
/// still reaches `targetPrecision` (`run --target-precision`), the most recall that precision
/// allows. Only thresholds a user can set are candidates: a point of the curve inside a run
/// of equal scores cannot be reached (the threshold keeps all of them or none), so each
/// score's last point is. Ties keep the higher threshold (fewer detections for the same F1 or
/// recall).
public struct OperatingPoints: Sendable, Equatable {
    /// Nil without detections.
    public var bestF1: OperatingPoint?
    public var targetPrecision: Double
    /// Nil when no threshold reaches the target.
    public var atTargetPrecision: OperatingPoint?

    public init(bestF1: OperatingPoint?, targetPrecision: Double, atTargetPrecision: OperatingPoint?) {
        self.bestF1 = bestF1
        self.targetPrecision = targetPrecision
        self.atTargetPrecision = atTargetPrecision
    }

    /// `curve`: one point per detection from the highest score down (`AveragePrecision.curve`).
    public init(curve: [PRPoint], targetPrecision: Double) {
        var best: OperatingPoint?, target: OperatingPoint?
        for (index, point) in curve.enumerated() where index == curve.count - 1 || curve[index + 1].score != point.score {
            let sum = point.precision + point.recall
            let candidate = OperatingPoint(
                threshold: point.score, precision: point.precision, recall: point.recall,
                f1: sum > 0 ? 2 * point.precision * point.recall / sum : 0,
                truePositives: point.truePositives, falsePositives: point.falsePositives)
            if candidate.f1 > (best?.f1 ?? -1) { best = candidate }
            if point.precision >= targetPrecision, point.recall > (target?.recall ?? -1) { target = candidate }
        }
        self.init(bestF1: best, targetPrecision: targetPrecision, atTargetPrecision: target)
    }

    /// `run --target-precision`'s default.
    public static let standardTargetPrecision = 0.9
}
