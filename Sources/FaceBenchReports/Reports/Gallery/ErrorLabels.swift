import FaceBenchModel
import FaceBenchEvaluation

/// The `errors` protocol's per-image labels as the gallery draws them: `LOC 0.43` above a
/// false positive (error type and best IoU with a face), `MISS 0.12` under a missed face
/// (the best IoU any detection has with it).
struct ErrorLabels {
    struct Image {
        var detections: [Int: String] = [:]
        var faces: [Int: String] = [:]
        /// `2 localization, 1 missed`.
        var summary = ""
    }

    var images: [Int: Image] = [:]

    static let abbreviations = ["localization": "LOC", "duplicate": "DUP", "background": "BKG", "missed": "MISS"]

    init(_ result: JSONValue?) {
        for entry in result?["images"]?.array ?? [] {
            guard let id = entry["id"]?.int else { continue }
            var image = Image()
            var counts: [String: Int] = [:]
            // A face with a localisation error is labelled through its detection (same type
            // and IoU), so crowded thumbnails do not carry the label twice.
            for (key, labels) in [("detections", \Image.detections), ("faces", \Image.faces)] {
                for label in entry[key]?.array ?? [] {
                    guard let index = label["index"]?.int, let error = label["error"]?.string,
                          key == "detections" || error == "missed" else { continue }
                    image[keyPath: labels][index] = "\(Self.abbreviations[error] ?? error) \(Formatting.fixed(label["iou"]?.double, 2))"
                    counts[error, default: 0] += 1
                }
            }
            image.summary = TIDEAnalysis.ErrorType.allCases.compactMap { type in
                counts[type.rawValue].map { "\($0) \(type.rawValue)" }
            }.joined(separator: ", ")
            images[id] = image
        }
    }

    func image(_ id: Int) -> Image { images[id] ?? Image() }
}
