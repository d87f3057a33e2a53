import FaceBenchModel

/// The `per_image` protocol: true positives, false positives and missed faces of every
/// image at the detector's own operating point (every detection it returned, matched
/// greedily by score at the IoU threshold, 0.5 by default), worst images first, so a user
/// can see which faces a detector misses.
///
/// The result is a list, one entry per image: `{"id", "name", "tp", "fp", "missed",
/// "ignored", "missed_faces"}` where `missed_faces` are indices into the image's faces (as
/// `gt.coco.json` and the dataset list them) and `ignored` counts detections of ignored
/// faces. Worst first means most missed faces plus false positives, then most missed, then
/// image id.
public struct PerImageBreakdown: AccuracyEvaluator {
    public init() {}

    public var name: String { "per_image" }
    public var summary: String { "per-image TP / FP / missed faces, worst images first" }

    public func applies(to dataset: Dataset) -> Bool { true }

    public func evaluate(dataset: Dataset, samples: [Sample], detections: [[Detection]], options: EvaluationOptions) throws -> JSONValue {
        try PredictionChecks.validate(detections, samples: samples)
        let ranked = WorstImages.rank(
            samples: samples, detections: detections, iouThreshold: options.iouThreshold ?? 0.5, includingClean: true)
        return .array(ranked.map { pick in
            .object([
                "id": JSONValue(pick.sample.id), "name": JSONValue(pick.sample.name), "tp": JSONValue(pick.match.truePositives),
                "fp": JSONValue(pick.falsePositives), "missed": JSONValue(pick.missed), "ignored": JSONValue(pick.match.ignoredDetections),
                "missed_faces": .array(pick.match.missedFaceIndices(of: pick.sample.faces).map { JSONValue($0) }),
            ])
        })
    }

    /// The five worst images of each detector.
    public func markdown(_ results: [(detector: String, result: JSONValue)]) -> String {
        var table = MarkdownTable(headers: ["Detector", "Image", "TP", "FP", "Missed"])
        for (detector, result) in results {
            for entry in (result.array ?? []).prefix(5) {
                table.add([
                    detector, entry["name"]?.string ?? "?", String(entry["tp"]?.int ?? 0), String(entry["fp"]?.int ?? 0),
                    String(entry["missed"]?.int ?? 0),
                ])
            }
        }
        return "Worst images (missed faces plus false positives), five per detector:\n\n" + table.text
    }
}
