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
/// ML Kit gives no detection confidence, so every face scores 1. Euler angles (degrees),
/// probabilities and the tracking id are attributes under their API names. Landmarks go into
/// scheme `mlkit`'s order by `type`, ML Kit's integer constant (`4` = `LEFT_EYE`) or its name
/// (`LEFT_EYE`, iOS `LeftEye`).
public struct MLKitImporter: DetectionImporter {
    public let name = "mlkit"
    public var landmarkScheme: LandmarkScheme? { .mlKit }

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
        var detection = Detection(box: box, score: 1, attributes: face.scalarTexts(of: Self.keptAttributes))
        let typed = try (face["landmarks"]?.array ?? []).enumerated().map { index, landmark in
            let here = "\(field).landmarks[\(index)]"
            guard let position = landmark["position"] else { throw source.malformed(here + ".position", "missing") }
            let point = Point(x: try source.number(position, "x", field: here + ".position"), y: try source.number(position, "y", field: here + ".position"))
            return (type: try Self.typeName(landmark["type"], field: here + ".type", source), point: point)
        }
        TypedLandmarks.attach(typed, scheme: .mlKit, to: &detection)
        return detection
    }

    public func warnings(_ path: String, for dataset: Dataset, loaded: [Int: [Detection]]) -> [String] {
        TypedLandmarks.warnings(loaded, scheme: .mlKit)
    }

    /// A landmark's type as a point name of `mlkit`: from ML Kit's integer constant, or the
    /// name as given.
    static func typeName(_ value: JSONValue?, field: String, _ source: ImportSource) throws -> String {
        if let text = value?.string { return text }
        if let code = value?.int, let index = LandmarkScheme.mlKitTypeCodes.firstIndex(of: code) {
            return LandmarkScheme.mlKit.pointNames[index]
        }
        let codes = zip(LandmarkScheme.mlKitTypeCodes, LandmarkScheme.mlKit.pointNames).map { "\($0) \($1.uppercased())" }
        throw source.malformed(field, "expected an ML Kit landmark type: one of \(codes.joined(separator: ", ")), or its name")
    }
}
