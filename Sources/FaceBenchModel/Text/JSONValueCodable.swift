import Foundation

/// How FaceBench's files carry `JSONValue`s through Foundation's coders (`JSONCoding` in
/// FaceBenchIO reads and writes the files): the parsed document a decoder reads values from
/// in their key order, and the values an encoder met, to be put back in theirs.
extension CodingUserInfoKey {
    /// The file's parsed `JSONValue`.
    package static let jsonDocument = CodingUserInfoKey(rawValue: "facebench.document")!
    /// A `CarriedValues` collecting the `JSONValue`s encoded.
    package static let carriedJSON = CodingUserInfoKey(rawValue: "facebench.carried")!
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

/// The `JSONValue`s met while encoding, by coding path, to be put back in their key order.
package final class CarriedValues: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [([JSONPathStep], JSONValue)] = []

    package init() {}

    package func add(_ value: JSONValue, at path: [any CodingKey]) {
        lock.withLock { stored.append((path.map(JSONPathStep.init), value)) }
    }

    package var values: [([JSONPathStep], JSONValue)] { lock.withLock { stored } }
}

/// One step of a coding path: an object's member or an array's element (a dictionary key
/// that reads as a number has both).
package struct JSONPathStep {
    package var key: String
    package var index: Int?

    package init(_ codingKey: any CodingKey) {
        key = codingKey.stringValue
        index = codingKey.intValue
    }
}

extension JSONValue {
    package func value(at path: [JSONPathStep]) -> JSONValue? {
        var value = self
        for step in path {
            switch value {
            case let .object(object):
                guard let member = object[step.key] else { return nil }
                value = member
            case let .array(items):
                guard let index = step.index, items.indices.contains(index) else { return nil }
                value = items[index]
            default: return nil
            }
        }
        return value
    }

    package mutating func replace(at path: [JSONPathStep], with replacement: JSONValue) {
        guard let step = path.first else {
            self = replacement
            return
        }
        let rest = Array(path.dropFirst())
        switch self {
        case var .object(object):
            guard var member = object[step.key] else { return }
            member.replace(at: rest, with: replacement)
            object[step.key] = member
            self = .object(object)
        case var .array(items):
            guard let index = step.index, items.indices.contains(index) else { return }
            items[index].replace(at: rest, with: replacement)
            self = .array(items)
        default: return
        }
    }
}

/// A `JSONValue` read from a FaceBench file is the parsed document's value at its coding
/// path, in the file's key order; without a document (another decoder) it is rebuilt from
/// the containers, objects in sorted key order.
extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        if let document = decoder.userInfo[.jsonDocument] as? JSONValue {
            if let value = document.value(at: decoder.codingPath.map(JSONPathStep.init)) {
                self = value
                return
            }
        }
        if let object = try? decoder.container(keyedBy: NamedKey.self) {
            var pairs: [(String, JSONValue)] = []
            for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
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

    /// Only the outermost value is put back after encoding; what it holds goes with it.
    public func encode(to encoder: any Encoder) throws {
        (encoder.userInfo[.carriedJSON] as? CarriedValues)?.add(self, at: encoder.codingPath)
        try encodeContents(to: encoder)
    }

    fileprivate func encodeContents(to encoder: any Encoder) throws {
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
            for item in items { try list.encode(Contained(value: item)) }
        case let .object(object):
            var members = encoder.container(keyedBy: NamedKey.self)
            for (key, value) in object.pairs { try members.encode(Contained(value: value), forKey: NamedKey(key)) }
        }
    }
}

/// A value inside a carried `JSONValue`.
private struct Contained: Encodable {
    let value: JSONValue

    func encode(to encoder: any Encoder) throws {
        try value.encodeContents(to: encoder)
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
