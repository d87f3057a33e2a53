import FaceBenchModel

/// The fast path of `COCOResultsFile`: one tight pass over the bytes for files shaped the
/// way detectors write them — a list of flat objects with `image_id`, `category_id`,
/// `bbox` and `score` (any key order, any whitespace, extra keys with scalar values).
/// Numbers are read by the same `DecimalSpelling.readJSON` as `JSONScanner`'s.
///
/// It gives up (returns nil) at anything else — nested extra values, escapes in keys,
/// malformed or invalid entries — and the general reader then reads the file again and
/// reports what is wrong with file, line and entry.
///
/// Speed comes from keeping the cursor in a register: everything is inlined into one loop.
enum COCOResultsFastReader {
    typealias Columns = (imageIDs: [Int], categoryIDs: [Int], boxes: [Box], scores: [Double], offsets: [Int])

    static func read(_ buffer: UnsafeBufferPointer<UInt8>) -> Columns? {
        guard let base = buffer.baseAddress else { return nil }
        var last = buffer.count - 1
        while last >= 0, isWhitespace(base[last]) { last -= 1 }
        guard last > 0, base[last] == UInt8(ascii: "]") else { return nil }
        let end = last + 1
        var i = 0
        let estimate = buffer.count / 64
        var imageIDs = Column<Int>(capacity: estimate), categoryIDs = Column<Int>(capacity: estimate)
        var boxes = Column<Box>(capacity: estimate), scores = Column<Double>(capacity: estimate)
        var offsets = Column<Int>(capacity: estimate)
        defer {
            imageIDs.free()
            categoryIDs.free()
            boxes.free()
            scores.free()
            offsets.free()
        }
        skipWhitespace(base, &i, end)
        guard take(base, &i, end, UInt8(ascii: "[")) else { return nil }
        skipWhitespace(base, &i, end)
        if take(base, &i, end, UInt8(ascii: "]")) { return i == end ? ([], [], [], [], []) : nil }
        var template: Template?
        defer { template?.free() }
        while true {
            skipWhitespace(base, &i, end)
            let start = i
            var fields = Fields()
            // Detectors write every entry the same way; once the first entry's layout is
            // known, later ones are checked against it word by word instead of scanned.
            if let known = template, known.read(base, &i, end, into: &fields) {
            } else {
                i = start
                guard let layout = readEntry(base, &i, end, into: &fields, recording: template == nil) else { return nil }
                if template == nil { template = layout }
            }
            // Anything missing or invalid: the general reader says what and where. (NaN
            // fails every comparison, so unset numbers fail these too.)
            guard fields.imageID != Int.min, fields.categoryID != Int.min, fields.score.isFinite, fields.x.isFinite, fields.y.isFinite,
                fields.width.isFinite, fields.height.isFinite, fields.width > 0, fields.height > 0
            else { return nil }
            imageIDs.append(fields.imageID)
            categoryIDs.append(fields.categoryID)
            boxes.append(Box(x: fields.x, y: fields.y, width: fields.width, height: fields.height))
            scores.append(fields.score)
            offsets.append(start)
            skipWhitespace(base, &i, end)
            if take(base, &i, end, UInt8(ascii: ",")) { continue }
            guard take(base, &i, end, UInt8(ascii: "]")), i == end else { return nil }
            return (imageIDs.array(), categoryIDs.array(), boxes.array(), scores.array(), offsets.array())
        }
    }

    /// The values of one entry (unset: `Int.min` and NaN).
    struct Fields {
        var imageID = Int.min, categoryID = Int.min
        var score = Double.nan, x = Double.nan, y = Double.nan, width = Double.nan, height = Double.nan
    }

