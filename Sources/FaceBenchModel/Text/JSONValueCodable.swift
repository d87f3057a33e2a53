extension CodingUserInfoKey {
    /// The file's parsed `JSONValue`, for a type that checks the document's shape before it
    /// reads its fields (a baseline's detector snapshot).
    package static let jsonDocument = CodingUserInfoKey(rawValue: "facebench.document")!
}

/// A coding key named by the data (protocol names, detector ids, spec parameters, size
/// labels), for objects whose keys are values; also an array element's position, for errors
/// raised below an unkeyed container.
public struct NamedKey: CodingKey, Sendable {
    public var stringValue: String
    public var intValue: Int?
    public init(_ name: String) { stringValue = name }
    public init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }
    public init?(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { self.init(index: intValue) }
}

/// `JSONValueCoding` hands a `JSONValue` through as it is; this conformance serves other
/// coders, objects in their key order.
extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: NamedKey.self) {
            var pairs: [(String, JSONValue)] = []
            for key in object.allKeys {
                pairs.append((key.stringValue, try object.decode(JSONValue.self, forKey: key)))
            }
            self = .object(JSONObject(pairs))
        } else if var list = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !list.isAtEnd { items.append(try list.decode(JSONValue.self)) }
            self = .array(items)
        } else {
            let scalar = try decoder.singleValueContainer()
            if scalar.decodeNil() {
                self = .null
            } else if let flag = try? scalar.decode(Bool.self) {
                self = .bool(flag)
            } else if let number = try? scalar.decode(Double.self) {
                self = .number(number)
            } else {
                self = .string(try scalar.decode(String.self))
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var scalar = encoder.singleValueContainer()
            try scalar.encodeNil()
        case let .bool(flag):
            var scalar = encoder.singleValueContainer()
            try scalar.encode(flag)
        case let .number(number):
            var scalar = encoder.singleValueContainer()
            try scalar.encode(number)
        case let .string(text):
            var scalar = encoder.singleValueContainer()
            try scalar.encode(text)
        case let .array(items):
            var list = encoder.unkeyedContainer()
            for item in items { try list.encode(item) }
        case let .object(object):
            var members = encoder.container(keyedBy: NamedKey.self)
            for (key, value) in object.pairs { try members.encode(value, forKey: NamedKey(key)) }
        }
    }
}

extension KeyedEncodingContainer {
    /// A number, or null when it is not finite (as `JSONValue` stores it).
    package mutating func encodeNumber(_ value: Double?, forKey key: Key) throws {
        if let value, value.isFinite { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
}

extension KeyedDecodingContainer {
    /// A number that must be present; null (a non-finite number when written) reads as nil.
    package func decodeNumber(forKey key: Key) throws -> Double? {
        try decode(Double?.self, forKey: key)
    }

    /// `[low, high]`, low ≤ high (the bootstrap intervals of medians).
    package func decodeInterval(forKey key: Key) throws -> ClosedRange<Double> {
        let interval = try decode([Double].self, forKey: key)
        guard interval.count == 2, interval[0] <= interval[1] else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "must be [low, high]")
        }
        return interval[0]...interval[1]
    }

    /// An object kept as `JSONObject`, in the file's key order.
    package func decodeObject(forKey key: Key) throws -> JSONObject {
        guard case let .object(object) = try decode(JSONValue.self, forKey: key) else {
            throw DecodingError.typeMismatch([String: Any].self, .init(codingPath: codingPath + [key], debugDescription: ""))
        }
        return object
    }

    /// `[String: String]` in the file's key order, each value text.
    package func decodeOrderedStrings(forKey key: Key) throws -> [(key: String, value: String)] {
        try decodeObject(forKey: key).pairs.map { pair in
            guard case let .string(text) = pair.value else {
                throw DecodingError.typeMismatch(String.self, .init(codingPath: codingPath + [key, NamedKey(pair.key)], debugDescription: ""))
            }
            return (pair.key, text)
        }
    }
}
