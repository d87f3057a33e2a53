import FaceBenchModel
import FaceBenchIO
import FaceBenchHarness

/// Files that are often given where detections belong — a run's results.json, a baseline, a
/// ground-truth file, a run folder — recognised so the error says what the file is and what
/// to pass instead, rather than only that no detection format matched.
public enum NotPredictions {
    /// For `ImporterChoice` and `file:` detectors, which live below the harness in FaceBenchIO.
    public static let explanation = NotPredictionsExplanation(folder: explainFolder, file: explainFile)

    /// A FaceBench run folder (it holds WIDER-layout folders, which an importer would take for
    /// predictions), or nil.
    public static func explainFolder(_ path: String) -> String? {
        guard FileIO.isDirectory(path), FileIO.exists(path + "/" + RunFolder.resultsFileName) || FileIO.exists(path + "/" + RunLog.fileName) else { return nil }
        return "\(path) is a FaceBench run folder, not detections: pass one of its <detector>.coco.json files (COCO results), or give the folder to `facebench report` or `facebench compare`"
    }

    /// What a file no importer recognised is, and what to pass instead, or nil when it is
    /// none of these. Reads the whole file: only for an error message.
    public static func explainFile(_ path: String) -> String? {
        guard !FileIO.isDirectory(path), let prefix = try? FileIO.readPrefix(path, count: 64) else { return nil }
        let start = String(decoding: prefix, as: UTF8.self).drop { $0.isWhitespace }
        if start.hasPrefix("<?xml") || start.hasPrefix("<dataset") || start.hasPrefix("<annotation") {
            return "\(path) is XML ground truth (dlib imglab or Pascal VOC), not detections: give it as --dataset"
        }
        guard start.hasPrefix("{"), let object = (try? JSONReader.parse(file: path))?.object else { return nil }
        switch object["schema"]?.string {
        case RunResults.schema?:
            return "\(path) is FaceBench run results (results.json), not detections: pass the COCO results beside it, <detector>.coco.json, or give it to `facebench report` or `facebench compare`"
        case BenchmarkSnapshot.schema?:
            return "\(path) is a FaceBench baseline, not detections: give it to `facebench compare --baseline`"
        default:
            break
        }
        if object["images"]?.array != nil, object["annotations"]?.array != nil {
            return "\(path) is COCO ground truth (an object with images and annotations), not detections: give it as --dataset, and the detections as a COCO results array [{\"image_id\", \"bbox\", \"score\"}, …]"
        }
        return nil
    }
}
