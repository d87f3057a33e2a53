import Foundation

/// Encodable values as a `JSONValue`, keys in the order `encode(to:)` writes them (Foundation's
/// JSONEncoder loses that order), so typed results write the same documents, key for key, as
/// FaceBench always has. Non-finite doubles become null, as `JSONValue(Double)` makes them.
public enum JSONValueCoding {
    public static func encode(_ value: some Encodable) throws -> JSONValue {
        let root = Node()
        try value.encode(to: TreeEncoder(node: root, codingPath: []))
        return root.value
    }

    /// Decodes strictly: a missing or mistyped field is an error naming its path from the
    /// document's root (`what`, then the keys: `evaluation.coco.AP50: expected a number`).
    /// An optional field may be null but not absent; integers must be whole numbers.
    public static func decode<T: Decodable>(_ type: T.Type, from json: JSONValue, what: String) throws -> T {
        do {
            return try T(from: TreeDecoder(value: json, codingPath: []))
        } catch let error as DecodingError {
            throw FaceBenchError.failed("\(what): \(describe(error))")
        }
    }

    static func describe(_ error: DecodingError) -> String {
        switch error {
        case let .keyNotFound(key, context): return "\(path(context.codingPath + [key])): missing"
        case let .typeMismatch(_, context), let .valueNotFound(_, context), let .dataCorrupted(context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }

    /// `buckets[1].recall`; "the top level" for the document itself.
    static func path(_ keys: [any CodingKey]) -> String {
        guard !keys.isEmpty else { return "the top level" }
        return keys.reduce(into: "") { text, key in
            if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
        }
    }
}

/// One value being built; containers hold their children as nodes so nested containers can
/// be filled after they are handed out, as `Encoder` allows.
private final class Node {
    enum Content {
        case leaf(JSONValue)
        case object([(String, Node)])
        case array([Node])
    }

    var content: Content = .leaf(.null)

    var value: JSONValue {
        switch content {
        case let .leaf(value): return value
        case let .object(pairs): return .object(JSONObject(pairs.map { ($0.0, $0.1.value) }))
        case let .array(items): return .array(items.map(\.value))
        }
    }

    func child(forKey key: String) -> Node {
        var pairs: [(String, Node)] = []
        if case let .object(existing) = content { pairs = existing }
        if let found = pairs.first(where: { $0.0 == key }) { return found.1 }
        let node = Node()
        pairs.append((key, node))
        content = .object(pairs)
        return node
    }

    func appendChild() -> Node {
        var items: [Node] = []
        if case let .array(existing) = content { items = existing }
        let node = Node()
        items.append(node)
        content = .array(items)
        return node
    }

    func makeObject() { if case .object = content {} else { content = .object([]) } }
    func makeArray() { if case .array = content {} else { content = .array([]) } }

    var count: Int {
        if case let .array(items) = content { return items.count }
        return 0
    }
}

private struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { String(intValue ?? 0) }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private struct TreeEncoder: Encoder {
    let node: Node
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject()
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.makeArray()
        return UnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleContainer(node: node, codingPath: codingPath) }
}

/// Scalars as `JSONValue` stores them; anything else through its own `encode(to:)`.
private func encodeValue(_ value: some Encodable, into node: Node, codingPath: [any CodingKey]) throws {
    switch value {
    case let number as Double: node.content = .leaf(JSONValue(number))
    case let number as Int: node.content = .leaf(JSONValue(number))
    case let text as String: node.content = .leaf(.string(text))
    case let flag as Bool: node.content = .leaf(.bool(flag))
    default: try value.encode(to: TreeEncoder(node: node, codingPath: codingPath))
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { node.child(forKey: key.stringValue).content = .leaf(.null) }

    // FaceBench's documents write an absent value as null rather than leaving the key out.
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try encodeOptional(value, key) }

    mutating func encodeOptional<T: Encodable>(_ value: T?, _ key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encodeValue(value, into: node.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = node.child(forKey: key.stringValue)
        child.makeObject()
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.child(forKey: key.stringValue)
        child.makeArray()
        return UnkeyedContainer(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { TreeEncoder(node: node.child(forKey: "super"), codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        TreeEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]
    var count: Int { node.count }

    mutating func encodeNil() throws { node.appendChild().content = .leaf(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = codingPath + [IndexKey(count)]
        try encodeValue(value, into: node.appendChild(), codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = codingPath + [IndexKey(count)]
        let child = node.appendChild()
        child.makeObject()
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = codingPath + [IndexKey(count)]
        let child = node.appendChild()
        child.makeArray()
        return UnkeyedContainer(node: child, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder { TreeEncoder(node: node.appendChild(), codingPath: codingPath) }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.content = .leaf(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws { try encodeValue(value, into: node, codingPath: codingPath) }
}

private struct TreeDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func mismatch(_ expected: String) -> DecodingError {
        .typeMismatch(Any.self, .init(codingPath: codingPath, debugDescription: "expected \(expected), found \(Self.kind(value))"))
    }

    static func kind(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard let object = value.object else { throw mismatch("an object") }
        return KeyedDecodingContainer(KeyedReader<Key>(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let items = value.array else { throw mismatch("an array") }
        return UnkeyedReader(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleReader(decoder: self) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        switch type {
        case is Double.Type:
            guard let number = value.double else { throw mismatch("a number") }
            return number as! T
        case is Int.Type:
            guard let number = value.double else { throw mismatch("an integer") }
            guard let integer = value.int else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "expected an integer, found \(JSONWriter.format(number))"))
            }
            return integer as! T
        case is String.Type:
            guard let text = value.string else { throw mismatch("a string") }
            return text as! T
        case is Bool.Type:
            guard let flag = value.bool else { throw mismatch("a boolean") }
            return flag as! T
        default:
            return try T(from: self)
        }
    }
}

private struct KeyedReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let codingPath: [any CodingKey]

    var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }
    func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

    func child(_ key: Key) throws -> TreeDecoder {
        guard let value = object[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing"))
        }
        return TreeDecoder(value: value, codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { try child(key).value.isNull }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).decode(type) }

    // Optional fields must be present (null for none): an absent key is an error, not nil.
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        let decoder = try child(key)
        return decoder.value.isNull ? nil : try decoder.decode(type)
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optional(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optional(type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optional(type, key) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optional(type, key) }

    func optional<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        let decoder = try child(key)
        return decoder.value.isNull ? nil : try decoder.decode(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try child(key).unkeyedContainer() }
    func superDecoder() throws -> any Decoder { TreeDecoder(value: .object(object), codingPath: codingPath) }
    func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
}

private struct UnkeyedReader: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(items: [JSONValue], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    mutating func next() throws -> TreeDecoder {
        let path = codingPath + [IndexKey(currentIndex)]
        guard !isAtEnd else { throw DecodingError.valueNotFound(Any.self, .init(codingPath: path, debugDescription: "the array ends early")) }
        defer { currentIndex += 1 }
        return TreeDecoder(value: items[currentIndex], codingPath: path)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decode(type) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next() }
}

private struct SingleReader: SingleValueDecodingContainer {
    let decoder: TreeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    func decodeNil() -> Bool { decoder.value.isNull }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(type) }
}
