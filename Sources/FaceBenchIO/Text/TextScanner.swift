import FaceBenchModel

/// The lines and fields of UTF-8 text as byte ranges, for readers of large detection files
/// that should not copy every line into a `String`. Lines end at `\n` (a `\r` before it is a
/// separator); fields are separated by spaces, tabs, commas or `\r`.
struct TextScanner {
    let bytes: [UInt8]
    /// Each line's bytes, without the `\n`; line `i` is line number `i + 1`.
    let lines: [Range<Int>]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var lines: [Range<Int>] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            lines.append(start..<index)
            start = index + 1
        }
        if start < bytes.count { lines.append(start..<bytes.count) }
        self.lines = lines
    }

    /// The next field at or after `cursor` before `end`, moving `cursor` past it.
    @inline(__always)
    func nextField(_ cursor: inout Int, _ end: Int) -> Range<Int>? {
        @inline(__always) func separates(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: ",")
        }
        while cursor < end, separates(bytes[cursor]) { cursor += 1 }
        guard cursor < end else { return nil }
        let start = cursor
        while cursor < end, !separates(bytes[cursor]) { cursor += 1 }
        return start..<cursor
    }

    /// All fields of line `index`.
    func fields(ofLine index: Int) -> [Range<Int>] {
        var cursor = lines[index].lowerBound
        var result: [Range<Int>] = []
        while let field = nextField(&cursor, lines[index].upperBound) { result.append(field) }
        return result
    }

    func isBlank(line index: Int) -> Bool {
        var cursor = lines[index].lowerBound
        return nextField(&cursor, lines[index].upperBound) == nil
    }

    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// The number a field spells (`DecimalNumber`), or nil.
    func number(_ range: Range<Int>) -> Double? { DecimalNumber.parse(bytes, range) }

    /// The number a field spells, which must be finite; the error names the file and line
    /// (`index` counts from 0).
    func finiteNumber(_ field: Range<Int>, line index: Int, path: String) throws -> Double {
        guard let value = number(field), value.isFinite else {
            throw FaceBenchError.malformed(path: path, location: "line \(index + 1)", reason: "'\(text(field))' is not a finite number")
        }
        return value
    }

    /// The count that line `index` holds alone, as detection files write the number of
    /// entries that follow: a whole number from 0 to below 10^9; nil otherwise or past the end.
    func count(onLine index: Int) -> Int? {
        guard index < lines.count else { return nil }
        let fields = fields(ofLine: index)
        guard fields.count == 1, let value = number(fields[0]), value >= 0, value == value.rounded(), value < 1e9 else { return nil }
        return Int(value)
    }
}
