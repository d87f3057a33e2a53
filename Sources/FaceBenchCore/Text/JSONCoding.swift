import Foundation

/// FaceBench's own JSON files (`results.json`, baselines, `images.jsonl`, exec messages) as
/// Codable types, through Foundation's `JSONEncoder` and `JSONDecoder`.
///
/// Reading parses the bytes with `JSONReader` first, so the caps of docs/limits.md (nesting
/// depth, line and column of a syntax error) hold before any type is decoded; a missing or
/// mistyped field is then an error naming the file, the line of a JSON-lines file and the
/// coding path (`detectors[2].latency_ms.p50`).
///
/// Values carried as `JSONValue` (protocol results, spec parameters) keep their key order,
/// which Foundation's coders do not: the decoder takes them from the parsed document at
/// their coding path, and the encoder's output (sorted keys, so files are deterministic) is
/// read back and given those values in their order before `JSONWriter` spells it with the
/// project's number format.
public enum JSONCoding {
    static let documentKey = CodingUserInfoKey(rawValue: "facebench.document")!
    static let carriedKey = CodingUserInfoKey(rawValue: "facebench.carried")!

    public static func decode<T: Decodable>(_ type: T.Type, file path: String) throws -> T {
        try decode(type, from: try FileIO.read(path), path: path)
    }

    /// `line`: the file line the bytes are (one line of a JSON-lines file), named in errors.
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], path: String, line: Int? = nil) throws -> T {
        let document = try JSONReader.parse(bytes, path: path, firstLine: line ?? 1)
        return try decode(type, document: document, bytes: bytes, path: path, line: line)
    }

    /// Decodes `T` from bytes already parsed into `document` (by a caller that needed to
    /// look at it first, such as a schema check).
    public static func decode<T: Decodable>(
        _ type: T.Type, document: JSONValue, bytes: [UInt8], path: String, line: Int? = nil
    ) throws -> T {
        let decoder = JSONDecoder()
        decoder.userInfo[documentKey] = document
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: nonFinite.positive, negativeInfinity: nonFinite.negative, nan: nonFinite.nan)
        let start = bytes.starts(with: JSONReader.byteOrderMark) ? 3 : 0
        do {
            do {
                return try decoder.decode(type, from: Data(bytes[start...]))
            } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
                // Foundation refuses numbers beyond Double (1e999) that JSONReader reads as
                // infinite; they are decoded so that the range checks where values enter
                // refuse them with their place, as for every other reader.
                return try decoder.decode(type, from: Data(JSONWriter(indent: nil).bytes(spellingNonFinite(document))))
            }
        } catch let error as DecodingError {
            throw malformed(error, path: path, line: line)
        }
    }

    static let nonFinite = (positive: "Infinity", negative: "-Infinity", nan: "NaN")

    static func spellingNonFinite(_ value: JSONValue) -> JSONValue {
        switch value {
        case let .number(number) where !number.isFinite:
            return .string(number.isNaN ? nonFinite.nan : number > 0 ? nonFinite.positive : nonFinite.negative)
        case let .array(items): return .array(items.map(spellingNonFinite))
        case let .object(object): return .object(JSONObject(object.pairs.map { ($0.key, spellingNonFinite($0.value)) }))
        default: return value
        }
    }

    /// The JSON text of `value`; `indent` nil writes one line (JSON lines, exec messages).
    public static func bytes<T: Encodable>(_ value: T, indent: Int? = 2) throws -> [UInt8] {
        JSONWriter(indent: indent).bytes(try self.value(value))
    }

    /// `value` as a `JSONValue`, for documents that embed it (reports, `detect`'s output).
    public static func value<T: Encodable>(_ value: T) throws -> JSONValue {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let carried = CarriedValues()
        encoder.userInfo[carriedKey] = carried
        let data = try encoder.encode(value)
        var document = try JSONReader.parse(Array(data), path: "encoded \(T.self)")
        for (path, value) in carried.values { document.replace(at: path, with: value) }
        return document
    }

    static func malformed(_ error: DecodingError, path: String, line: Int?) -> FaceBenchError {
        let codingPath: [any CodingKey], reason: String
        switch error {
        case let .keyNotFound(key, context):
            codingPath = context.codingPath + [key]
            reason = "missing"
        case let .typeMismatch(type, context):
            codingPath = context.codingPath
            reason = "must be \(describe(type))"
        case let .valueNotFound(type, context):
            codingPath = context.codingPath
            reason = "must be \(describe(type)), not null"
        case let .dataCorrupted(context):
            codingPath = context.codingPath
            reason = context.debugDescription
        @unknown default:
            codingPath = []
            reason = "\(error)"
        }
        let field = spell(codingPath)
        let location = [line.map { "line \($0)" }, field.isEmpty ? nil : field].compactMap { $0 }.joined(separator: ", ")
        return .malformed(path: path, location: location.isEmpty ? nil : location, reason: reason)
    }

    /// `detectors[2].latency_ms.p50`.
    public static func spell(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }

    static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Float.Type: return "a number"
        case is Int.Type: return "an integer"
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is [Any].Type: return "a list"
        case is [String: Any].Type: return "an object"
        default: return "a \(type)"
        }
    }
}

/// A coding key for objects whose keys are data (protocol names, detector ids, spec parameters).
/// Also an array element's position, for errors raised below an unkeyed container.
struct NamedKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(_ name: String) { stringValue = name }
    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { self.init(index: intValue) }
}

/// The `JSONValue`s met while encoding, by coding path, to be put back in their key order.
final class CarriedValues: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [([JSONPathStep], JSONValue)] = []

    func add(_ value: JSONValue, at path: [any CodingKey]) {
        lock.withLock { stored.append((path.map(JSONPathStep.init), value)) }
    }

    var values: [([JSONPathStep], JSONValue)] { lock.withLock { stored } }
}

/// One step of a coding path: an object's member or an array's element (a dictionary key
/// that reads as a number has both).
struct JSONPathStep {
    var key: String
    var index: Int?

    init(_ codingKey: any CodingKey) {
        key = codingKey.stringValue
        index = codingKey.intValue
    }
}

extension JSONValue {
    func value(at path: [JSONPathStep]) -> JSONValue? {
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

    mutating func replace(at path: [JSONPathStep], with replacement: JSONValue) {
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
        if let document = decoder.userInfo[JSONCoding.documentKey] as? JSONValue {
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
        (encoder.userInfo[JSONCoding.carriedKey] as? CarriedValues)?.add(self, at: encoder.codingPath)
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
    mutating func encodeNumber(_ value: Double?, forKey key: Key) throws {
        if let value, value.isFinite { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
}

extension KeyedDecodingContainer {
    /// A number that must be present; null (a non-finite number when written) reads as nil.
    func decodeNumber(forKey key: Key) throws -> Double? {
        try decode(Double?.self, forKey: key)
    }

    /// `[String: String]` in the file's key order, each value text.
    func decodeOrderedStrings(forKey key: Key) throws -> [(key: String, value: String)] {
        guard case let .object(object) = try decode(JSONValue.self, forKey: key) else {
            throw DecodingError.typeMismatch([String: Any].self, .init(codingPath: codingPath + [key], debugDescription: "not an object"))
        }
        return try object.pairs.map { pair in
            guard case let .string(text) = pair.value else {
                throw DecodingError.typeMismatch(String.self, .init(codingPath: codingPath + [key, NamedKey(pair.key)], debugDescription: ""))
            }
            return (pair.key, text)
        }
    }
}
