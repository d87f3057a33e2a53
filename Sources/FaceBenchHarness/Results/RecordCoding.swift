import FaceBenchModel

/// JSON forms of detections and image records, shared by the run log, `results.json` and
/// merging. Decoding errors name the file and the field.
extension Detection {
    public var json: JSONValue {
        var object: JSONObject = ["box": JSONValue([box.x, box.y, box.width, box.height]), "score": JSONValue(score)]
        if let landmarks { object["landmarks"] = .array(landmarks.map { JSONValue([$0.x, $0.y]) }) }
        if !attributes.isEmpty { object["attributes"] = JSONValue(attributes) }
        return .object(object)
    }

    public init(json: JSONValue, path: String, field: String) throws {
        func fail(_ reason: String) -> FaceBenchError { .malformed(path: path, location: field, reason: reason) }
        guard let box = json["box"]?.array?.compactMap(\.double), box.count == 4 else { throw fail("'box' must be [x, y, width, height]") }
        guard let score = json["score"]?.double else { throw fail("'score' must be a number") }
        var landmarks: [Point]?
        if let points = json["landmarks"]?.array {
            landmarks = try points.map { point in
                guard let xy = point.array?.compactMap(\.double), xy.count == 2 else { throw fail("landmarks must be [x, y] pairs") }
                return Point(x: xy[0], y: xy[1])
            }
        }
        var attributes: [String: String] = [:]
        for (key, value) in json["attributes"]?.object?.pairs ?? [] { attributes[key] = value.string ?? "" }
        self.init(box: Box(x: box[0], y: box[1], width: box[2], height: box[3]), score: score, landmarks: landmarks, attributes: attributes)
    }
}

extension ImageRecord {
    public var json: JSONValue {
        var results = JSONObject()
        for id in order {
            guard let result = self.results[id] else { continue }
            var entry: JSONObject = [
                "detections": .array(result.detections.map(\.json)),
                "latency_ms": JSONValue(result.latencies),
            ]
            if !result.reportedMilliseconds.isEmpty { entry["reported_ms"] = JSONValue(result.reportedMilliseconds) }
            if !result.landmarkMilliseconds.isEmpty { entry["landmark_ms"] = JSONValue(result.landmarkMilliseconds) }
            if let failure = result.failure { entry["failure"] = .string(failure) }
            results[id] = .object(entry)
        }
        var object: JSONObject = [
            "id": JSONValue(sampleID), "name": JSONValue(name), "path": JSONValue(path), "width": JSONValue(width), "height": JSONValue(height),
            "decode_ms": JSONValue(decodeMilliseconds), "overhead_ms": JSONValue(overheadMilliseconds),
            "order": JSONValue(order), "results": .object(results),
        ]
        if let decodeWarning { object["decode_warning"] = .string(decodeWarning) }
        return .object(object)
    }

    public init(json: JSONValue, path: String, field: String) throws {
        func fail(_ reason: String) -> FaceBenchError { .malformed(path: path, location: field, reason: reason) }
        guard let id = json["id"]?.int else { throw fail("'id' must be an integer") }
        guard let order = json["order"]?.array?.compactMap(\.string) else { throw fail("'order' must be a list of detector ids") }
        guard let resultsObject = json["results"]?.object else { throw fail("'results' must be an object") }
        var results: [String: DetectorImageResult] = [:]
        for (detector, value) in resultsObject.pairs {
            let here = "\(field).results.\(detector)"
            guard let detections = value["detections"]?.array else {
                throw FaceBenchError.malformed(path: path, location: here, reason: "'detections' must be a list")
            }
            results[detector] = DetectorImageResult(
                detections: try detections.enumerated().map { try Detection(json: $1, path: path, field: "\(here).detections[\($0)]") },
                latencies: value["latency_ms"]?.array?.compactMap(\.double) ?? [],
                reportedMilliseconds: value["reported_ms"]?.array?.compactMap(\.double) ?? [],
                landmarkMilliseconds: value["landmark_ms"]?.array?.compactMap(\.double) ?? [],
                failure: value["failure"]?.string)
        }
        self.init(
            sampleID: id, name: json["name"]?.string ?? "", path: json["path"]?.string, width: json["width"]?.int, height: json["height"]?.int,
            decodeMilliseconds: json["decode_ms"]?.double, order: order, results: results,
            overheadMilliseconds: json["overhead_ms"]?.double)
        decodeWarning = json["decode_warning"]?.string
    }
}
