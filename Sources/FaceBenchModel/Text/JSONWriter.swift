/// Serialises `JSONValue`. Numbers are written in the shortest form that reads back to the
/// same Double (integers without a fraction); non-finite numbers cannot occur (`JSONValue`
/// stores them as null).
public struct JSONWriter {
    /// Indentation per level; nil writes everything on one line (JSON lines, logs).
    public var indent: Int?
    /// Arrays of numbers only are kept on one line even when indenting (boxes, curves).
    public var inlineNumberArrays = true

    public init(indent: Int? = 2) {
        self.indent = indent
    }

    public func string(_ value: JSONValue) -> String {
        var out = ""
        out.reserveCapacity(1024)
        write(value, into: &out, level: 0)
        return out
    }

    public func bytes(_ value: JSONValue) -> [UInt8] {
        Array(string(value).utf8)
    }

    func write(_ value: JSONValue, into out: inout String, level: Int) {
        switch value {
        case .null: out += "null"
        case let .bool(flag): out += flag ? "true" : "false"
        case let .number(number): out += Self.format(number)
        case let .string(text): Self.quote(text, into: &out)
        case let .array(items):
            if items.isEmpty { out += "[]"; return }
            let inline = indent == nil || (inlineNumberArrays && items.allSatisfy { if case .number = $0 { return true } else { return false } })
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += inline && indent != nil ? ", " : "," }
                if !inline { newline(into: &out, level: level + 1) }
                write(item, into: &out, level: level + 1)
            }
            if !inline { newline(into: &out, level: level) }
            out += "]"
        case let .object(object):
            if object.pairs.isEmpty { out += "{}"; return }
            out += "{"
            for (index, pair) in object.pairs.enumerated() {
                if index > 0 { out += "," }
                newline(into: &out, level: level + 1)
                Self.quote(pair.key, into: &out)
                out += indent == nil ? ":" : ": "
                write(pair.value, into: &out, level: level + 1)
            }
            newline(into: &out, level: level)
            out += "}"
        }
    }

    func newline(into out: inout String, level: Int) {
        guard let indent else { return }
        out += "\n"
        out += String(repeating: " ", count: indent * level)
    }

    public static func format(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return String(number)
    }

    static func quote(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
