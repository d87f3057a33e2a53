import FaceBenchModel
import FaceBenchIO
import FaceBenchHarness

/// Reading and writing snapshots as baseline files, and loading whatever `compare` is given
/// (a baseline file, a `results.json`, or a run folder) as a snapshot. Errors name the file
/// and field.
extension BenchmarkSnapshot {
    public var json: JSONValue {
        .object([
            "schema": JSONValue(Self.schema), "created": JSONValue(created),
            "datasets": .array(datasets.map(\.json)),
        ])
    }

    public init(json: JSONValue, path: String) throws {
        guard json["schema"]?.string == Self.schema else {
            throw FaceBenchError.malformed(path: path, location: "schema", reason: "not a FaceBench baseline (expected schema \(Self.schema))")
        }
        guard let datasets = json["datasets"]?.array else {
            throw FaceBenchError.malformed(path: path, location: "datasets", reason: "'datasets' must be a list")
        }
        self.init(
            created: json["created"]?.string ?? "",
            datasets: try datasets.enumerated().map { try DatasetSnapshot(json: $1, path: path, field: "datasets[\($0)]") })
    }

    public func write(to path: String) throws {
        try FileIO.writeAtomically(JSONWriter().bytes(json) + [0x0A], to: path)
    }

    /// A baseline file, a `results.json`, or a folder of results (a run folder): told apart
    /// by the file's schema.
    public static func load(_ path: String) throws -> BenchmarkSnapshot {
        if !FileIO.isDirectory(path) {
            let json = try JSONReader.parse(file: path)
            if json["schema"]?.string == Self.schema { return try BenchmarkSnapshot(json: json, path: path) }
            if json["schema"]?.string != RunResults.schema {
                throw FaceBenchError.malformed(
                    path: path, location: "schema",
                    reason: "neither a baseline (\(Self.schema)) nor results (\(RunResults.schema))")
            }
            return BenchmarkSnapshot(results: [try RunResults(json: json, path: path)], created: json["environment"]?["date"]?.string ?? "")
        }
        let results = try ResultsLocator.files(at: path).map(RunResults.read)
        return BenchmarkSnapshot(results: results, created: results.first?.environment?.date ?? "")
    }
}

extension DatasetSnapshot {
    var json: JSONValue {
        .object([
            "name": JSONValue(name), "format": JSONValue(format), "images": JSONValue(images), "faces": JSONValue(faces),
            "iou_threshold": JSONValue(iouThreshold), "interrupted": JSONValue(interrupted),
            "decode_p50_ms": JSONValue(decodeP50), "environment": environment?.json ?? .null,
            "detectors": .array(detectors.map { detector in
                var object: JSONObject = [
                    "id": JSONValue(detector.id), "spec": JSONValue(detector.spec), "imported": JSONValue(detector.imported),
                    "accuracy": .object(detector.accuracy),
                ]
                if let latency = detector.latency {
                    object["latency_ms"] = .object([
                        "count": JSONValue(latency.count), "p25": JSONValue(latency.p25), "p50": JSONValue(latency.p50),
                        "p75": JSONValue(latency.p75), "p90": JSONValue(latency.p90), "p99": JSONValue(latency.p99),
                        "mad": JSONValue(latency.mad),
                        "p50_ci95": JSONValue([latency.medianCI95.lowerBound, latency.medianCI95.upperBound]),
                    ])
                }
                if !detector.relativeLatency.isEmpty {
                    var relative = JSONObject()
                    for entry in detector.relativeLatency {
                        relative[entry.reference] = .object([
                            "p50": JSONValue(entry.median),
                            "p50_ci95": JSONValue([entry.interval.lowerBound, entry.interval.upperBound]),
                        ])
                    }
                    object["relative_latency"] = .object(relative)
                }
                object["images_per_second"] = JSONValue(detector.imagesPerSecond)
                object["load_ms"] = JSONValue(detector.loadMilliseconds)
                return .object(object)
            }),
        ])
    }

    init(json: JSONValue, path: String, field: String) throws {
        guard let name = json["name"]?.string, let detectors = json["detectors"]?.array else {
            throw FaceBenchError.malformed(path: path, location: field, reason: "a dataset needs 'name' and 'detectors'")
        }
        self.init(
            name: name, format: json["format"]?.string ?? "", images: json["images"]?.int ?? 0, faces: json["faces"]?.int ?? 0,
            iouThreshold: json["iou_threshold"]?.double ?? 0.5, interrupted: json["interrupted"]?.bool ?? false,
            decodeP50: json["decode_p50_ms"]?.double,
            environment: json["environment"].flatMap { $0.isNull ? nil : RunEnvironment(json: $0) },
            detectors: try detectors.enumerated().map { index, detector in
                let here = "\(field).detectors[\(index)]"
                guard let id = detector["id"]?.string, let accuracy = detector["accuracy"]?.object else {
                    throw FaceBenchError.malformed(path: path, location: here, reason: "a detector needs 'id' and an 'accuracy' object")
                }
                for (key, value) in accuracy.pairs where value.double == nil && !value.isNull {
                    throw FaceBenchError.malformed(path: path, location: "\(here).accuracy.\(key)", reason: "must be a number")
                }
                let relative = try (detector["relative_latency"]?.object?.pairs ?? []).map { reference, value in
                    guard let median = value["p50"]?.double, let interval = value["p50_ci95"]?.array?.compactMap(\.double),
                          interval.count == 2, interval[0] <= interval[1] else {
                        throw FaceBenchError.malformed(
                            path: path, location: "\(here).relative_latency.\(reference)", reason: "needs 'p50' and 'p50_ci95': [low, high]")
                    }
                    return RelativeLatency(reference: reference, median: median, interval: interval[0]...interval[1])
                }
                return DetectorSnapshot(
                    id: id, spec: detector["spec"]?.string ?? "", imported: detector["imported"]?.bool ?? false,
                    accuracy: accuracy, latency: detector["latency_ms"].flatMap(LatencySummary.init(json:)),
                    relativeLatency: relative, imagesPerSecond: detector["images_per_second"]?.double,
                    loadMilliseconds: detector["load_ms"]?.double)
            })
    }
}
