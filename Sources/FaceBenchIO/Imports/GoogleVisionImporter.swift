import FaceBenchModel

/// Google Cloud Vision face detection (`FACE_DETECTION`) responses: `AnnotateImageResponse`
/// objects with `faceAnnotations`. Three layouts, since a synchronous response does not
/// name its images:
/// - `{"responses": [...]}` where each response has `context.uri` (asynchronous batch
///   output); the image is the URI's file name;
/// - an object keyed by image name whose values are responses;
/// - a folder of per-image files, `<image name or stem>.json`, each a response or
///   `{"responses": [one]}`.
///
/// The box is `fdBoundingPoly` (the tighter face-detection box) when present, else
/// `boundingPoly`; the head box is kept as attribute `head_box` (`x,y,width,height`).
/// Vertices omit zero coordinates (proto3 JSON), which read as 0. Score:
/// `detectionConfidence`. Landmarks are kept in the order given, their types in attribute
/// `landmark_types`; angles, likelihoods and `landmarkingConfidence` are attributes under
/// their API names.
public struct GoogleVisionImporter: DetectionImporter {
    public let name = "google-vision"

    static let markers = ["\"faceAnnotations\""]
    static let keptAttributes = [
        "rollAngle", "panAngle", "tiltAngle", "landmarkingConfidence", "joyLikelihood", "sorrowLikelihood",
        "angerLikelihood", "surpriseLikelihood", "underExposedLikelihood", "blurredLikelihood", "headwearLikelihood",
    ]

    public init() {}

    public func recognises(_ path: String) -> Bool {
        ImportSniffer.jsonFile(path, containsAny: Self.markers) || ImportSniffer.jsonFolder(path, containsAny: Self.markers)
    }

    public func load(_ path: String, for dataset: Dataset) throws -> [Int: [Detection]] {
        if FileIO.isDirectory(path) {
            var collector = ImportCollector(path: path, dataset: dataset)
            for file in FileIO.list(path) where file.lowercased().hasSuffix(".json") {
                let filePath = path + "/" + file
                let fileSource = ImportSource(path: filePath)
                var response = try JSONReader.parse(file: filePath)
                var field = ""
                if let responses = response["responses"]?.array {
                    guard responses.count == 1 else {
                        throw fileSource.malformed("responses", "a per-image file must hold one response, not \(responses.count)")
                    }
                    response = responses[0]
                    field = "responses[0]"
                }
                try collector.add(image: String(file.dropLast(5)), field: file) { _ in
                    try faces(of: response, field: field, fileSource)
                }
            }
            return collector.detections
        }
        var collector = ImportCollector(path: path, dataset: dataset)
        let root = try JSONReader.parse(file: path)
        if let responses = root["responses"]?.array {
            for (index, response) in responses.enumerated() {
                let field = "responses[\(index)]"
                guard let uri = response["context"]?["uri"]?.string else {
                    throw collector.malformed(
                        field, "no context.uri naming the image; synchronous responses do not name their images: key them by image name or save one file per image in a folder")
                }
                let source = collector.source
                try collector.add(image: ImportCollector.fileName(uri), field: field) { _ in try faces(of: response, field: field, source) }
            }
        } else if let object = root.object {
            for (name, response) in object.pairs {
                let field = "[\"\(name)\"]"
                let source = collector.source
                try collector.add(image: name, field: field) { _ in try faces(of: response, field: field, source) }
            }
        } else {
            throw collector.malformed("top level", "expected {\"responses\": [...]} or an object keyed by image name")
        }
        return collector.detections
    }

    func faces(of response: JSONValue, field: String, _ source: ImportSource) throws -> [Detection] {
        let prefix = field.isEmpty ? "" : field + "."
        if let error = response["error"], !error.isNull {
            throw source.malformed(prefix + "error", "the service reported an error for this image: \(JSONWriter(indent: nil).string(error))")
        }
        guard let annotations = (response["faceAnnotations"] ?? .array([])).array else {
            throw source.malformed(prefix + "faceAnnotations", "must be a list")
        }
        return try annotations.enumerated().map { index, face in
            let here = "\(prefix)faceAnnotations[\(index)]"
            let head = try face["boundingPoly"].map { try box($0, field: here + ".boundingPoly", source) }
            let faceBox = try face["fdBoundingPoly"].map { try box($0, field: here + ".fdBoundingPoly", source) }
            guard let chosen = faceBox ?? head else { throw source.malformed(here, "no fdBoundingPoly or boundingPoly") }
            var attributes = face.scalarTexts(of: Self.keptAttributes)
            if faceBox != nil, let head { attributes["head_box"] = "\(head.x),\(head.y),\(head.width),\(head.height)" }
            var landmarks: [Point]?
            if let list = face["landmarks"]?.array, !list.isEmpty {
                landmarks = list.map { Point(x: $0["position"]?["x"]?.double ?? 0, y: $0["position"]?["y"]?.double ?? 0) }
                attributes["landmark_types"] = list.map { $0["type"]?.string ?? "UNKNOWN_LANDMARK" }.joined(separator: ",")
            }
            return Detection(box: chosen, score: face["detectionConfidence"]?.double ?? 0, landmarks: landmarks, attributes: attributes)
        }
    }

    /// The axis-aligned box around a `BoundingPoly`'s vertices.
    func box(_ polygon: JSONValue, field: String, _ source: ImportSource) throws -> Box {
        guard let vertices = polygon["vertices"]?.array, !vertices.isEmpty else { throw source.malformed(field, "no vertices") }
        let xs = vertices.map { $0["x"]?.double ?? 0 }, ys = vertices.map { $0["y"]?.double ?? 0 }
        return Box(x1: xs.min()!, y1: ys.min()!, x2: xs.max()!, y2: ys.max()!)
    }
}