    /// Reads one entry key by key, from its `{` to its `}`. With `recording`, also returns
    /// its layout (nil when it has keys other than the four, or for a malformed entry).
    static func readEntry(
        _ base: UnsafePointer<UInt8>, _ i: inout Int, _ end: Int, into fields: inout Fields, recording: Bool
    ) -> Template?? {
        var pieces: [(literal: ArraySlice<UInt8>, key: Key)] = []
        var literalStart = i
        guard take(base, &i, end, UInt8(ascii: "{")) else { return nil }
        while true {
            skipWhitespace(base, &i, end)
            guard take(base, &i, end, UInt8(ascii: "\"")) else { return nil }
            let keyStart = i
            while i < end, base[i] != UInt8(ascii: "\"") {
                if base[i] == UInt8(ascii: "\\") { return nil }
                i += 1
            }
            guard i < end else { return nil }
            let key = Key(base, keyStart, i - keyStart)
            i += 1
            skipWhitespace(base, &i, end)
            guard take(base, &i, end, UInt8(ascii: ":")) else { return nil }
            skipWhitespace(base, &i, end)
            guard i < end else { return nil }
            if recording { pieces.append((ArraySlice(UnsafeBufferPointer(start: base + literalStart, count: i - literalStart)), key)) }
            guard value(key, base, &i, end, into: &fields) else { return nil }
            literalStart = i
            skipWhitespace(base, &i, end)
            if take(base, &i, end, UInt8(ascii: ",")) { continue }
            guard take(base, &i, end, UInt8(ascii: "}")) else { return nil }
            break
        }
        guard recording, !pieces.contains(where: { $0.key == .other }) else { return .some(nil) }
        return Template(pieces: pieces, closing: ArraySlice(UnsafeBufferPointer(start: base + literalStart, count: i - literalStart)))
    }

    /// Reads the value of a key into `fields`.
    @inline(__always)
    static func value(_ key: Key, _ base: UnsafePointer<UInt8>, _ i: inout Int, _ end: Int, into fields: inout Fields) -> Bool {
        switch key {
        case .imageID:
            guard let value = integer(base, &i, end) else { return false }
            fields.imageID = value
        case .categoryID:
            guard let value = integer(base, &i, end) else { return false }
            fields.categoryID = value
        case .score:
            guard let value = number(base, &i, end) else { return false }
            fields.score = value
        case .bbox:
            guard take(base, &i, end, UInt8(ascii: "[")) else { return false }
            skipWhitespace(base, &i, end)
            guard i < end, let a = number(base, &i, end), separator(base, &i, end), let b = number(base, &i, end), separator(base, &i, end),
                let c = number(base, &i, end), separator(base, &i, end), let d = number(base, &i, end)
            else { return false }
            skipWhitespace(base, &i, end)
            guard take(base, &i, end, UInt8(ascii: "]")) else { return false }
            (fields.x, fields.y, fields.width, fields.height) = (a, b, c, d)
        case .other:
            return skipScalar(base, &i, end)
        }
        return true
    }

    /// The layout of an entry: the text before each value (from `{` or the previous
    /// value), which value follows, and the text closing the entry. Entries that differ in
    /// any byte of that text are read key by key instead.
    struct Template {
        let text: UnsafeMutablePointer<UInt8>
        /// Per value: where its preceding text starts in `text`, its length, the key.
        let pieces: [(offset: Int, count: Int, key: Key)]
        let closing: (offset: Int, count: Int)

        init(pieces: [(literal: ArraySlice<UInt8>, key: Key)], closing: ArraySlice<UInt8>) {
            let total = pieces.reduce(closing.count) { $0 + $1.literal.count }
            // 8 spare bytes: literals are compared a machine word at a time.
            text = .allocate(capacity: total + 8)
            text.initialize(repeating: 0, count: total + 8)
            var offset = 0
            var layout: [(offset: Int, count: Int, key: Key)] = []
            for piece in pieces {
                for (k, byte) in piece.literal.enumerated() { text[offset + k] = byte }
                layout.append((offset, piece.literal.count, piece.key))
                offset += piece.literal.count
            }
            for (k, byte) in closing.enumerated() { text[offset + k] = byte }
            self.pieces = layout
            self.closing = (offset, closing.count)
        }

        func free() { text.deallocate() }

        @inline(__always)
        func matches(_ base: UnsafePointer<UInt8>, _ i: Int, _ end: Int, _ offset: Int, _ count: Int) -> Bool {
            guard i + count <= end else { return false }
            var k = 0
            while k + 8 <= count {
                let a = UnsafeRawPointer(base + i + k).loadUnaligned(as: UInt64.self)
                let b = UnsafeRawPointer(text + offset + k).loadUnaligned(as: UInt64.self)
                if a != b { return false }
                k += 8
            }
            while k < count {
                if base[i + k] != text[offset + k] { return false }
                k += 1
            }
            return true
        }

