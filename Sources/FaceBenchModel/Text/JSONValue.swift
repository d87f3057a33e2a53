/// A JSON document in memory. Objects keep their key order, so files FaceBench writes read
/// in a stable, sensible order and round-trip unchanged.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    public subscript(key: String) -> JSONValue? {
        if case let .object(object) = self { return object[key] }
        return nil
    }

    /// The first finite number beyond ±`limit` in document order, with its place
    /// (`detectors[0].latency_ms.p50`); nil when there is none.
    public func firstNumber(beyond limit: Double, at place: String = "") -> (place: String, value: Double)? {
        switch self {
        case let .number(value): return value.isFinite && abs(value) > limit ? (place, value) : nil
        case let .array(items):
            for (index, item) in items.enumerated() {
                if let found = item.firstNumber(beyond: limit, at: place + "[\(index)]") { return found }
            }
            return nil
        case let .object(object):
            for (key, item) in object.pairs {
                if let found = item.firstNumber(beyond: limit, at: place.isEmpty ? key : place + "." + key) { return found }
            }
            return nil
        default: return nil
        }
    }

    public var double: Double? {
        if case let .number(value) = self { return value }
        return nil
    }

    public var int: Int? {
        if case let .number(value) = self, value == value.rounded(), abs(value) < 9.0e15 { return Int(value) }
        return nil
    }

    public var string: String? {
        if case let .string(value) = self { return value }
        return nil
    }

    public var bool: Bool? {
        if case let .bool(value) = self { return value }
        return nil
    }

    public var array: [JSONValue]? {
        if case let .array(value) = self { return value }
        return nil
    }

    public var object: JSONObject? {
        if case let .object(value) = self { return value }
        return nil
    }

    public var isNull: Bool { self == .null }

    /// Strings as they are, numbers and booleans as JSON writes them; nil for null, arrays
    /// and objects. For values kept as text (detection attributes, reported parameters).
    public var scalarText: String? {
        switch self {
        case let .string(text): return text
        case .number, .bool: return JSONWriter(indent: nil).string(self)
        default: return nil
        }
    }

    /// The members named `keys` that have a `scalarText`, as text by name.
    public func scalarTexts(of keys: [String]) -> [String: String] {
        var texts: [String: String] = [:]
        for key in keys {
            if let text = self[key]?.scalarText { texts[key] = text }
        }
        return texts
    }
}

/// A JSON object: ordered keys, looked up by name.
public struct JSONObject: Equatable, Sendable, ExpressibleByDictionaryLiteral {
    public private(set) var pairs: [(key: String, value: JSONValue)] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        for (key, value) in elements { self[key] = value }
    }

    public init(_ pairs: [(String, JSONValue)]) {
        for (key, value) in pairs { self[key] = value }
    }

    /// Pairs whose keys are known to differ (an encoder's members), kept as they are without
    /// the search for an earlier key that makes `init(_:)` quadratic.
    public init(orderedUniquePairs pairs: [(String, JSONValue)]) {
        self.pairs = pairs.map { (key: $0.0, value: $0.1) }
    }

    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        a.pairs.elementsEqual(b.pairs) { $0.key == $1.key && $0.value == $1.value }
    }

    public var keys: [String] { pairs.map(\.key) }

    /// Setting nil removes the key; setting an existing key replaces its value in place.
    public subscript(key: String) -> JSONValue? {
        get { pairs.first { $0.key == key }?.value }
        set {
            if let index = pairs.firstIndex(where: { $0.key == key }) {
                if let newValue { pairs[index].value = newValue } else { pairs.remove(at: index) }
            } else if let newValue {
                pairs.append((key, newValue))
            }
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(nilLiteral: ()) { self = .null }

    public init(_ value: Int) { self = .number(Double(value)) }
    public init(_ value: Double) { self = value.isFinite ? .number(value) : .null }
    public init(_ value: String) { self = .string(value) }
    public init(_ value: Bool) { self = .bool(value) }
    public init(_ value: String?) { self = value.map { .string($0) } ?? .null }
    public init(_ value: Double?) { self = value.map { JSONValue($0) } ?? .null }
    public init(_ value: Int?) { self = value.map { JSONValue($0) } ?? .null }
    public init(_ values: [Double]) { self = .array(values.map { JSONValue($0) }) }
    public init(_ values: [String]) { self = .array(values.map { .string($0) }) }
    public init(_ dictionary: [String: String]) {
        self = .object(JSONObject(dictionary.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }))
    }
}
