import FaceBenchModel
import FaceBenchEvaluation

/// The face-height buckets of `sizes` protocol results (their COCO area ranges are left out).
public enum SizeBuckets {
    /// The height buckets with faces, in order: label, faces (the most any result counted)
    /// and the first result's recall. Area ranges are left out.
    public static func heights(_ results: [SizeBreakdownResult]) -> [(label: String, faces: Int, recall: Double?)] {
        var out: [(label: String, faces: Int, recall: Double?)] = []
        for result in results {
            for bucket in result.buckets where bucket.measure == SizeRange.Measure.height.rawValue && bucket.faces > 0 {
                if let index = out.firstIndex(where: { $0.label == bucket.label }) {
                    out[index].faces = max(out[index].faces, bucket.faces)
                } else {
                    out.append((bucket.label, bucket.faces, bucket.recall))
                }
            }
        }
        return out
    }
}
