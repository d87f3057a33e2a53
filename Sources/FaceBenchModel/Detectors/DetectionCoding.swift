/// A detection as JSON, one coding for the run log, `results.json`, merging and the exec
/// protocol's answers. Decoding errors name the file and the field.
extension Detection: Codable {
    enum CodingKeys: String, CodingKey {
        case box, score, landmarks, attributes
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode([box.x, box.y, box.width, box.height], forKey: .box)
        try container.encode(score, forKey: .score)
        if let landmarks { try container.encode(landmarks.map { [$0.x, $0.y] }, forKey: .landmarks) }
        var stored = attributes
        if let ellipse { stored[Self.ellipseAttribute] = Self.spell(ellipse) }
        if !stored.isEmpty { try container.encode(stored, forKey: .attributes) }
    }

    /// Files keep an ellipse among the attributes, as `major minor angle cx cy`.
    static let ellipseAttribute = "fddb_ellipse"

    static func spell(_ ellipse: Ellipse) -> String {
        [ellipse.majorRadius, ellipse.minorRadius, ellipse.angle, ellipse.centerX, ellipse.centerY].map(JSONWriter.format).joined(separator: " ")
    }

    /// `landmarks` may be absent or null; `attributes` values other than strings are kept as
    /// their JSON text (programs report numbers and flags).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let box = try container.decode([Double].self, forKey: .box)
        guard box.count == 4 else {
            throw DecodingError.dataCorruptedError(forKey: .box, in: container, debugDescription: "must be [x, y, width, height]")
        }
        let score = try container.decode(Double.self, forKey: .score)
        var landmarks: [Point]?
        if let points = try container.decodeIfPresent([[Double]].self, forKey: .landmarks) {
            landmarks = try points.enumerated().map { index, xy in
                guard xy.count == 2 else {
                    throw DecodingError.dataCorrupted(.init(
                        codingPath: container.codingPath + [CodingKeys.landmarks, NamedKey(index: index)], debugDescription: "must be [x, y]"))
                }
                return Point(x: xy[0], y: xy[1])
            }
        }
        var attributes: [String: String] = [:]
        for (key, value) in try container.decodeIfPresent([String: JSONValue].self, forKey: .attributes) ?? [:] {
            attributes[key] = value.scalarText ?? JSONWriter(indent: nil).string(value)
        }
        var ellipse: Ellipse?
        if let text = attributes.removeValue(forKey: Self.ellipseAttribute) {
            let values = text.split(separator: " ").map { Double($0) }
            guard values.count == 5, values.allSatisfy({ $0?.isFinite == true }) else {
                throw DecodingError.dataCorrupted(.init(
                    codingPath: container.codingPath + [CodingKeys.attributes, NamedKey(Self.ellipseAttribute)],
                    debugDescription: "must be 'major minor angle cx cy'"))
            }
            let v = values.map { $0! }
            ellipse = Ellipse(majorRadius: v[0], minorRadius: v[1], angle: v[2], centerX: v[3], centerY: v[4])
        }
        self.init(
            box: Box(x: box[0], y: box[1], width: box[2], height: box[3]), score: score, landmarks: landmarks, ellipse: ellipse,
            attributes: attributes)
    }
}
