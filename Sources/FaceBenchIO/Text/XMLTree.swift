import FaceBenchModel

/// A small XML reader for the annotation and model files FaceBench reads (dlib imglab,
/// Pascal VOC, OpenCV cascades). It builds a tree of elements that remember their line, so
/// loaders can say where a malformed entry is. Handles attributes in either quote style,
/// comments, processing instructions, DOCTYPE, CDATA and the predefined and numeric
/// entities; it does not validate or resolve external entities.
///
/// Elements nest at most `maximumDepth` deep (the tree is built recursively, and a crafted
/// file nested tens of thousands deep would otherwise overflow the stack); the real files
/// nest under ten.
public enum XMLTree {
    public static let maximumDepth = 256

    public struct Element: Sendable {
        public var name: String
        public var attributes: [(name: String, value: String)]
        public var children: [Element]
        /// The element's own character data (CDATA included), children excluded.
        public var text: String
        /// The 1-based line of the start tag.
        public var line: Int

        public func attribute(_ name: String) -> String? {
            attributes.first { $0.name == name }?.value
        }

        public func child(_ name: String) -> Element? {
            children.first { $0.name == name }
        }

        public func children(_ name: String) -> [Element] {
            children.filter { $0.name == name }
        }
    }

    public static func parse(_ bytes: [UInt8], path: String, maximumDepth: Int = maximumDepth) throws -> Element {
        var parser = Parser(bytes: bytes, path: path, maximumDepth: maximumDepth)
        return try parser.document()
    }

    /// The name of the document's root element, read past the prolog (declaration, comments,
    /// DOCTYPE of any length) without parsing the rest; nil when the bytes are not XML.
    public static func rootName(_ bytes: [UInt8]) -> String? {
        var parser = Parser(bytes: bytes, path: "", maximumDepth: maximumDepth)
        return try? parser.rootName()
    }

    private struct Parser {
        let bytes: [UInt8]
        let path: String
        let maximumDepth: Int
        var i = 0
        var line = 1
        var depth = 0

        init(bytes: [UInt8], path: String, maximumDepth: Int) {
            self.bytes = bytes
            self.path = path
            self.maximumDepth = maximumDepth
        }

        func fail(_ reason: String, at line: Int? = nil) -> FaceBenchError {
            .malformed(path: path, location: "line \(line ?? self.line)", reason: reason)
        }

        mutating func rootName() throws -> String? {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
            while true {
                skipWhitespace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "<") else { return nil }
                if try skipMarkupDeclaration() { continue }
                advance()
                return try name()
            }
        }

        mutating func document() throws -> Element {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
            var root: Element?
            while true {
                skipWhitespace()
                guard i < bytes.count else { break }
                guard bytes[i] == UInt8(ascii: "<") else {
                    throw fail(root == nil ? "expected '<' at the start of the document" : "text after the root element")
                }
                if try skipMarkupDeclaration() { continue }
                guard root == nil else { throw fail("a second root element") }
                root = try element()
            }
            guard let root else { throw fail("no root element") }
            return root
        }

        /// Skips `<?…?>`, `<!--…-->` and `<!DOCTYPE …>` at the cursor; false if none is there.
        mutating func skipMarkupDeclaration() throws -> Bool {
            if matches("<?") {
                try skip(past: "?>", what: "processing instruction")
                return true
            }
            if matches("<!--") {
                try skip(past: "-->", what: "comment")
                return true
            }
            if matches("<!DOCTYPE") {
                var depth = 0
                while i < bytes.count {
                    let c = bytes[i]
                    advance()
                    if c == UInt8(ascii: "[") { depth += 1 }
                    if c == UInt8(ascii: "]") { depth -= 1 }
                    if c == UInt8(ascii: ">") && depth <= 0 { return true }
                }
                throw fail("unterminated DOCTYPE")
            }
            return false
        }

