import FaceBenchModel

/// Accuracy of one detector on one dataset at one IoU threshold, at the detector's own
/// operating point (every detection it returned) and over its score ranking (AP).
public struct DetectionMetrics: Sendable, Equatable {
    public var iouThreshold: Double
    public var images: Int
    /// Faces that count (not ignored).
    public var faces: Int
    public var detections: Int
    public var truePositives: Int
    public var falsePositives: Int
    /// Faces no detection matched.
    public var missed: Int
    /// Detections matched to ignored faces, counted neither way.
    public var ignoredDetections: Int
    public var precision: Double
    public var recall: Double
    public var f1: Double
    /// All-point interpolated AP (VOC 2010+) at `iouThreshold`.
    public var averagePrecision: Double
    /// The same at IoU 0.5 (nil until computed when `iouThreshold` is not 0.5).
    public var averagePrecision50: Double?
    /// Mean IoU of the true-positive pairs (0 when there are none).
    public var meanIoU: Double
    public var curve: [PRPoint]
    /// False when there was nothing to score against (`counting`): only `iouThreshold`,
    /// `images` and `detections` hold numbers, every other field is zero and shown nowhere.
    public var isScored = true

    /// The memberwise initialiser, for the results reader in FaceBenchHarness.
    package init(
        iouThreshold: Double, images: Int, faces: Int, detections: Int, truePositives: Int, falsePositives: Int, missed: Int,
        ignoredDetections: Int, precision: Double, recall: Double, f1: Double, averagePrecision: Double,
        averagePrecision50: Double? = nil, meanIoU: Double, curve: [PRPoint]
    ) {
        self.iouThreshold = iouThreshold
        self.images = images
        self.faces = faces
        self.detections = detections
        self.truePositives = truePositives
        self.falsePositives = falsePositives
        self.missed = missed
        self.ignoredDetections = ignoredDetections
        self.precision = precision
        self.recall = recall
        self.f1 = f1
        self.averagePrecision = averagePrecision
        self.averagePrecision50 = averagePrecision50
        self.meanIoU = meanIoU
        self.curve = curve
    }

    /// The detections counted, with nothing to score them against: images without ground
    /// truth, or the detector the others are scored against (`run --reference`).
    public static func counting(images: Int, detections: Int, iouThreshold: Double) -> DetectionMetrics {
        var metrics = DetectionMetrics(
            iouThreshold: iouThreshold, images: images, faces: 0, detections: detections, truePositives: 0, falsePositives: 0,
            missed: 0, ignoredDetections: 0, precision: 0, recall: 0, f1: 0, averagePrecision: 0, meanIoU: 0, curve: [])
        metrics.isScored = false
        return metrics
    }

    /// Detections per image, the one rate there is without ground truth.
    public var detectionsPerImage: Double? { images > 0 ? Double(detections) / Double(images) : nil }

    /// Matches every image and accumulates. `detections[i]` are the detections on
    /// `samples[i]`.
    public static func evaluate(
        samples: [Sample], detections: [[Detection]], iouThreshold: Double = 0.5
    ) -> (metrics: DetectionMetrics, matches: [ImageMatch]) {
        precondition(samples.count == detections.count, "one detection list per sample")
        var ranked: [AveragePrecision.Ranked] = []
        var matches: [ImageMatch] = []
        var tp = 0, fp = 0, ignored = 0, faces = 0, count = 0
        var iouSum = 0.0
        for (sample, found) in zip(samples, detections) {
            let match = GreedyMatcher.match(found, to: sample.faces, iouThreshold: iouThreshold)
            faces += sample.countedFaces
            count += found.count
            for (index, outcome) in match.outcomes.enumerated() {
                switch outcome {
                case let .truePositive(_, iou):
                    tp += 1
                    iouSum += iou
                    ranked.append(.init(score: found[index].score, isTruePositive: true, image: sample.id, index: index))
                case .falsePositive:
                    fp += 1
                    ranked.append(.init(score: found[index].score, isTruePositive: false, image: sample.id, index: index))
                case .ignored:
                    ignored += 1
                }
            }
            matches.append(match)
        }
        let curve = AveragePrecision.curve(ranked, positives: faces)
        let precision = tp + fp > 0 ? Double(tp) / Double(tp + fp) : 0
        let recall = faces > 0 ? Double(tp) / Double(faces) : 0
        let ap = AveragePrecision.allPoint(curve)
        let metrics = DetectionMetrics(
            iouThreshold: iouThreshold, images: samples.count, faces: faces, detections: count,
            truePositives: tp, falsePositives: fp, missed: faces - tp, ignoredDetections: ignored,
            precision: precision, recall: recall,
            f1: precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0,
            averagePrecision: ap, averagePrecision50: iouThreshold == 0.5 ? ap : nil,
            meanIoU: tp > 0 ? iouSum / Double(tp) : 0, curve: curve)
        return (metrics, matches)
    }
}

