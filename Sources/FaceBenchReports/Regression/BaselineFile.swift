import FaceBenchModel
import FaceBenchIO
import FaceBenchEvaluation
import FaceBenchHarness

/// Reading and writing snapshots as baseline files, and loading whatever `compare` is given
/// (a baseline file, a `results.json`, or a run folder) as a snapshot. Errors name the file
/// and field.
extension BenchmarkSnapshot: Codable {
    enum CodingKeys: String, CodingKey {
        case schema, created, gate, datasets
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.schema, forKey: .schema)
        try container.encode(created, forKey: .created)
        try container.encodeIfPresent(gate, forKey: .gate)
        try container.encode(datasets, forKey: .datasets)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let schema = try container.decode(String.self, forKey: .schema)
        guard [Self.schema, Self.schemaWithoutIntervals, Self.schemaWithPartialLatency].contains(schema) else {
            throw DecodingError.dataCorruptedError(
                forKey: .schema, in: container, debugDescription: "not a FaceBench baseline (expected schema \(Self.schema))")
        }
        let gate = try container.decodeIfPresent(GateSettings.self, forKey: .gate)
        let datasets = try container.decode([DatasetSnapshot].self, forKey: .datasets)
        self.init(created: try container.decode(String.self, forKey: .created), datasets: datasets, gate: gate)
    }

    public func write(to path: String) throws {
        try FileIO.writeAtomically(JSONCoding.bytes(self) + [0x0A], to: path)
    }

    /// A baseline file, a `results.json`, or a folder of results (a run folder): told apart
    /// by the file's schema.
    public static func load(_ path: String) throws -> BenchmarkSnapshot {
        try loadEither(path).snapshot
    }

    /// What `load` reads, with the results themselves when `path` holds results rather than
    /// a baseline file (their records let the gate pair images, `PairedRunChanges`).
    public static func loadEither(_ path: String) throws -> (snapshot: BenchmarkSnapshot, results: [RunResults]?) {
        if !FileIO.isDirectory(path) {
            let bytes = try FileIO.read(path)
            let document = try JSONReader.parse(bytes, path: path)
            switch document["schema"]?.string {
            case Self.schema, Self.schemaWithoutIntervals, Self.schemaWithPartialLatency:
                return (try JSONCoding.decode(BenchmarkSnapshot.self, document: document, path: path), nil)
            case RunResults.schema:
                let results = try JSONCoding.decode(RunResults.self, document: document, path: path)
                return (BenchmarkSnapshot(results: [results], created: results.environment?.date ?? ""), [results])
            default:
                throw FaceBenchError.malformed(
                    path: path, location: "schema", reason: "neither a baseline (\(Self.schema)) nor results (\(RunResults.schema))")
            }
        }
        let results = try RunFolder.resultsFiles(at: path).map(RunResults.read)
        return (BenchmarkSnapshot(results: results, created: results.first?.environment?.date ?? ""), results)
    }
}

extension DatasetSnapshot: Codable {
    enum CodingKeys: String, CodingKey {
        case name, format, images, faces, iouThreshold = "iou_threshold", interrupted, decodeP50 = "decode_p50_ms", environment
        case detectors
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(format, forKey: .format)
        try container.encode(images, forKey: .images)
        try container.encode(faces, forKey: .faces)
        try container.encodeNumber(iouThreshold, forKey: .iouThreshold)
        try container.encode(interrupted, forKey: .interrupted)
        try container.encodeNumber(decodeP50, forKey: .decodeP50)
        try container.encode(environment, forKey: .environment)
        try container.encode(detectors, forKey: .detectors)
    }

    /// The detectors are read first: what the gate judges is what a broken file most needs
    /// to name.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .name)
        let detectors = try container.decode([DetectorSnapshot].self, forKey: .detectors)
        self.init(
            name: name, format: try container.decode(String.self, forKey: .format), images: try container.decode(Int.self, forKey: .images),
            faces: try container.decode(Int.self, forKey: .faces), iouThreshold: try container.decode(Double.self, forKey: .iouThreshold),
            interrupted: try container.decode(Bool.self, forKey: .interrupted),
            decodeP50: try container.decodeNumber(forKey: .decodeP50),
            environment: try container.decode(RunEnvironment?.self, forKey: .environment), detectors: detectors)
    }
}

