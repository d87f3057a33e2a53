import FaceBenchModel

/// A forward-only reader over JSON bytes, for files too large to build a `JSONValue` tree
/// of quickly (COCO results of hundreds of thousands of detections, COCO ground truth).
/// Callers walk the structure they expect: `expect`, `key`, `number`, `string`, and
/// `skipValue` for anything they do not need. Nothing is allocated per value except the
/// strings asked for.
///
/// Numbers are converted exactly as `strtod` converts them (`DecimalConversion`, falling
/// back to the standard library for the rare ones outside its exact paths). Python's
/// `json` module writes `NaN` and `Infinity` for non-finite floats, which is not JSON: the
/// scanner recognises them so the error can say what the value was. Errors name the file,
/// line and column; the line is counted only when an error is raised.
///
/// The scanner reads through an unsafe pointer for speed, so it only lives inside
/// `JSONScanner.scan(_:path:_:)`, which keeps the bytes alive.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let path: String
    private(set) var position = 0

    static func scan<Result>(_ bytes: [UInt8], path: String, _ body: (inout JSONScanner) throws -> Result) throws -> Result {
        try bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(bytes: buffer, path: path)
            // A UTF-8 byte-order mark (Windows editors write one) is not part of the value.
            if bytes.starts(with: JSONReader.byteOrderMark) { scanner.position = 3 }
            return try body(&scanner)
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, path: String) {
        self.bytes = bytes
        self.path = path
    }

    // MARK: Errors

    /// An error at a byte offset (the current position by default).
    func fail(_ reason: String, at offset: Int? = nil) -> FaceBenchError {
        .malformed(path: path, location: Self.location(of: offset ?? position, in: bytes), reason: reason)
    }

    /// "line L, column C" of a byte offset.
    static func location<Bytes: RandomAccessCollection<UInt8>>(of offset: Int, in bytes: Bytes, firstLine: Int = 1) -> String where Bytes.Index == Int {
        var line = firstLine, lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return "line \(line), column \(offset - lineStart + 1)"
    }

    // MARK: Structure

    @inline(__always)
    mutating func skipWhitespace() {
        while position < bytes.count {
            let byte = bytes[position]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            position += 1
        }
    }

    /// Whether the input is used up (after whitespace).
    mutating func atEnd() -> Bool {
        skipWhitespace()
        return position == bytes.count
    }

    /// Skips whitespace and returns the position of the value that follows, for messages
    /// about that value.
    @inline(__always)
    mutating func valueStart() -> Int {
        skipWhitespace()
        return position
    }

    /// The next byte after whitespace, without consuming it; 0 at the end.
    @inline(__always)
    mutating func peek() -> UInt8 {
        skipWhitespace()
        return position < bytes.count ? bytes[position] : 0
    }

    /// Consumes `byte` if it comes next.
    @inline(__always)
    mutating func consume(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        position += 1
        return true
    }

    @inline(__always)
    mutating func expect(_ byte: UInt8, _ context: @autoclosure () -> String) throws {
        guard consume(byte) else {
            throw fail("expected '\(Character(Unicode.Scalar(byte)))' \(context()), found \(describeNext())")
        }
    }

    /// After an element of an array or object: true at ',' (another element follows), false
    /// at the closing bracket.
    @inline(__always)
    mutating func more(closing: UInt8, _ context: @autoclosure () -> String) throws -> Bool {
        let byte = peek()
        position += 1
        if byte == UInt8(ascii: ",") { return true }
        if byte == closing { return false }
        position -= 1
        throw fail("expected ',' or '\(Character(Unicode.Scalar(closing)))' \(context()), found \(describeNext())")
    }

    /// Calls `element` for each element of the array that comes next.
    @inline(__always)
    mutating func forEachElement(_ context: @autoclosure () -> String, _ element: (inout JSONScanner) throws -> Void) throws {
        try expect(UInt8(ascii: "["), context())
        if consume(UInt8(ascii: "]")) { return }
        repeat {
            try element(&self)
        } while try more(closing: UInt8(ascii: "]"), context())
    }

    /// Calls `member` with each key of the object that comes next, positioned at its value,
    /// which `member` must consume.
    @inline(__always)
    mutating func forEachMember(_ context: @autoclosure () -> String, _ member: (inout JSONScanner, Key) throws -> Void) throws {
        try expect(UInt8(ascii: "{"), context())
        if consume(UInt8(ascii: "}")) { return }
        repeat {
            let key = try self.key()
            try member(&self, key)
        } while try more(closing: UInt8(ascii: "}"), context())
    }

    func describeNext() -> String {
        guard position < bytes.count else { return "the end of the file" }
        let byte = bytes[position]
        return byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    // MARK: Keys and strings

    /// An object key as raw bytes (escapes decoded only when present).
    struct Key {
        let start: Int
        let end: Int
        /// Set when the key had escapes.
        let decoded: String?
    }

    /// Reads `"key":` and returns the key.
    @inline(__always)
    mutating func key() throws -> Key {
        guard peek() == UInt8(ascii: "\"") else { throw fail("expected a quoted key, found \(describeNext())") }
        let start = position + 1
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") { end += 1 }
        let key: Key
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            position = end + 1
            key = Key(start: start, end: end, decoded: nil)
        } else {
            let text = try string()
            key = Key(start: start, end: start, decoded: text)
        }
        try expect(UInt8(ascii: ":"), "after an object key")
        return key
    }

    /// Whether a key is `literal`.
    @inline(__always)
    func key(_ key: Key, is literal: StaticString) -> Bool {
        if let decoded = key.decoded { return decoded == literal.description }
        let count = literal.utf8CodeUnitCount
        guard key.end - key.start == count else { return false }
        return literal.withUTF8Buffer { buffer in
            for index in 0..<count where bytes[key.start + index] != buffer[index] { return false }
            return true
        }
    }

    func text(of key: Key) -> String {
        key.decoded ?? String(decoding: UnsafeBufferPointer(rebasing: bytes[key.start..<key.end]), as: UTF8.self)
    }

    mutating func string() throws -> String {
        guard peek() == UInt8(ascii: "\"") else { throw fail("expected a string, found \(describeNext())") }
        position += 1
        let start = position
        while position < bytes.count, bytes[position] != UInt8(ascii: "\""), bytes[position] != UInt8(ascii: "\\") {
            guard bytes[position] >= 0x20 else { throw fail("control character in a string") }
            position += 1
        }
        guard position < bytes.count else { throw fail("unterminated string", at: start - 1) }
        if bytes[position] == UInt8(ascii: "\"") {
            position += 1
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(position - 1)]), as: UTF8.self)
        }
        // Rare: escapes. The tree reader already decodes them correctly.
        let open = start - 1
        var close = position
        while close < bytes.count, bytes[close] != UInt8(ascii: "\"") {
            close += bytes[close] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard close < bytes.count else { throw fail("unterminated string", at: open) }
        let literal = Array(bytes[open...close])
        position = close + 1
        do {
            guard case let .string(text) = try JSONReader.parse(literal, path: path) else { throw fail("invalid string", at: open) }
            return text
        } catch {
            throw fail("invalid escape in a string", at: open)
        }
    }

    // MARK: Numbers

    /// A JSON number. `NaN`, `Infinity` and `-Infinity` (Python's extensions) are read as
    /// such, so callers can reject them with a precise message.
    @inline(__always)
    mutating func number() throws -> Double {
        skipWhitespace()
        guard let base = bytes.baseAddress else { return try nonFinite(start: position) }
        let number: (value: Double, end: Int)?
        do {
            number = try DecimalSpelling.readJSON(base, from: position, to: bytes.count)
        } catch {
            throw fail(error.reason, at: error.offset)
        }
        guard let number else { return try nonFinite(start: position) }
        position = number.end
        return number.value
    }

    private mutating func nonFinite(start: Int) throws -> Double {
        for (word, value) in [("NaN", Double.nan), ("Infinity", .infinity), ("-Infinity", -.infinity)] {
            let utf8 = Array(word.utf8)
            if start + utf8.count <= bytes.count, bytes[start..<(start + utf8.count)].elementsEqual(utf8) {
                position = start + utf8.count
                return value
            }
        }
        position = start
        throw fail("expected a number, found \(describeNext())")
    }

    /// A number that must be an integer (ids, counts, flags).
    @inline(__always)
    mutating func integer(_ what: @autoclosure () -> String) throws -> Int {
        skipWhitespace()
        let start = position
        if let base = bytes.baseAddress {
            let spelling = DecimalSpelling.scan(base, from: position, to: bytes.count, allowingPlus: false)
            if let integer = spelling.integer {
                position = spelling.end
                return integer
            }
        }
        let value = try number()
        guard value == value.rounded() else { throw fail("\(what()) must be an integer", at: start) }
        // Beyond 2^53 doubles skip integers, so two ids could read as one.
        guard abs(value) < 9.0e15 else { throw fail("\(what()) \(JSONWriter.format(value)) is out of range (at most 9e15)", at: start) }
        return Int(value)
    }

    // MARK: Skipping

    /// Skips one value of any kind.
    mutating func skipValue(depth: Int = 0) throws {
        guard depth < 512 else { throw fail("nesting deeper than 512 levels") }
        switch peek() {
        case UInt8(ascii: "{"): try forEachMember("in an object") { scanner, _ in try scanner.skipValue(depth: depth + 1) }
        case UInt8(ascii: "["): try forEachElement("in an array") { scanner in try scanner.skipValue(depth: depth + 1) }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: _ = try number()
        }
    }

    private mutating func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        let matches = word.withUTF8Buffer { buffer in
            position + count <= bytes.count && (0..<count).allSatisfy { bytes[position + $0] == buffer[$0] }
        }
        guard matches else { throw fail("invalid literal") }
        position += count
    }
}
