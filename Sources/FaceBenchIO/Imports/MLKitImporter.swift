import FaceBenchModel

/// Google ML Kit face detection results (Android `com.google.mlkit.vision.face.Face`, iOS
/// `MLKFace`) as an app writes them out: each face an object named after the API's getters,
/// `{"boundingBox": {"left", "top", "right", "bottom"}, "headEulerAngleX"/"Y"/"Z",
/// "smilingProbability", "leftEyeOpenProbability", "rightEyeOpenProbability", "trackingId",
/// "landmarks": [{"type", "position": {"x", "y"}}]}` in image pixels (iOS `frame` as
/// `{"x", "y", "width", "height"}` is accepted for the box). Files are
/// `{"images": [{"image": name, "faces": [...]}]}` or an object keyed by image name whose
/// values are face lists.
///
/// ML Kit gives no detection confidence, so every face scores 1. Euler angles,
/// probabilities and the tracking id are attributes under their API names; landmark types
/// in `landmark_types`.
public struct MLKitImporter: DetectionImporter {
    public let name = "mlkit"

    static let keptAttributes = [
        "headEulerAngleX", "headEulerAngleY", "headEulerAngleZ", "smilingProbability", "leftEyeOpenProbability",
        "rightEyeOpenProbability", "trackingId",
    ]

    public init() {}

    public func recognises(_ path: String) -> Bool {
        ImportSniffer.jsonFile(path, containsAny: ["\"headEulerAngleY\"", "\"smilingProbability\"", "\"leftEyeOpenProbability\""])
    }

    public func load(_ path: String, for dataset: Dataset) throws -> [Int: [Detection]] {
        try ImportCollector.collect(path: path, dataset: dataset, nameKeys: ["image"], listKey: "faces", detection)
    }

    func detection(_ face: JSONValue, field: String, _ source: ImportSource) throws -> Detection {
        let box: Box
        if let rect = face["boundingBox"] {
            let here = field + ".boundingBox"
            box = Box(x1: try source.number(rect, "left", field: here), y1: try source.number(rect, "top", field: here),
                      x2: try source.number(rect, "right", field: here), y2: try source.number(rect, "bottom", field: here))
        } else if let frame = face["frame"] {
            let here = field + ".frame"
            box = Box(x: try source.number(frame, "x", field: here), y: try source.number(frame, "y", field: here),
                      width: try source.number(frame, "width", field: here), height: try source.number(frame, "height", field: here))
        } else {
            throw source.malformed(field, "no boundingBox (or frame)")
        }
        var attributes = face.scalarTexts(of: Self.keptAttributes)
        var landmarks: [Point]?
        if let list = face["landmarks"]?.array, !list.isEmpty {
            landmarks = try list.enumerated().map { index, landmark in
                let here = "\(field).landmarks[\(index)].position"
                guard let position = landmark["position"] else { throw source.malformed(here, "missing") }
                return Point(x: try source.number(position, "x", field: here), y: try source.number(position, "y", field: here))
            }
            attributes["landmark_types"] = list.map { $0["type"].flatMap(\.scalarText) ?? "?" }.joined(separator: ",")
        }
        return Detection(box: box, score: 1, landmarks: landmarks, attributes: attributes)
    }
}
