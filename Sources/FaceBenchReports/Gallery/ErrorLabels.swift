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

    init(_ result: ErrorAnalysisResult?) {
        for entry in result?.images ?? [] {
            var image = Image()
            var counts: [String: Int] = [:]
            func label(_ error: TIDEAnalysis.ErrorType, iou: Double) -> String {
                counts[error.rawValue, default: 0] += 1
                return "\(Self.abbreviations[error.rawValue] ?? error.rawValue) \(Formatting.fixed(iou, 2))"
            }
            for detection in entry.detections {
                guard let error = detection.error else { continue }
                image.detections[detection.index] = label(error, iou: detection.iou)
            }
            // A face with a localisation error is labelled through its detection (same type
            // and IoU), so crowded thumbnails do not carry the label twice.
            for face in entry.faces where face.error == .missed {
                image.faces[face.index] = label(face.error, iou: face.iou)
            }
            image.summary = TIDEAnalysis.ErrorType.allCases.compactMap { type in
                counts[type.rawValue].map { "\($0) \(type.rawValue)" }
            }.joined(separator: ", ")
            images[entry.id] = image
        }
    }

    func image(_ id: Int) -> Image { images[id] ?? Image() }
}
