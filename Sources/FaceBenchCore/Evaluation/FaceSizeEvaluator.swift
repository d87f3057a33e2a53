/// Recall by face size (`sizes`): faces bucketed by box height — < 16, 16–32, 32–64,
/// 64–128, ≥ 128 px, lower end included — and, per bucket, the share of its faces a
/// detector found at the IoU threshold (greedy matching, every detection it returned).
/// Ignored faces count in no bucket. Result (the layout of issue 3's `SizeBreakdown`, which
/// adds AP and COCO area ranges and replaces this one when merged):
///
///     {"iou_threshold": 0.5,
///      "buckets": [{"label": "h16-32", "measure": "height", "lower": 16, "upper": 32,
///                   "faces": 141, "recall": 0.851}, …]}
///
/// `recall` is null for a bucket without faces; the last bucket's `upper` is null.
/// Detectors miss small faces first (cascades have a minimum window, HOG a minimum of 80 px
/// before upsampling), which the overall recall hides.
public struct FaceSizeEvaluator: AccuracyEvaluator {
    public let name = "sizes"
    public let summary = "Recall by face height: <16, 16-32, 32-64, 64-128, >=128 px."

    /// Lower edges of the buckets; the last is open-ended.
    public static let edges: [Double] = [0, 16, 32, 64, 128]

    public init() {}

    public func applies(to dataset: Dataset) -> Bool { dataset.faceCount > 0 }

    public static func label(_ bucket: Int) -> String {
        if bucket == 0 { return "h<\(Int(edges[1]))" }
        if bucket == edges.count - 1 { return "h>=\(Int(edges[bucket]))" }
        return "h\(Int(edges[bucket]))-\(Int(edges[bucket + 1]))"
    }

    static func bucket(height: Double) -> Int {
        edges.lastIndex { height >= $0 } ?? 0
    }

    public func evaluate(dataset: Dataset, samples: [Sample], detections: [[Detection]], options: EvaluationOptions) throws -> JSONValue {
        let iouThreshold = options.iouThreshold ?? 0.5
        var faces = [Int](repeating: 0, count: Self.edges.count)
        var found = faces
        for (sample, detected) in zip(samples, detections) {
            let match = GreedyMatcher.match(detected, to: sample.faces, iouThreshold: iouThreshold)
            for (index, face) in sample.faces.enumerated() where !face.ignore {
                let bucket = Self.bucket(height: face.box.height)
                faces[bucket] += 1
                if match.matchedDetection[index] != nil { found[bucket] += 1 }
            }
        }
        let buckets = Self.edges.indices.map { bucket -> JSONValue in
            .object([
                "label": JSONValue(Self.label(bucket)), "measure": "height", "lower": JSONValue(Self.edges[bucket]),
                "upper": bucket + 1 < Self.edges.count ? JSONValue(Self.edges[bucket + 1]) : .null,
                "faces": JSONValue(faces[bucket]),
                "recall": faces[bucket] > 0 ? JSONValue(Double(found[bucket]) / Double(faces[bucket])) : .null,
            ])
        }
        return .object(["iou_threshold": JSONValue(iouThreshold), "buckets": .array(buckets)])
    }

    /// A row per detector, a column per bucket that has faces: recall, and faces found out
    /// of the bucket's faces.
    public func markdown(_ results: [(detector: String, result: JSONValue)]) -> String {
        let buckets = SizeBuckets.heights(results.map(\.result))
        var table = MarkdownTable(headers: ["Detector"] + buckets.map { "\($0.label) (\($0.faces) faces)" })
        for (detector, result) in results {
            let recalls = Dictionary(SizeBuckets.heights([result]).map { ($0.label, $0.recall) }, uniquingKeysWith: { first, _ in first })
            table.add([detector] + buckets.map { Formatting.fixed(recalls[$0.label] ?? nil, 3) })
        }
        return "Recall by face height in pixels:\n\n" + table.text
    }
}
