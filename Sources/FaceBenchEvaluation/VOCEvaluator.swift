import FaceBenchModel

/// The `voc` protocol: PASCAL VOC average precision at one IoU (0.5 unless
/// `EvaluationOptions.iouThreshold` says otherwise), all-point (VOC 2010 and later, `AP`)
/// and 11-point (VOC 2007, `AP11`), with the devkit's matching (`VOCevaldet.m`):
///
/// detections are taken by descending score (ties in image then file order, as MATLAB's
/// stable sort leaves them); each is compared with every face of its image and keeps the
/// one it overlaps most (the first on ties). If that IoU reaches the threshold, the
/// detection is ignored when the face is "difficult" (here: `Face.ignore`), a true positive
/// when the face is not yet detected, and a false positive otherwise — VOC does not fall
/// back to a second-best face, unlike COCO. Below the threshold it is a false positive.
///
/// IoU is the continuous one of `Box`: loaders turn VOC's inclusive pixel coordinates into
/// continuous boxes (`PascalVOCLoader`), which makes it the devkit's "+1" overlap.
public struct VOCEvaluator: AccuracyEvaluator {
    public init() {}

    public var summary: String { "PASCAL VOC AP at one IoU: all-point (VOC 2010+) and 11-point (VOC 2007)" }

    public func applies(to dataset: Dataset) -> Bool { true }

    public func parameterWarnings(_ options: EvaluationOptions) -> [String] {
        guard let iou = options.iouThreshold, iou != 0.5 else { return [] }
        return ["voc: IoU \(iou) instead of VOC's standard 0.5"]
    }

    public func evaluate(dataset: Dataset, samples: [Sample], detections: [[Detection]], options: EvaluationOptions) throws -> VOCResult {
        try PredictionChecks.validate(detections, samples: samples)
        let threshold = options.iouThreshold ?? 0.5
        let outcome = Self.match(samples: samples, detections: detections, iouThreshold: threshold)
        let faces = samples.reduce(0) { $0 + $1.countedFaces }
        let curve = AveragePrecision.curve(ranked: outcome.ranked, positives: faces)
        let tp = curve.last?.truePositives ?? 0, fp = curve.last?.falsePositives ?? 0
        return VOCResult(
            iouThreshold: threshold, averagePrecision: faces > 0 ? AveragePrecision.allPoint(curve) : nil,
            elevenPointAveragePrecision: faces > 0 ? AveragePrecision.elevenPoint(curve) : nil, faces: faces,
            detections: detections.reduce(0) { $0 + $1.count }, truePositives: tp, falsePositives: fp, ignored: outcome.ignored)
    }

    /// The devkit's matching: the non-ignored detections by descending score with whether
    /// each is a true positive, and how many were ignored.
    static func match(samples: [Sample], detections: [[Detection]], iouThreshold: Double) -> (ranked: [(score: Double, isTruePositive: Bool)], ignored: Int) {
        var scores: [Double] = [], image: [Int32] = [], index: [Int32] = []
        for (i, found) in detections.enumerated() {
            for (k, detection) in found.enumerated() {
                scores.append(detection.score)
                image.append(Int32(i))
                index.append(Int32(k))
            }
        }
        var detected = samples.map { [Bool](repeating: false, count: $0.faces.count) }
        var ranked: [(score: Double, isTruePositive: Bool)] = []
        ranked.reserveCapacity(scores.count)
        var ignored = 0
        for d in ScoreOrder.descending(scores) {
            let i = Int(image[Int(d)])
            let box = detections[i][Int(index[Int(d)])].box
            var best = -1
            var bestIoU = -Double.infinity
            for (j, face) in samples[i].faces.enumerated() {
                guard face.box.intersectionArea(box) > 0 else { continue }
                let overlap = box.iou(face.box)
                if overlap > bestIoU {
                    bestIoU = overlap
                    best = j
                }
            }
            if best >= 0, bestIoU >= iouThreshold {
                if samples[i].faces[best].ignore {
                    ignored += 1
                } else if !detected[i][best] {
                    detected[i][best] = true
                    ranked.append((scores[Int(d)], true))
                } else {
                    ranked.append((scores[Int(d)], false))
                }
            } else {
                ranked.append((scores[Int(d)], false))
            }
        }
        return (ranked, ignored)
    }
}
