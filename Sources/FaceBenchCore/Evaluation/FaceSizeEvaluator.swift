/// Recall by face size (`sizes`): faces are bucketed by box height in pixels, in octaves
/// (<16, 16-32, 32-64, 64-128, 128-256, >=256), and each bucket reports how many of its
/// faces a detector found at the run's IoU threshold (greedy matching, every detection the
/// detector returned), and how many false positives of that height it produced. Ignored
/// faces count in no bucket. Result:
///
///     {"iou_threshold": 0.5, "measure": "box height (px)",
///      "buckets": {"16-32": {"min": 16, "max": 32, "faces": 141, "detected": 120,
///                            "recall": 0.851, "false_positives": 9}, …}}
///
/// `recall` is null for a bucket without faces. Detectors miss small faces first (cascades
/// have a minimum window, HOG a minimum of 80 px before upsampling), which the overall recall
/// hides.
public struct FaceSizeEvaluator: AccuracyEvaluator {
    public let name = "sizes"
    public let summary = "Recall and false positives by face height: <16, 16-32, 32-64, 64-128, 128-256, >=256 px."

    /// Lower edges of the buckets; the last is open-ended.
    public static let edges: [Double] = [0, 16, 32, 64, 128, 256]

    public init() {}

    public func applies(to dataset: Dataset) -> Bool { dataset.faceCount > 0 }

    public static func label(_ bucket: Int) -> String {
        if bucket == 0 { return "<\(Int(edges[1]))" }
        if bucket == edges.count - 1 { return ">=\(Int(edges[bucket]))" }
        return "\(Int(edges[bucket]))-\(Int(edges[bucket + 1]))"
    }

    static func bucket(height: Double) -> Int {
        edges.lastIndex { height >= $0 } ?? 0
    }

    public func evaluate(dataset: Dataset, samples: [Sample], detections: [[Detection]], options: EvaluationOptions) throws -> JSONValue {
        let iouThreshold = options.iouThreshold ?? 0.5
        var faces = [Int](repeating: 0, count: Self.edges.count)
        var detected = faces, falsePositives = faces
        for (sample, found) in zip(samples, detections) {
            let match = GreedyMatcher.match(found, to: sample.faces, iouThreshold: iouThreshold)
            for (index, face) in sample.faces.enumerated() where !face.ignore {
                let bucket = Self.bucket(height: face.box.height)
                faces[bucket] += 1
                if match.matchedDetection[index] != nil { detected[bucket] += 1 }
            }
            for (index, outcome) in match.outcomes.enumerated() where outcome == .falsePositive {
                falsePositives[Self.bucket(height: found[index].box.height)] += 1
            }
        }
        var buckets = JSONObject()
        for bucket in Self.edges.indices {
            buckets[Self.label(bucket)] = .object([
                "min": JSONValue(Self.edges[bucket]),
                "max": bucket + 1 < Self.edges.count ? JSONValue(Self.edges[bucket + 1]) : .null,
                "faces": JSONValue(faces[bucket]), "detected": JSONValue(detected[bucket]),
                "recall": faces[bucket] > 0 ? JSONValue(Double(detected[bucket]) / Double(faces[bucket])) : .null,
                "false_positives": JSONValue(falsePositives[bucket]),
            ])
        }
        return .object([
            "iou_threshold": JSONValue(iouThreshold), "measure": "box height (px)", "buckets": .object(buckets),
        ])
    }

    /// A row per detector, a column per bucket that has faces: recall (detected/faces).
    public func markdown(_ results: [(detector: String, result: JSONValue)]) -> String {
        let labels = Self.edges.indices.map(Self.label).filter { label in
            results.contains { ($0.result["buckets"]?[label]?["faces"]?.int ?? 0) > 0 }
        }
        var table = MarkdownTable(headers: ["Detector"] + labels.map { $0 + " px" })
        for (detector, result) in results {
            table.add([detector] + labels.map { label in
                let bucket = result["buckets"]?[label]
                guard let recall = bucket?["recall"]?.double else { return "–" }
                return "\(Formatting.fixed(recall, 3)) (\(bucket?["detected"]?.int ?? 0)/\(bucket?["faces"]?.int ?? 0))"
            })
        }
        return "Recall by face height, detected/faces in brackets:\n\n" + table.text
    }
}
