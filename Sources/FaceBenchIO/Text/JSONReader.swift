import FaceBenchModel

/// Parses JSON (RFC 8259) from bytes into `JSONValue`, with errors giving line and column.
public struct JSONReader {
    let bytes: [UInt8]
    let path: String
    /// The line of the file `bytes` starts on (one line of a JSON-lines file).
    let firstLine: Int
    var i = 0

    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The bytes of a JSON text without a leading byte-order mark and without whitespace,
    /// for recognising a format from a file's first bytes.
    public static func significantBytes(_ prefix: [UInt8]) -> [UInt8] {
        (prefix.starts(with: byteOrderMark) ? prefix.dropFirst(3) : prefix[...])
            .filter { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
    }

    /// Parses one JSON value; `firstLine` is the file line the bytes start on, so errors in
    /// one line of a JSON-lines file name that line. A leading UTF-8 byte-order mark is skipped.
    public static func parse(_ bytes: [UInt8], path: String, firstLine: Int = 1) throws -> JSONValue {
        var reader = JSONReader(bytes: bytes, path: path, firstLine: firstLine)
        if bytes.starts(with: byteOrderMark) { reader.i = 3 }
        reader.skipWhitespace()
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.i == bytes.count else { throw reader.fail("unexpected text after the JSON value") }
        return value
    }

    public static func parse(file path: String) throws -> JSONValue {
        try parse(try FileIO.read(path), path: path)
    }

    init(bytes: [UInt8], path: String, firstLine: Int) {
        self.bytes = bytes
        self.path = path
        self.firstLine = firstLine
    }

    func fail(_ reason: String) -> FaceBenchError {
        .malformed(path: path, location: JSONScanner.location(of: i, in: bytes, firstLine: firstLine), reason: reason)
    }

    mutating func skipWhitespace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    mutating func value(depth: Int) throws -> JSONValue {
        guard depth < 512 else { throw fail("nesting deeper than 512 levels") }
        guard i < bytes.count else { throw fail("unexpected end of input") }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            i += 1
            var object = JSONObject()
            skipWhitespace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(object) }
            while true {
                skipWhitespace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a quoted key") }
                let key = try string()
                skipWhitespace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':' after key \"\(key)\"") }
                i += 1
                skipWhitespace()
                object[key] = try value(depth: depth + 1)
                skipWhitespace()
                guard i < bytes.count else { throw fail("unterminated object") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(object) }
                throw fail("expected ',' or '}' in object")
            }
        case UInt8(ascii: "["):
            i += 1
            var items: [JSONValue] = []
            skipWhitespace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            while true {
                skipWhitespace()
                items.append(try value(depth: depth + 1))
                skipWhitespace()
                guard i < bytes.count else { throw fail("unterminated array") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                throw fail("expected ',' or ']' in array")
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        default:
            return .number(try number())
        }
    }

    mutating func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        let matches = word.withUTF8Buffer { buffer in
            i + count <= bytes.count && (0..<count).allSatisfy { bytes[i + $0] == buffer[$0] }
        }
        guard matches else { throw fail("invalid literal") }
        i += count
    }

    mutating func number() throws -> Double {
        let start = i
        let number = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(DecimalSpelling.JSONNumberProblem) in try DecimalSpelling.readJSON(buffer.baseAddress!, from: start, to: buffer.count) }
        }
        switch number {
        case .success(let number?):
            i = number.end
            return number.value
        case .success(nil):
            throw fail("expected a value")
        case .failure(let problem):
            i = problem.offset
            throw fail(problem.reason)
        }
    }

    mutating func string() throws -> String {
        i += 1  // opening quote
        let start = i
        while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\") {
            guard bytes[i] >= 0x20 else { throw fail("control character in string") }
            i += 1
        }
        guard i < bytes.count else { throw fail("unterminated string") }
        if bytes[i] == UInt8(ascii: "\"") {
            defer { i += 1 }
            return String(decoding: bytes[start..<i], as: UTF8.self)
        }
        var out = Array(bytes[start..<i])
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") {
                i += 1
                return String(decoding: out, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                i += 1
                guard i < bytes.count else { break }
                let escape = bytes[i]
                i += 1
                switch escape {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar), i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                        i += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw fail("invalid surrogate pair") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw fail("invalid \\u escape") }
                    out.append(contentsOf: Array(String(Character(unicode)).utf8))
                default:
                    throw fail("invalid escape '\\\(Character(Unicode.Scalar(escape)))'")
                }
                continue
            }
            guard byte >= 0x20 else { throw fail("control character in string") }
            out.append(byte)
            i += 1
        }
        throw fail("unterminated string")
    }

    mutating func hex4() throws -> UInt32 {
        guard i + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[i..<(i + 4)], as: UTF8.self), radix: 16) else {
            throw fail("invalid \\u escape")
        }
        i += 4
        return value
    }
}
