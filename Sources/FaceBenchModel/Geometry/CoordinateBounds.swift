/// The coordinates FaceBench accepts from files and programs: finite and within ±2^30
/// pixels (image sides likewise up to 2^30). Any real image is far inside; a crafted 1e308
/// would otherwise trap where a drawing, a mask or an integer-based protocol (WIDER's
/// MATLAB arithmetic, FDDB's masks) converts it to an integer. Checked where values enter:
/// datasets when they are resolved, detections when a detector or importer returns them.
public enum CoordinateBounds {
    public static let limit: Double = 1_073_741_824

    /// Scores beyond ±10^15 are refused: no detector's confidence is that large, and tables,
    /// charts and thresholds need not reason about them.
    public static let scoreLimit = 1e15

    /// Why a value is refused, or nil.
    public static func problem(_ value: Double, _ what: String) -> String? {
        guard value.isFinite else { return "\(what) is \(value)" }
        guard abs(value) <= limit else { return "\(what) \(value) is beyond ±2^30 pixels" }
        return nil
    }

    public static func problem(with box: Box) -> String? {
        let fields = [(box.x, "x"), (box.y, "y"), (box.width, "width"), (box.height, "height")]
        return fields.lazy.compactMap { problem($0.0, "box \($0.1)") }.first
    }

    public static func problem(with points: [Point]?) -> String? {
        for (index, point) in (points ?? []).enumerated() {
            if let reason = problem(point.x, "landmark \(index + 1) x") ?? problem(point.y, "landmark \(index + 1) y") { return reason }
        }
        return nil
    }

    public static func problem(with detection: Detection) -> String? {
        if !detection.score.isFinite { return "score is \(detection.score)" }
        if abs(detection.score) > scoreLimit { return "score \(detection.score) is beyond ±1e15" }
        return problem(with: detection.box) ?? problem(with: detection.landmarks)
    }

    public static func problem(with face: Face) -> String? {
        if let reason = problem(with: face.box) ?? problem(with: face.landmarks) { return reason }
        guard let ellipse = face.ellipse else { return nil }
        let fields = [(ellipse.majorRadius, "major radius"), (ellipse.minorRadius, "minor radius"), (ellipse.angle, "angle"),
                      (ellipse.centerX, "centre x"), (ellipse.centerY, "centre y")]
        return fields.lazy.compactMap { problem($0.0, "ellipse \($0.1)") }.first
    }

    /// The first detection of a list that is refused: "detection 3: score is nan".
    public static func problem(with detections: [Detection]) -> String? {
        for (index, detection) in detections.enumerated() {
            if let reason = problem(with: detection) { return "detection \(index + 1): \(reason)" }
        }
        return nil
    }

    /// Every face and image size of a dataset; the error names the dataset, image and face.
    public static func check(_ dataset: Dataset) throws {
        for sample in dataset.samples {
            for (what, side) in [("width", sample.width), ("height", sample.height)] {
                if let side, side < 0 || Double(side) > limit {
                    throw FaceBenchError.malformed(path: dataset.root, location: sample.name, reason: "image \(what) \(side) is beyond 2^30 pixels")
                }
            }
            for (index, face) in sample.faces.enumerated() {
                if let reason = problem(with: face) {
                    throw FaceBenchError.malformed(path: dataset.root, location: "\(sample.name) face \(index + 1)", reason: reason)
                }
            }
        }
    }

    /// Detections imported from a file (`eval --predictions`, `file:` detectors).
    public static func check(_ detections: [Int: [Detection]], from path: String, dataset: Dataset) throws {
        let names = Dictionary(dataset.samples.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        for id in detections.keys.sorted() {
            if let reason = problem(with: detections[id]!) {
                throw FaceBenchError.malformed(path: path, location: names[id] ?? "image \(id)", reason: reason)
            }
        }
    }
}
