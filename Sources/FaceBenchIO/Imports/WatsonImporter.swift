import FaceBenchModel

/// IBM Watson Visual Recognition `detect_faces` responses (v3):
/// `{"images": [{"image": "name.jpg", "faces": [{"face_location": {"left", "top", "width",
/// "height"}, "age": {"min", "max", "score"}, "gender": {"gender", "score"}}]}],
/// "images_processed": N}`, one response or a list of them. Images are matched by `image`
/// (or the file name of `source_url` / `resolved_url`).
///
/// Watson gives no detection confidence, so every face scores 1: AP is that of an unranked
/// set. Age and gender are kept as attributes (`age_min`, `age_max`, `age_score`, `gender`,
/// `gender_score`), and so is a recognised identity (`identity`, `identity_score`).
public struct WatsonImporter: DetectionImporter {
    public let name = "watson"

    public init() {}

    public func recognises(_ path: String) -> Bool {
        ImportSniffer.jsonFile(path, containsAny: ["\"face_location\"", "\"images_processed\""])
    }

    public func load(_ path: String, for dataset: Dataset) throws -> [Int: [Detection]] {
        try ImportCollector.collect(path: path, dataset: dataset, nameKeys: ["image", "source_url", "resolved_url"], listKey: "faces", detection)
    }

    func detection(_ face: JSONValue, field: String, _ source: ImportSource) throws -> Detection {
        guard let location = face["face_location"] else { throw source.malformed(field, "no face_location") }
        let here = field + ".face_location"
        let box = Box(
            x: try source.number(location, "left", field: here), y: try source.number(location, "top", field: here),
            width: try source.number(location, "width", field: here), height: try source.number(location, "height", field: here))
        var attributes: [String: String] = [:]
        let kept: [(String, String, String)] = [
            ("age", "min", "age_min"), ("age", "max", "age_max"), ("age", "score", "age_score"),
            ("gender", "gender", "gender"), ("gender", "score", "gender_score"),
            ("identity", "name", "identity"), ("identity", "score", "identity_score"),
        ]
        for (group, key, attribute) in kept {
            if let value = face[group]?[key], let text = value.scalarText { attributes[attribute] = text }
        }
        return Detection(box: box, score: 1, attributes: attributes)
    }
}
