/// FaceBench's one JSON coder: Codable values to and from `JSONValue`, which `JSONWriter`
/// spells and `JSONReader` parses. A `JSONValue` met on the way (protocol results kept as
/// documents, spec parameters, attributes) passes through as it is, in its own key order.
///
/// Decoding follows Codable's contract: `decodeIfPresent` reads an absent key and a null
/// alike as nil; `decode` of an optional needs the key (null for none); integers must be
/// whole numbers. A missing or mistyped field is a `FaceBenchError.malformed` naming the
/// file, the line of a JSON-lines file and the field's path (`detectors[2].latency_ms.p50`).
public enum JSONValueCoding {
    /// How the objects `encode(to:)` fills are laid out. A Swift dictionary's keys are always
    /// sorted: it has no order of its own.
    public enum Layout: Sendable {
        /// Keys sorted, an absent optional (`encodeIfPresent` of nil) left out: results.json,
        /// baselines, images.jsonl and exec messages, as they have always been written.
        case sorted
        /// Keys in the order `encode(to:)` writes them, an absent optional written as null:
        /// protocol results and the documents built around them, where every metric keeps its
        /// key whether it has a value or not.
        case declared
    }

    public static func encode(_ value: some Encodable, layout: Layout = .declared) throws -> JSONValue {
        let root = Node()
        try encodeValue(value, into: root, codingPath: [], layout: layout)
        return root.value
    }

    /// `path` (and `line`, for one line of a JSON-lines file) name where `json` was read;
    /// `userInfo` is what every `init(from:)` finds in its decoder's.
    public static func decode<T: Decodable>(
        _ type: T.Type, from json: JSONValue, path: String, line: Int? = nil, userInfo: [CodingUserInfoKey: any Sendable] = [:]
    ) throws -> T {
        do {
            return try TreeDecoder(value: json, codingPath: [], info: userInfo).decode(type)
        } catch let error as DecodingError {
            let (codingPath, reason) = explain(error)
            let field = spell(codingPath)
            let location = [line.map { "line \($0)" }, field.isEmpty ? nil : field].compactMap { $0 }.joined(separator: ", ")
            throw FaceBenchError.malformed(path: path, location: location.isEmpty ? nil : location, reason: reason)
        }
    }

    static func explain(_ error: DecodingError) -> (codingPath: [any CodingKey], reason: String) {
        switch error {
        case let .keyNotFound(key, context): return (context.codingPath + [key], "missing")
        case let .typeMismatch(_, context), let .valueNotFound(_, context), let .dataCorrupted(context):
            return (context.codingPath, context.debugDescription)
        @unknown default: return ([], "\(error)")
        }
    }

    /// `detectors[2].latency_ms.p50`.
    static func spell(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce(into: "") { text, key in
            if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
        }
    }
}

/// One value being built; containers hold their children as nodes so nested containers can
/// be filled after they are handed out, as `Encoder` allows.
private final class Node {
    enum Kind { case leaf, object, array }
    var kind = Kind.leaf
    var leaf = JSONValue.null
    var keys: [String] = []
    var members: [String: Node] = [:]
    var items: [Node] = []
    var sortsKeys = false

    var value: JSONValue {
        switch kind {
        case .leaf: return leaf
        case .object:
            let order = sortsKeys ? keys.sorted() : keys
            return .object(JSONObject(orderedUniquePairs: order.map { ($0, members[$0]!.value) }))
        case .array: return .array(items.map(\.value))
        }
    }

    func set(_ value: JSONValue) {
        kind = .leaf
        leaf = value
    }

    func child(forKey key: String) -> Node {
        if let found = members[key] { return found }
        let node = Node()
        keys.append(key)
        members[key] = node
        return node
    }

    func appendChild() -> Node {
        let node = Node()
        items.append(node)
        return node
    }

    func makeObject(sortingKeys: Bool) {
        kind = .object
        sortsKeys = sortsKeys || sortingKeys
    }

    func makeArray() { kind = .array }
}

private struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { String(intValue ?? 0) }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

/// Lets the encoder tell a Swift dictionary, whose keys it sorts, from a type's own keys.
private protocol UnorderedKeys {}
extension Dictionary: UnorderedKeys {}

/// Scalars as `JSONValue` stores them (a non-finite double as null), a `JSONValue` as it is;
/// anything else through its own `encode(to:)`.
private func encodeValue(_ value: some Encodable, into node: Node, codingPath: [any CodingKey], layout: JSONValueCoding.Layout) throws {
    switch value {
    case let json as JSONValue: node.set(json)
    case let number as Double: node.set(JSONValue(number))
    case let number as Int: node.set(JSONValue(number))
    case let text as String: node.set(.string(text))
    case let flag as Bool: node.set(.bool(flag))
    case let number as any BinaryFloatingPoint: node.set(JSONValue(Double(number)))
    case let number as any FixedWidthInteger:
        guard let exact = Double(exactly: number) else {
            throw EncodingError.invalidValue(number, .init(codingPath: codingPath, debugDescription: "\(number) has no exact JSON number"))
        }
        node.set(.number(exact))
    default:
        try value.encode(to: TreeEncoder(node: node, codingPath: codingPath, layout: layout, sortsKeys: value is any UnorderedKeys))
    }
}

