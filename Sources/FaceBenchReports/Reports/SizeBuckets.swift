import FaceBenchModel

/// Reads the face-height buckets of `sizes` protocol results — the layout `SizeBreakdown`
/// writes (its COCO area ranges are left out here):
/// `{"buckets": [{"label": "h16-32", "measure": "height", "faces": 141, "recall": 0.85, …}]}`.
public enum SizeBuckets {
    /// The height buckets with faces, in order: label, faces (the most any result counted)
    /// and the first result's recall. Area ranges are left out.
    public static func heights(_ results: [JSONValue]) -> [(label: String, faces: Int, recall: Double?)] {
        var out: [(label: String, faces: Int, recall: Double?)] = []
        for result in results {
            for bucket in result["buckets"]?.array ?? [] where bucket["measure"]?.string ?? "height" == "height" {
                guard let label = bucket["label"]?.string, let faces = bucket["faces"]?.int, faces > 0 else { continue }
                if let index = out.firstIndex(where: { $0.label == label }) {
                    out[index].faces = max(out[index].faces, faces)
                } else {
                    out.append((label, faces, bucket["recall"]?.double))
                }
            }
        }
        return out
    }
}