        mutating func element() throws -> Element {
            let startLine = line
            advance()  // '<'
            let name = try self.name()
            depth += 1
            defer { depth -= 1 }
            guard depth <= maximumDepth else {
                throw fail("<\(name)> is nested \(depth) elements deep; at most \(maximumDepth) are read")
            }
            var attributes: [(name: String, value: String)] = []
            while true {
                skipWhitespace()
                guard i < bytes.count else { throw fail("unterminated start tag <\(name)>", at: startLine) }
                if bytes[i] == UInt8(ascii: "/") {
                    advance()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ">") else { throw fail("expected '>' after '/' in <\(name)>") }
                    advance()
                    return Element(name: name, attributes: attributes, children: [], text: "", line: startLine)
                }
                if bytes[i] == UInt8(ascii: ">") {
                    advance()
                    break
                }
                let attributeName = try self.name()
                skipWhitespace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else {
                    throw fail("attribute '\(attributeName)' of <\(name)> has no value")
                }
                advance()
                skipWhitespace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
                    throw fail("attribute '\(attributeName)' of <\(name)> is not quoted")
                }
                let quote = bytes[i]
                advance()
                let start = i
                while i < bytes.count, bytes[i] != quote {
                    if bytes[i] == UInt8(ascii: "<") { throw fail("'<' inside attribute '\(attributeName)' of <\(name)>") }
                    advance()
                }
                guard i < bytes.count else { throw fail("unterminated attribute '\(attributeName)' of <\(name)>", at: startLine) }
                let value = try decodeEntities(start, i)
                advance()
                attributes.append((attributeName, value))
            }
            var children: [Element] = []
            var text = ""
            while true {
                let start = i
                while i < bytes.count, bytes[i] != UInt8(ascii: "<") { advance() }
                if i > start { text += try decodeEntities(start, i) }
                guard i < bytes.count else { throw fail("<\(name)> opened at line \(startLine) is never closed") }
                if matches("</") {
                    i += 2
                    let closing = try self.name()
                    skipWhitespace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ">") else { throw fail("malformed end tag </\(closing)") }
                    advance()
                    guard closing == name else {
                        throw fail("</\(closing)> does not close <\(name)> opened at line \(startLine)")
                    }
                    return Element(name: name, attributes: attributes, children: children, text: text, line: startLine)
                }
                if matches("<![CDATA[") {
                    i += 9
                    let cdataStart = i
                    while i < bytes.count, !matches("]]>") { advance() }
                    guard i < bytes.count else { throw fail("unterminated CDATA section") }
                    text += String(decoding: bytes[cdataStart..<i], as: UTF8.self)
                    i += 3
                    continue
                }
                if try skipMarkupDeclaration() { continue }
                children.append(try element())
            }
        }

        mutating func name() throws -> String {
            let start = i
            while i < bytes.count {
                let c = bytes[i]
                let isNameByte = c >= 0x80 || (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z"))
                    || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
                    || c == UInt8(ascii: "_") || c == UInt8(ascii: "-") || c == UInt8(ascii: ".") || c == UInt8(ascii: ":")
                guard isNameByte else { break }
                i += 1
            }
            guard i > start else { throw fail("expected a name") }
            return String(decoding: bytes[start..<i], as: UTF8.self)
        }

        func matches(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard i + count <= bytes.count else { return false }
            return literal.withUTF8Buffer { buffer in
                for k in 0..<count where bytes[i + k] != buffer[k] { return false }
                return true
            }
        }

        mutating func skip(past literal: StaticString, what: String) throws {
            let startLine = line
            while i < bytes.count {
                if matches(literal) {
                    i += literal.utf8CodeUnitCount
                    return
                }
                advance()
            }
            throw fail("unterminated \(what)", at: startLine)
        }

        mutating func advance() {
            if bytes[i] == 0x0A { line += 1 }
            i += 1
        }

        mutating func skipWhitespace() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { advance() }
        }

        /// The text of `bytes[start..<end]` with entities replaced. ISO-8859-1 files (dlib's)
        /// are ASCII in practice; bytes that are not UTF-8 are replaced, not rejected.
        func decodeEntities(_ start: Int, _ end: Int) throws -> String {
            guard bytes[start..<end].contains(UInt8(ascii: "&")) else {
                return String(decoding: bytes[start..<end], as: UTF8.self)
            }
            var out: [UInt8] = []
            out.reserveCapacity(end - start)
            var k = start
            while k < end {
                guard bytes[k] == UInt8(ascii: "&") else {
                    out.append(bytes[k])
                    k += 1
                    continue
                }
                guard let semicolon = bytes[k..<end].firstIndex(of: UInt8(ascii: ";")) else {
                    throw fail("'&' without ';'")
                }
                let entity = String(decoding: bytes[(k + 1)..<semicolon], as: UTF8.self)
                switch entity {
                case "lt": out.append(UInt8(ascii: "<"))
                case "gt": out.append(UInt8(ascii: ">"))
                case "amp": out.append(UInt8(ascii: "&"))
                case "quot": out.append(UInt8(ascii: "\""))
                case "apos": out.append(UInt8(ascii: "'"))
                default:
                    let scalarValue: UInt32?
                    if entity.hasPrefix("#x") { scalarValue = UInt32(entity.dropFirst(2), radix: 16) }
                    else if entity.hasPrefix("#") { scalarValue = UInt32(entity.dropFirst()) }
                    else { scalarValue = nil }
                    guard let scalarValue, let scalar = Unicode.Scalar(scalarValue) else {
                        throw fail("unknown entity '&\(entity);'")
                    }
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                }
                k = semicolon + 1
            }
            return String(decoding: out, as: UTF8.self)
        }
    }
}
