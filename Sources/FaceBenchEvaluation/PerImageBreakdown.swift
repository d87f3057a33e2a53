import FaceBenchModel

/// The `per_image` protocol: true positives, false positives and missed faces of every
/// image at the detector's own operating point (every detection it returned, matched
/// greedily by score at the IoU threshold, 0.5 by default), worst images first, so a user
/// can see which faces a detector misses.
///
/// The result (`PerImageResult`) is a list, one entry per image: `{"id", "name", "tp", "fp",
/// "missed", "ignored", "missed_faces"}` where `missed_faces` are indices into the image's
/// faces (as `gt.coco.json` and the dataset list them) and `ignored` counts detections of
/// ignored faces. Worst first means most missed faces plus false positives, then most missed, then
/// image id.
public struct PerImageBreakdown: AccuracyEvaluator {
    public init() {}

    public var summary: String { "per-image TP / FP / missed faces, worst images first" }

    public func applies(to dataset: Dataset) -> Bool { true }

    public func evaluate(dataset: Dataset, samples: [Sample], detections: [[Detection]], options: EvaluationOptions) throws -> PerImageResult {
        try PredictionChecks.validate(detections, samples: samples)
        let ranked = WorstImages.rank(
            samples: samples, detections: detections, iouThreshold: options.iouThreshold ?? 0.5, includingClean: true)
        return PerImageResult(images: ranked.map { pick in
            PerImageResult.Image(
                id: pick.sample.id, name: pick.sample.name, truePositives: pick.match.truePositives, falsePositives: pick.falsePositives,
                missed: pick.missed, ignored: pick.match.ignoredDetections, missedFaces: pick.match.missedFaceIndices(of: pick.sample.faces))
        })
    }
}
