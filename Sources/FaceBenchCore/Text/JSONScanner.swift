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
    static func location(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        var line = 1, lineStart = 0
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
        if let value = plainDecimal() { return value }
        return try anyNumber()
    }

    /// The common case inline: `-?digits(.digits)?` of at most 19 significant digits,
    /// without exponent; nil (consuming nothing) for anything else.
    @inline(__always)
    mutating func plainDecimal() -> Double? {
        skipWhitespace()
        var index = position
        let count = bytes.count
        var negative = false
        if index < count, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        let integerStart = index
        var mantissa: UInt64 = 0
        var significant = 0
        while index < count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            mantissa = mantissa &* 10 &+ UInt64(digit)
            significant += significant > 0 || digit != 0 ? 1 : 0
            index += 1
        }
        guard index > integerStart else { return nil }
        var exponent = 0
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                mantissa = mantissa &* 10 &+ UInt64(digit)
                significant += significant > 0 || digit != 0 ? 1 : 0
                index += 1
            }
            guard index > fractionStart else { return nil }
            exponent = fractionStart - index
        }
        guard significant <= 19, index == count || bytes[index] | 0x20 != UInt8(ascii: "e"),
            let value = DecimalConversion.double(mantissa: mantissa, exponent: exponent, negative: negative)
        else { return nil }
        position = index
        return value
    }

    /// Any number, and the errors.
    mutating func anyNumber() throws -> Double {
        skipWhitespace()
        let start = position
        var index = position
        let count = bytes.count
        var negative = false
        if index < count, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var mantissa: UInt64 = 0
        var significant = 0
        var exponent = 0
        var digits = 0
        while index < count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            if significant > 0 || digit != 0 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
                significant += 1
            }
            digits += 1
            index += 1
        }
        if digits == 0 { return try nonFinite(start: start) }
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                if significant > 0 || digit != 0 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    significant += 1
                }
                exponent -= 1
                index += 1
            }
            guard index > fractionStart else {
                position = index
                throw fail("digits expected after '.'")
            }
        }
        if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            var value = 0
            let exponentStart = index
            while index < count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                if value < 100_000 { value = value * 10 + Int(digit) }
                index += 1
            }
            guard index > exponentStart else {
                position = index
                throw fail("digits expected in an exponent")
            }
            exponent += exponentNegative ? -value : value
        }
        position = index
        if significant <= 19, let value = DecimalConversion.double(mantissa: mantissa, exponent: exponent, negative: negative) {
            return value
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text) else { throw fail("invalid number '\(text)'", at: start) }
        return value
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
        // Plain integers inline; anything else (fractions, exponents, errors) the long way.
        var index = position
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        let digitsStart = index
        var magnitude = 0
        while index < bytes.count, index - digitsStart < 18 {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            magnitude = magnitude * 10 + Int(digit)
            index += 1
        }
        if index > digitsStart, index == bytes.count || !Self.continuesNumber(bytes[index]) {
            position = index
            return negative ? -magnitude : magnitude
        }
        let start = position
        let value = try number()
        guard value == value.rounded(), abs(value) < 9.0e15 else { throw fail("\(what()) must be an integer", at: start) }
        return Int(value)
    }

    /// Whether a byte after digits makes them part of a longer number.
    @inline(__always)
    static func continuesNumber(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e") || (byte &- UInt8(ascii: "0")) < 10
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