        /// Reads an entry laid out exactly like the template's; false (with `i` anywhere)
        /// as soon as a byte differs.
        @inline(__always)
        func read(_ base: UnsafePointer<UInt8>, _ i: inout Int, _ end: Int, into fields: inout Fields) -> Bool {
            for piece in pieces {
                guard matches(base, i, end, piece.offset, piece.count) else { return false }
                i += piece.count
                guard i < end, COCOResultsFastReader.value(piece.key, base, &i, end, into: &fields) else { return false }
            }
            guard matches(base, i, end, closing.offset, closing.count) else { return false }
            i += closing.count
            return true
        }
    }

    enum Key {
        case imageID, categoryID, score, bbox, other

        @inline(__always)
        init(_ base: UnsafePointer<UInt8>, _ start: Int, _ length: Int) {
            func matches(_ literal: StaticString) -> Bool {
                guard length == literal.utf8CodeUnitCount else { return false }
                for offset in 0..<length where base[start + offset] != literal.utf8Start[offset] { return false }
                return true
            }
            if matches("image_id") {
                self = .imageID
            } else if matches("bbox") {
                self = .bbox
            } else if matches("score") {
                self = .score
            } else if matches("category_id") {
                self = .categoryID
            } else {
                self = .other
            }
        }
    }

    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    @inline(__always)
    static func skipWhitespace(_ base: UnsafePointer<UInt8>, _ i: inout Int, _ end: Int) {
        while i < end, isWhitespace(base[i]) { i += 1 }
    }

    @inline(__always)
    static func take(_ base: UnsafePointer<UInt8>, _ i: inout Int, _ end: Int, _ byte: UInt8) -> Bool {
        guard i < end, base[i] == byte else { return false }
        i += 1
        return true
    }

    @inline(__always)
    static func separator(_ base: UnsafePointer<UInt8>, _ i: inout Int, _ end: Int) -> Bool {
        skipWhitespace(base, &i, end)
        guard take(base, &i, end, UInt8(ascii: ",")) else { return false }
        skipWhitespace(base, &i, end)
        return i < end
    }

    /// A plain integer (`-?digits`, at most 18 significant); nil for anything else.
    @inline(__always)
    static func integer(_ base: UnsafePointer<UInt8>, _ i: inout Int, _ end: Int) -> Int? {
        let spelling = DecimalSpelling.scan(base, from: i, to: end, allowingPlus: false)
        guard let value = spelling.integer else { return nil }
        i = spelling.end
        return value
    }

    /// A JSON number; nil for anything else, which the general reader then explains.
    @inline(__always)
    static func number(_ base: UnsafePointer<UInt8>, _ i: inout Int, _ end: Int) -> Double? {
        guard let number = try? DecimalSpelling.readJSON(base, from: i, to: end) else { return nil }
        i = number.end
        return number.value
    }

    /// Skips a number, a string without escapes, true, false or null.
    static func skipScalar(_ base: UnsafePointer<UInt8>, _ i: inout Int, _ end: Int) -> Bool {
        switch base[i] {
        case UInt8(ascii: "\""):
            i += 1
            while i < end, base[i] != UInt8(ascii: "\"") {
                if base[i] == UInt8(ascii: "\\") || base[i] < 0x20 { return false }
                i += 1
            }
            return take(base, &i, end, UInt8(ascii: "\""))
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            for word: StaticString in ["true", "false", "null"] {
                let count = word.utf8CodeUnitCount
                if i + count <= end, (0..<count).allSatisfy({ base[i + $0] == word.utf8Start[$0] }) {
                    i += count
                    return true
                }
            }
            return false
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return number(base, &i, end) != nil
        default:
            return false
        }
    }

    /// A growable column of trivial values written through a pointer: no per-element
    /// uniqueness check as with `Array.append`, which matters at 300,000 entries.
    struct Column<Element> {
        var pointer: UnsafeMutablePointer<Element>
        var count = 0
        var capacity: Int

        init(capacity: Int) {
            self.capacity = Swift.max(capacity, 16)
            pointer = .allocate(capacity: self.capacity)
        }

        @inline(__always)
        mutating func append(_ value: Element) {
            if count == capacity { grow() }
            (pointer + count).initialize(to: value)
            count += 1
        }

        mutating func grow() {
            let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: pointer, count: count)
            pointer.deallocate()
            pointer = larger
            capacity *= 2
        }

        func array() -> [Element] { Array(UnsafeBufferPointer(start: pointer, count: count)) }

        func free() {
            pointer.deinitialize(count: count)
            pointer.deallocate()
        }
    }
}
