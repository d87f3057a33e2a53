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
        let iou = options.iouThreshold ?? 0.5
        struct Row {
            var sample: Sample
            var tp: Int, fp: Int, ignored: Int
            var missed: [Int]
        }
        var rows: [Row] = []
        rows.reserveCapacity(samples.count)
        for (sample, found) in zip(samples, detections) {
            let match = GreedyMatcher.match(found, to: sample.faces, iouThreshold: iou)
            let missed = sample.faces.indices.filter { !sample.faces[$0].ignore && match.matchedDetection[$0] == nil }
            let ignored = match.outcomes.reduce(0) { $1 == .ignored ? $0 + 1 : $0 }
            rows.append(Row(sample: sample, tp: match.truePositives, fp: match.falsePositives, ignored: ignored, missed: missed))
        }
        rows.sort { a, b in
            let badA = a.missed.count + a.fp, badB = b.missed.count + b.fp
            if badA != badB { return badA > badB }
            if a.missed.count != b.missed.count { return a.missed.count > b.missed.count }
            return a.sample.id < b.sample.id
        }
        return .array(rows.map { row in
            .object([
                "id": JSONValue(row.sample.id), "name": JSONValue(row.sample.name), "tp": JSONValue(row.tp),
                "fp": JSONValue(row.fp), "missed": JSONValue(row.missed.count), "ignored": JSONValue(row.ignored),
                "missed_faces": .array(row.missed.map { JSONValue($0) }),
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