extension DetectorSnapshot: Codable {
    enum CodingKeys: String, CodingKey {
        case id, spec, imported, accuracy, latency = "latency_ms", relativeLatency = "relative_latency"
        case imagesPerSecond = "images_per_second", loadMilliseconds = "load_ms", intervals
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(spec, forKey: .spec)
        try container.encode(imported, forKey: .imported)
        try container.encode(JSONValue.object(accuracy), forKey: .accuracy)
        try container.encodeIfPresent(latency, forKey: .latency)
        if !relativeLatency.isEmpty {
            // The references' order (the run's detectors, decoding last) is kept.
            let references = try relativeLatency.map { ($0.reference, try JSONValueCoding.encode($0)) }
            try container.encode(JSONValue.object(JSONObject(references)), forKey: .relativeLatency)
        }
        try container.encodeNumber(imagesPerSecond, forKey: .imagesPerSecond)
        try container.encodeNumber(loadMilliseconds, forKey: .loadMilliseconds)
        if !intervals.isEmpty {
            let ordered = ResamplableResults.statistics.compactMap { key in
                intervals[key].map { (key, JSONValue.array([JSONValue($0.low), JSONValue($0.high)])) }
            }
            try container.encode(JSONValue.object(JSONObject(ordered)), forKey: .intervals)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let id = try container.decode(String.self, forKey: .id)
        let accuracy = try container.decodeObject(forKey: .accuracy)
        let numbers = try container.nestedContainer(keyedBy: NamedKey.self, forKey: .accuracy)
        for key in numbers.allKeys { _ = try numbers.decodeNumber(forKey: key) }
        var relative: [RelativeLatency] = []
        if container.contains(.relativeLatency) {
            let entries = try container.decode([String: RelativeLatency].self, forKey: .relativeLatency)
            let order = try container.decodeObject(forKey: .relativeLatency).keys
            relative = order.compactMap { entries[$0] }
        }
        let schema = (decoder.userInfo[.jsonDocument] as? JSONValue)?["schema"]?.string
        let partial = schema == BenchmarkSnapshot.schemaWithPartialLatency
        var latency: LatencySummary?
        if container.contains(.latency) {
            latency = partial
                ? try container.decode(PartialLatency.self, forKey: .latency).summary
                : try container.decode(LatencySummary.self, forKey: .latency)
        }
        var intervals: [String: ConfidenceInterval] = [:]
        for (key, bounds) in try container.decodeIfPresent([String: [Double]].self, forKey: .intervals) ?? [:] {
            guard ResamplableResults.statistics.contains(key), bounds.count == 2, bounds.allSatisfy(\.isFinite), bounds[0] <= bounds[1] else {
                throw DecodingError.dataCorruptedError(
                    forKey: .intervals, in: container,
                    debugDescription: "intervals.\(key): needs a statistic (\(ResamplableResults.statistics.joined(separator: ", "))) with [low, high], finite, low ≤ high")
            }
            intervals[key] = ConfidenceInterval(low: bounds[0], high: bounds[1])
        }
        self.init(
            id: id, spec: try container.decode(String.self, forKey: .spec), imported: try container.decode(Bool.self, forKey: .imported),
            accuracy: accuracy, latency: latency, relativeLatency: relative,
            imagesPerSecond: try container.decodeNumber(forKey: .imagesPerSecond),
            loadMilliseconds: try container.decodeNumber(forKey: .loadMilliseconds), intervals: intervals)
    }
}

/// `{"p50", "p50_ci95": [low, high]}`; the reference is the key it is stored under.
extension RelativeLatency: Codable {
    enum CodingKeys: String, CodingKey {
        case median = "p50", interval = "p50_ci95"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeNumber(median, forKey: .median)
        try container.encode([interval.lowerBound, interval.upperBound], forKey: .interval)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let interval = try container.decodeInterval(forKey: .interval)
        self.init(reference: decoder.codingPath.last?.stringValue ?? "", median: try container.decode(Double.self, forKey: .median),
                  interval: interval)
    }
}

/// The latency of `facebench.baseline/1` files, which stored only the percentiles the gate
/// reads: min, max, mean and std are not known and read as NaN.
struct PartialLatency: Decodable {
    var summary: LatencySummary

    enum CodingKeys: String, CodingKey {
        case count, p25, p50, p75, p90, p99, mad, medianCI95 = "p50_ci95"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let interval = try container.decodeInterval(forKey: .medianCI95)
        func number(_ key: CodingKeys) throws -> Double { try container.decode(Double.self, forKey: key) }
        summary = LatencySummary(
            count: try container.decode(Int.self, forKey: .count), min: .nan, p25: try number(.p25), p50: try number(.p50),
            p75: try number(.p75), p90: try number(.p90), p99: try number(.p99), max: .nan, mean: .nan, standardDeviation: .nan,
            mad: try number(.mad), medianCI95: interval)
    }
}
