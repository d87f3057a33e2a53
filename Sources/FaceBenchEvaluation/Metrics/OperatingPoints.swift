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
/// (the run's matching at its IoU): the one maximising F1, the lowest one whose precision
/// still reaches `targetPrecision` (`run --target-precision`), the most recall that precision
/// allows, and the lowest one whose false positives stay within `falsePositivesPerImage` per
/// image (`run --fp-per-image`), the most recall that budget of false alarms allows. Only
/// thresholds a user can set are candidates: a point of the curve inside a run of equal
/// scores cannot be reached (the threshold keeps all of them or none), so each score's last
/// point is. Ties keep the higher threshold (fewer detections for the same F1 or recall).
public struct OperatingPoints: Sendable, Equatable {
    /// Nil without detections.
    public var bestF1: OperatingPoint?
    public var targetPrecision: Double
    /// Nil when no threshold reaches the target.
    public var atTargetPrecision: OperatingPoint?
    /// The budget of false positives per image of the run.
    public var falsePositivesPerImage: Double
    /// Nil when even the highest threshold has more false positives than the budget.
    public var withinFalsePositiveBudget: OperatingPoint?

    public init(
        bestF1: OperatingPoint?, targetPrecision: Double, atTargetPrecision: OperatingPoint?,
        falsePositivesPerImage: Double, withinFalsePositiveBudget: OperatingPoint?
    ) {
        self.bestF1 = bestF1
        self.targetPrecision = targetPrecision
        self.atTargetPrecision = atTargetPrecision
        self.falsePositivesPerImage = falsePositivesPerImage
        self.withinFalsePositiveBudget = withinFalsePositiveBudget
    }

    /// `curve`: one point per detection from the highest score down (`AveragePrecision.curve`),
    /// over `images` images.
    public init(curve: [PRPoint], targetPrecision: Double, falsePositivesPerImage: Double, images: Int) {
        var best: OperatingPoint?, target: OperatingPoint?, budgeted: OperatingPoint?
        let allowed = falsePositivesPerImage * Double(images)
        for (index, point) in curve.enumerated() where index == curve.count - 1 || curve[index + 1].score != point.score {
            let sum = point.precision + point.recall
            let candidate = OperatingPoint(
                threshold: point.score, precision: point.precision, recall: point.recall,
                f1: sum > 0 ? 2 * point.precision * point.recall / sum : 0,
                truePositives: point.truePositives, falsePositives: point.falsePositives)
            if candidate.f1 > (best?.f1 ?? -1) { best = candidate }
            if point.precision >= targetPrecision, point.recall > (target?.recall ?? -1) { target = candidate }
            if Double(point.falsePositives) <= allowed, point.recall > (budgeted?.recall ?? -1) { budgeted = candidate }
        }
        self.init(
            bestF1: best, targetPrecision: targetPrecision, atTargetPrecision: target,
            falsePositivesPerImage: falsePositivesPerImage, withinFalsePositiveBudget: budgeted)
    }

    /// `run --target-precision`'s default.
    public static let standardTargetPrecision = 0.9
    /// `run --fp-per-image`'s default: one false alarm in ten images.
    public static let standardFalsePositivesPerImage = 0.1
    /// The largest budget accepted: a thousand false alarms per image is no operating point.
    public static let maximumFalsePositivesPerImage = 1000.0
}

/// `{"threshold", "precision", "recall", "f1", "tp", "fp"}`: rates in [0, 1], counts ≥ 0.
/// Written by the synthesized encoder (the keys' order is the file's); read with the checks.
extension OperatingPoint: Codable {
    enum CodingKeys: String, CodingKey {
        case threshold, precision, recall, f1, truePositives = "tp", falsePositives = "fp"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let threshold = try container.decode(Double.self, forKey: .threshold)
        guard threshold.isFinite else { throw DecodingError.dataCorruptedError(forKey: .threshold, in: container, debugDescription: "must be finite") }
        func rate(_ key: CodingKeys) throws -> Double {
            let value = try container.decode(Double.self, forKey: key)
            guard value >= 0, value <= 1 else { throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "must be in [0, 1]") }
            return value
        }
        func count(_ key: CodingKeys) throws -> Int {
            let value = try container.decode(Int.self, forKey: key)
            guard value >= 0 else { throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "must be ≥ 0") }
            return value
        }
        self.init(
            threshold: threshold, precision: try rate(.precision), recall: try rate(.recall), f1: try rate(.f1),
            truePositives: try count(.truePositives), falsePositives: try count(.falsePositives))
    }
}
