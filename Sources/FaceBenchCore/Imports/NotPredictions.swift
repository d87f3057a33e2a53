/// Files that are often given where detections belong — a run's results.json, a ground-truth
/// file, a run folder — recognised so the error says what the file is and what to pass
/// instead, rather than only that no detection format matched.
public enum NotPredictions {
    /// What `path` is and what to pass instead, or nil when it is none of these.
    public static func explain(_ path: String) -> String? {
        if FileIO.isDirectory(path) {
            if FileIO.exists(path + "/results.json") || FileIO.exists(path + "/images.jsonl") {
                return "\(path) is a FaceBench run folder, not detections: pass one of its <detector>.coco.json files (COCO results), or give the folder to `facebench report` or `facebench compare`"
            }
            return nil
        }
        guard let bytes = try? FileIO.readPrefix(path, count: 4096) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        let compact = text.filter { !$0.isWhitespace }
        if compact.contains("\"schema\":\"\(RunResults.schema)\"") {
            return "\(path) is FaceBench run results (results.json), not detections: pass the COCO results beside it, <detector>.coco.json, or give it to `facebench report` or `facebench compare`"
        }
        if compact.contains("\"schema\":\"\(BenchmarkSnapshot.schema)\"") {
            return "\(path) is a FaceBench baseline, not detections: give it to `facebench compare --baseline`"
        }
        if compact.hasPrefix("{"), compact.contains("\"annotations\":") || compact.contains("\"images\":") {
            return "\(path) is COCO ground truth (an object with images and annotations), not detections: give it as --dataset, and the detections as a COCO results array [{\"image_id\", \"bbox\", \"score\"}, …]"
        }
        if compact.hasPrefix("<?xml") || compact.hasPrefix("<dataset") || compact.hasPrefix("<annotation") {
            return "\(path) is XML ground truth (dlib imglab or Pascal VOC), not detections: give it as --dataset"
        }
        return nil
    }
}
