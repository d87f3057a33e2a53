import FaceBenchModel

/// Numbers keyed by a name, in order: `{"10": 0.76, "31": 0.88}` of the FP table, the
/// landmark failure rates by threshold. Null for a value that is not defined.
public struct NamedValues: Sendable, Equatable, Codable {
    public var entries: [(name: String, value: Double?)]

    public init(_ entries: [(name: String, value: Double?)]) { self.entries = entries }

    public subscript(name: String) -> Double? { entries.first { $0.name == name }?.value ?? nil }

    public static func == (a: NamedValues, b: NamedValues) -> Bool {
        a.entries.elementsEqual(b.entries) { $0.name == $1.name && $0.value == $1.value }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: NamedKey.self)
        entries = try container.allKeys.map { ($0.stringValue, try container.decodeIfPresent(Double.self, forKey: $0)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NamedKey.self)
        for (name, value) in entries { try container.encodeIfPresent(value, forKey: NamedKey(name)) }
    }
}