/// `metrics` of results.json (docs/results-schema.md).
extension DetectionMetrics: Codable {
    /// The curve is thinned to at most this many points in files (plots need no more).
    static let storedCurvePoints = 1000
    static let curveColumns = ["score", "precision", "recall", "tp", "fp"]

    enum CodingKeys: String, CodingKey {
        case iouThreshold = "iou_threshold", averagePrecision = "ap", averagePrecision50 = "ap50", precision, recall, f1
        case meanIoU = "mean_iou", truePositives = "tp", falsePositives = "fp", missed, ignoredDetections = "ignored", faces
        case detections, images, curve = "pr_curve"
    }

    enum CurveKeys: String, CodingKey {
        case columns, points
    }

    /// The keys that are accuracy, null in metrics with nothing to score against.
    static let accuracyKeys: [CodingKeys] = [
        .averagePrecision, .averagePrecision50, .precision, .recall, .f1, .meanIoU, .truePositives, .falsePositives, .missed,
        .ignoredDetections, .faces, .curve,
    ]

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeNumber(iouThreshold, forKey: .iouThreshold)
        guard isScored else {
            for key in Self.accuracyKeys { try container.encodeNil(forKey: key) }
            try container.encode(detections, forKey: .detections)
            try container.encode(images, forKey: .images)
            return
        }
        try container.encodeNumber(averagePrecision, forKey: .averagePrecision)
        try container.encodeNumber(averagePrecision50, forKey: .averagePrecision50)
        try container.encodeNumber(precision, forKey: .precision)
        try container.encodeNumber(recall, forKey: .recall)
        try container.encodeNumber(f1, forKey: .f1)
        try container.encodeNumber(meanIoU, forKey: .meanIoU)
        try container.encode(truePositives, forKey: .truePositives)
        try container.encode(falsePositives, forKey: .falsePositives)
        try container.encode(missed, forKey: .missed)
        try container.encode(ignoredDetections, forKey: .ignoredDetections)
        try container.encode(faces, forKey: .faces)
        try container.encode(detections, forKey: .detections)
        try container.encode(images, forKey: .images)
        let step = Swift.max(1, curve.count / Self.storedCurvePoints)
        var points = stride(from: 0, to: curve.count, by: step).map { curve[$0] }
        if let last = curve.last, points.last != last { points.append(last) }
        var stored = container.nestedContainer(keyedBy: CurveKeys.self, forKey: .curve)
        try stored.encode(Self.curveColumns, forKey: .columns)
        try stored.encode(
            points.map { [$0.score, $0.precision, $0.recall, Double($0.truePositives), Double($0.falsePositives)] }, forKey: .points)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func number(_ key: CodingKeys) throws -> Double { try container.decodeNumber(forKey: key) ?? .nan }
        if try container.decodeNil(forKey: .truePositives) {
            for key in Self.accuracyKeys {
                guard try container.decodeNil(forKey: key) else {
                    throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "must be null when tp is (nothing scored)")
                }
            }
            self = .counting(
                images: try container.decode(Int.self, forKey: .images), detections: try container.decode(Int.self, forKey: .detections),
                iouThreshold: try container.decode(Double.self, forKey: .iouThreshold))
            return
        }
        let stored = try container.nestedContainer(keyedBy: CurveKeys.self, forKey: .curve)
        var points = try stored.nestedUnkeyedContainer(forKey: .points)
        var curve: [PRPoint] = []
        while !points.isAtEnd {
            let index = points.currentIndex
            let v = try points.decode([Double].self)
            guard v.count == 5, v[3] == v[3].rounded(), v[4] == v[4].rounded(), abs(v[3]) < 9e15, abs(v[4]) < 9e15 else {
                throw DecodingError.dataCorrupted(.init(
                    codingPath: stored.codingPath + [CurveKeys.points, NamedKey(index: index)],
                    debugDescription: "must be [score, precision, recall, tp, fp] with whole tp and fp"))
            }
            curve.append(PRPoint(score: v[0], precision: v[1], recall: v[2], truePositives: Int(v[3]), falsePositives: Int(v[4])))
        }
        self.init(
            iouThreshold: try container.decode(Double.self, forKey: .iouThreshold), images: try container.decode(Int.self, forKey: .images),
            faces: try container.decode(Int.self, forKey: .faces), detections: try container.decode(Int.self, forKey: .detections),
            truePositives: try container.decode(Int.self, forKey: .truePositives),
            falsePositives: try container.decode(Int.self, forKey: .falsePositives), missed: try container.decode(Int.self, forKey: .missed),
            ignoredDetections: try container.decode(Int.self, forKey: .ignoredDetections),
            precision: try number(.precision), recall: try number(.recall), f1: try number(.f1),
            averagePrecision: try number(.averagePrecision), averagePrecision50: try container.decodeNumber(forKey: .averagePrecision50),
            meanIoU: try number(.meanIoU), curve: curve)
    }
}
