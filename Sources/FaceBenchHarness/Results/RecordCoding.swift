import FaceBenchModel

/// Image records as JSON, shared by the run log, `results.json` and merging (their
/// detections: `Detection`'s coding). Decoding errors name the file and the field.
extension ImageRecord: Codable {
    enum CodingKeys: String, CodingKey {
        case sampleID = "id", name, path, width, height, decodeMilliseconds = "decode_ms", decodeWarning = "decode_warning"
        case overheadMilliseconds = "overhead_ms", order, results
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sampleID, forKey: .sampleID)
        try container.encode(name, forKey: .name)
        try container.encode(path, forKey: .path)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encodeNumber(decodeMilliseconds, forKey: .decodeMilliseconds)
        try container.encodeIfPresent(decodeWarning, forKey: .decodeWarning)
        try container.encodeNumber(overheadMilliseconds, forKey: .overheadMilliseconds)
        try container.encode(order, forKey: .order)
        var stored = container.nestedContainer(keyedBy: NamedKey.self, forKey: .results)
        for id in order {
            guard let result = results[id] else { continue }
            try stored.encode(result, forKey: NamedKey(id))
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            sampleID: try container.decode(Int.self, forKey: .sampleID), name: try container.decode(String.self, forKey: .name),
            path: try container.decode(String?.self, forKey: .path), width: try container.decode(Int?.self, forKey: .width),
            height: try container.decode(Int?.self, forKey: .height),
            decodeMilliseconds: try container.decodeNumber(forKey: .decodeMilliseconds),
            order: try container.decode([String].self, forKey: .order),
            results: try container.decode([String: DetectorImageResult].self, forKey: .results),
            overheadMilliseconds: try container.decodeNumber(forKey: .overheadMilliseconds))
        decodeWarning = try container.decodeIfPresent(String.self, forKey: .decodeWarning)
    }
}

extension DetectorImageResult: Codable {
    enum CodingKeys: String, CodingKey {
        case detections, latencies = "latency_ms", reportedMilliseconds = "reported_ms", landmarkMilliseconds = "landmark_ms", cpuMilliseconds = "cpu_ms", failure
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(detections, forKey: .detections)
        try container.encode(latencies, forKey: .latencies)
        if !reportedMilliseconds.isEmpty { try container.encode(reportedMilliseconds, forKey: .reportedMilliseconds) }
        if !landmarkMilliseconds.isEmpty { try container.encode(landmarkMilliseconds, forKey: .landmarkMilliseconds) }
        if !cpuMilliseconds.isEmpty { try container.encode(cpuMilliseconds, forKey: .cpuMilliseconds) }
        try container.encodeIfPresent(failure, forKey: .failure)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            detections: try container.decode([Detection].self, forKey: .detections),
            latencies: try container.decode([Double].self, forKey: .latencies),
            reportedMilliseconds: try container.decodeIfPresent([Double].self, forKey: .reportedMilliseconds) ?? [],
            landmarkMilliseconds: try container.decodeIfPresent([Double].self, forKey: .landmarkMilliseconds) ?? [],
            cpuMilliseconds: try container.decodeIfPresent([Double].self, forKey: .cpuMilliseconds) ?? [],
            failure: try container.decodeIfPresent(String.self, forKey: .failure))
    }
}