private struct TreeEncoder: Encoder {
    let node: Node
    let codingPath: [any CodingKey]
    let layout: JSONValueCoding.Layout
    var sortsKeys = false
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject(sortingKeys: sortsKeys || layout == .sorted)
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath, layout: layout))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.makeArray()
        return UnkeyedContainer(node: node, codingPath: codingPath, layout: layout)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleContainer(node: node, codingPath: codingPath, layout: layout) }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    let codingPath: [any CodingKey]
    let layout: JSONValueCoding.Layout

    mutating func encodeNil(forKey key: Key) throws { node.child(forKey: key.stringValue).set(.null) }

    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try encodeOptional(value, key) }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try encodeOptional(value, key) }

    mutating func encodeOptional<T: Encodable>(_ value: T?, _ key: Key) throws {
        if let value {
            try encode(value, forKey: key)
        } else if layout == .declared {
            try encodeNil(forKey: key)
        }
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encodeValue(value, into: node.child(forKey: key.stringValue), codingPath: codingPath + [key], layout: layout)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        TreeEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key], layout: layout).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        TreeEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key], layout: layout).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { TreeEncoder(node: node.child(forKey: "super"), codingPath: codingPath, layout: layout) }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        TreeEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key], layout: layout)
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]
    let layout: JSONValueCoding.Layout
    var count: Int { node.items.count }

    mutating func encodeNil() throws { node.appendChild().set(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = codingPath + [IndexKey(count)]
        try encodeValue(value, into: node.appendChild(), codingPath: path, layout: layout)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = codingPath + [IndexKey(count)]
        return TreeEncoder(node: node.appendChild(), codingPath: path, layout: layout).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = codingPath + [IndexKey(count)]
        return TreeEncoder(node: node.appendChild(), codingPath: path, layout: layout).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { TreeEncoder(node: node.appendChild(), codingPath: codingPath, layout: layout) }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]
    let layout: JSONValueCoding.Layout

    mutating func encodeNil() throws { node.set(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws { try encodeValue(value, into: node, codingPath: codingPath, layout: layout) }
}

private struct TreeDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    let info: [CodingUserInfoKey: any Sendable]
    var userInfo: [CodingUserInfoKey: Any] { info }

    func child(_ value: JSONValue, at codingPath: [any CodingKey]) -> TreeDecoder {
        TreeDecoder(value: value, codingPath: codingPath, info: info)
    }

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
        return KeyedDecodingContainer(KeyedReader<Key>(object: object, decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let items = value.array else { throw mismatch("an array") }
        return UnkeyedReader(items: items, decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleReader(decoder: self) }

    func integer() throws -> Int {
        guard let number = value.double else { throw mismatch("an integer") }
        guard let integer = value.int else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "expected an integer, found \(JSONWriter.format(number))"))
        }
        return integer
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        switch type {
        case is JSONValue.Type: return value as! T
        case is Double.Type:
            guard let number = value.double else { throw mismatch("a number") }
            return number as! T
        case is Int.Type: return try integer() as! T
        case is String.Type:
            guard let text = value.string else { throw mismatch("a string") }
            return text as! T
        case is Bool.Type:
            guard let flag = value.bool else { throw mismatch("a boolean") }
            return flag as! T
        case let floating as any BinaryFloatingPoint.Type:
            guard let number = value.double else { throw mismatch("a number") }
            return floating.init(number) as! T
        case let integerType as any FixedWidthInteger.Type:
            let integer = try integer()
            guard let exact = integerType.init(exactly: integer) else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "\(integer) is out of range for \(integerType)"))
            }
            return exact as! T
        default:
            return try T(from: self)
        }
    }
}

private struct KeyedReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let decoder: TreeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    /// Positions by key, for objects large enough that a linear search per field would add up
    /// (dictionaries keyed by image or detector).
    let positions: [String: Int]?

    init(object: JSONObject, decoder: TreeDecoder) {
        self.object = object
        self.decoder = decoder
        positions = object.pairs.count > 16
            ? Dictionary(object.pairs.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first }) : nil
    }

    var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }
    func contains(_ key: Key) -> Bool { member(key.stringValue) != nil }

    func member(_ name: String) -> JSONValue? {
        guard let positions else { return object[name] }
        return positions[name].map { object.pairs[$0].value }
    }

    func child(_ key: Key) throws -> TreeDecoder {
        guard let value = member(key.stringValue) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing"))
        }
        return decoder.child(value, at: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { try child(key).value.isNull }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).decode(type) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try optional(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optional(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optional(type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optional(type, key) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optional(type, key) }

    func optional<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        guard let value = member(key.stringValue), !value.isNull else { return nil }
        return try decoder.child(value, at: codingPath + [key]).decode(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try child(key).unkeyedContainer() }
    func superDecoder() throws -> any Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
}

private struct UnkeyedReader: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let decoder: TreeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    var currentIndex = 0

    init(items: [JSONValue], decoder: TreeDecoder) {
        self.items = items
        self.decoder = decoder
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    mutating func next() throws -> TreeDecoder {
        let path = codingPath + [IndexKey(currentIndex)]
        guard !isAtEnd else { throw DecodingError.valueNotFound(Any.self, .init(codingPath: path, debugDescription: "the array ends early")) }
        defer { currentIndex += 1 }
        return decoder.child(items[currentIndex], at: path)
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
