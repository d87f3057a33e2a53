import FaceBenchModel

/// A MATLAB level-5 MAT-file (what `save` writes by default up to `-v7`), read completely
/// into `MATValue`s: numeric and logical arrays of every class, character arrays, cell
/// arrays and structs, stored plainly or in zlib-compressed elements (inflated by the
/// `ZlibDecompressor` the caller gives). Both byte orders are read.
///
/// Contract: variables are returned in file order. Anything else — HDF5-based `-v7.3`
/// files, level-4 files, sparse arrays, objects, truncated or inconsistent elements — throws
/// `FaceBenchError.malformed` naming the file, the byte offset and the variable path
/// (`face_bbx_list{3}{12}`) where reading stopped. So does a file beyond `Limits`: a
/// compressed element inflating past `inflatedBytes`, an array of more than `elements`
/// elements (or whose dimensions overflow), a cell or struct claiming more elements than its
/// bytes can hold, arrays nested deeper than `nesting`. A crafted file of a few hundred bytes
/// therefore cannot make the reader allocate without bound, loop for hours or overflow the stack.
public struct MATFile: Sendable {
    public struct Limits: Sendable {
        /// Bytes one compressed element may inflate to (those of WIDER's validation files
        /// inflate to under 1 MB each).
        public var inflatedBytes: Int
        /// Elements of one array (product of its dimensions).
        public var elements: Int
        /// Arrays inside arrays (WIDER's lists are 3 deep).
        public var nesting: Int

        public init(inflatedBytes: Int = 64 << 20, elements: Int = 100_000_000, nesting: Int = 32) {
            self.inflatedBytes = inflatedBytes
            self.elements = elements
            self.nesting = nesting
        }
    }

    public struct Variable: Sendable, Equatable {
        public var name: String
        public var value: MATValue
    }

    public let path: String
    /// The 116-byte descriptive text at the start of the file (platform, creation date).
    public let headerText: String
    public let variables: [Variable]

    /// Reads the file's variables, or only those named in `only` (others are skipped without
    /// being decompressed beyond their name).
    public init(path: String, only: Set<String>? = nil, zlib: any ZlibDecompressor, limits: Limits = Limits()) throws {
        try self.init(bytes: FileIO.read(path), path: path, only: only, zlib: zlib, limits: limits)
    }

    public init(bytes: [UInt8], path: String, only: Set<String>? = nil, zlib: any ZlibDecompressor, limits: Limits = Limits()) throws {
        self.path = path
        guard bytes.count >= 128 else {
            throw FaceBenchError.malformed(path: path, location: nil, reason: "too short for a MAT-file header (\(bytes.count) bytes)")
        }
        let text = String(decoding: bytes[0..<116], as: UTF8.self)
        headerText = String(text.reversed().drop { $0 == " " || $0 == "\0" }.reversed())
        guard text.hasPrefix("MATLAB") else {
            throw FaceBenchError.malformed(path: path, location: nil, reason: "not a MATLAB 5 MAT-file (header does not start with 'MATLAB')")
        }
        let bigEndian: Bool
        switch (bytes[126], bytes[127]) {
        case (UInt8(ascii: "I"), UInt8(ascii: "M")): bigEndian = false
        case (UInt8(ascii: "M"), UInt8(ascii: "I")): bigEndian = true
        default:
            throw FaceBenchError.malformed(path: path, location: "byte 126", reason: "no endian indicator; not a MATLAB 5 MAT-file")
        }
        let reader = MATElementReader(bytes: bytes, bigEndian: bigEndian, path: path, origin: nil, limits: limits)
        let version = reader.uint16(at: 124)
        if version == 0x0200 || text.hasPrefix("MATLAB 7.3") {
            throw FaceBenchError.malformed(path: path, location: nil, reason: "MATLAB -v7.3 (HDF5) files are not supported; save with -v7")
        }
        var variables: [Variable] = []
        var offset = 128
        while offset + 8 <= bytes.count {
            let element = try reader.element(at: offset, limit: bytes.count)
            if element.type == MATElementReader.compressed {
                let compressed = Array(bytes[element.start..<element.start + element.count])
                let inflated: [UInt8]
                do {
                    if let only, let head = try? zlib.inflatePrefix(compressed, count: 256),
                       let name = MATElementReader(bytes: head, bigEndian: bigEndian, path: path, origin: offset, limits: limits).variableName(),
                       !only.contains(name)
                    {
                        offset = element.next
                        continue
                    }
                    inflated = try zlib.inflate(compressed, limit: limits.inflatedBytes)
                } catch let failure as ZlibFailure {
                    throw FaceBenchError.malformed(
                        path: path, location: "compressed element at byte \(offset)",
                        reason: "cannot inflate: \(failure.reason) (byte \(element.start + failure.offset))")
                }
                let inner = MATElementReader(bytes: inflated, bigEndian: bigEndian, path: path, origin: offset, limits: limits)
                var innerOffset = 0
                while innerOffset + 8 <= inflated.count {
                    let innerElement = try inner.element(at: innerOffset, limit: inflated.count)
                    variables.append(try inner.variable(innerElement))
                    innerOffset = innerElement.next
                }
            } else if only.map({ names in reader.variableName(at: offset).map(names.contains) ?? true }) ?? true {
                variables.append(try reader.variable(element))
            }
            offset = element.next
        }
        self.variables = variables
    }

    public subscript(name: String) -> MATValue? {
        variables.first { $0.name == name }?.value
    }

    /// The named variable, or an error listing the variables the file has.
    public func variable(_ name: String) throws -> MATValue {
        guard let value = self[name] else {
            let names = variables.map(\.name).joined(separator: ", ")
            throw FaceBenchError.malformed(path: path, location: nil, reason: "no variable '\(name)' (the file has: \(names))")
        }
        return value
    }
}

/// Walks the tagged data elements of a MAT-file (or of one inflated compressed element).
struct MATElementReader {
    static let int8 = 1, uint8 = 2, int16 = 3, uint16 = 4, int32 = 5, uint32 = 6, single = 7, double = 9
    static let int64 = 12, uint64 = 13, matrix = 14, compressed = 15, utf8 = 16, utf16 = 17, utf32 = 18

    struct Element {
        var type: Int
        var start: Int
        var count: Int
        /// Where the following element starts (data padded to 8 bytes, except compressed).
        var next: Int
    }

    let bytes: [UInt8]
    let bigEndian: Bool
    let path: String
    /// File offset of the compressed element these bytes were inflated from, if any.
    let origin: Int?
    let limits: MATFile.Limits

    func failure(_ offset: Int, _ context: String, _ reason: String) -> FaceBenchError {
        let place = origin.map { "byte \(offset) inside the compressed element at byte \($0)" } ?? "byte \(offset)"
        return .malformed(path: path, location: context.isEmpty ? place : "\(context) at \(place)", reason: reason)
    }

    func uint16(at offset: Int) -> Int {
        let a = Int(bytes[offset]), b = Int(bytes[offset + 1])
        return bigEndian ? a << 8 | b : b << 8 | a
    }

    func uint32(at offset: Int) -> UInt32 {
        let b0 = UInt32(bytes[offset]), b1 = UInt32(bytes[offset + 1]), b2 = UInt32(bytes[offset + 2]), b3 = UInt32(bytes[offset + 3])
        return bigEndian ? b0 << 24 | b1 << 16 | b2 << 8 | b3 : b3 << 24 | b2 << 16 | b1 << 8 | b0
    }

    func uint64(at offset: Int) -> UInt64 {
        let high = UInt64(uint32(at: offset + (bigEndian ? 0 : 4))), low = UInt64(uint32(at: offset + (bigEndian ? 4 : 0)))
        return high << 32 | low
    }

    func element(at offset: Int, limit: Int, context: String = "") throws -> Element {
        guard offset + 8 <= limit else { throw failure(offset, context, "data element tag runs past the end of its container") }
        let first = uint32(at: offset)
        // Small data element format: byte count in the upper 16 bits, data in the tag itself.
        if first >> 16 != 0 {
            let count = Int(first >> 16)
            guard count <= 4 else { throw failure(offset, context, "small data element claims \(count) bytes") }
            return Element(type: Int(first & 0xFFFF), start: offset + 4, count: count, next: offset + 8)
        }
        let type = Int(first)
        let count = Int(uint32(at: offset + 4))
        guard offset + 8 + count <= limit else {
            throw failure(offset, context, "data element of \(count) bytes runs past the end of its container (\(limit - offset - 8) left)")
        }
        let padded = type == Self.compressed ? count : (count + 7) & ~7
        return Element(type: type, start: offset + 8, count: count, next: min(offset + 8 + padded, limit))
    }

    /// The name of the matrix element at `offset`, read from its header alone (nil when the
    /// header is not all there).
    func variableName(at offset: Int = 0) -> String? {
        guard let element = try? self.element(at: offset, limit: bytes.count + 1_000_000_000), element.type == Self.matrix,
              let flags = try? self.element(at: element.start, limit: bytes.count),
              let dimensions = try? self.element(at: flags.next, limit: bytes.count),
              let name = try? self.element(at: dimensions.next, limit: bytes.count)
        else { return nil }
        return String(decoding: bytes[name.start..<name.start + name.count], as: UTF8.self)
    }

    func variable(_ element: Element) throws -> MATFile.Variable {
        guard element.type == Self.matrix else {
            throw failure(element.start - 8, "", "expected a matrix element, found data type \(element.type)")
        }
        let (name, value) = try matrix(element, context: nil, depth: 0)
        return MATFile.Variable(name: name, value: value)
    }

    /// Reads an miMATRIX element: flags, dimensions, name, then the class's contents.
    func matrix(_ element: Element, context: String?, depth: Int) throws -> (name: String, value: MATValue) {
        if element.count == 0 {
            // MATLAB writes empty cell entries as matrix elements with no content.
            return ("", .numeric(MATNumericArray(matlabClass: .double, dimensions: [0, 0], real: [])))
        }
        let end = element.start + element.count
        let label = context ?? "matrix"
        let flags = try self.element(at: element.start, limit: end, context: label)
        guard flags.type == Self.uint32, flags.count == 8 else { throw failure(flags.start, label, "array flags are not 8 bytes of uint32") }
        let flagWord = uint32(at: flags.start)
        guard let matlabClass = MATClass(rawValue: Int(flagWord & 0xFF)) else {
            throw failure(flags.start, label, "unknown array class \(flagWord & 0xFF)")
        }
        let isComplex = flagWord & 0x0800 != 0
        let isLogical = flagWord & 0x0200 != 0
        let dimensionElement = try self.element(at: flags.next, limit: end, context: label)
        guard dimensionElement.type == Self.int32, dimensionElement.count >= 8, dimensionElement.count % 4 == 0 else {
            throw failure(dimensionElement.start, label, "dimensions are not an int32 array of at least two values")
        }
        let dimensions = stride(from: dimensionElement.start, to: dimensionElement.start + dimensionElement.count, by: 4).map {
            Int(Int32(bitPattern: uint32(at: $0)))
        }
        guard dimensions.allSatisfy({ $0 >= 0 }) else { throw failure(dimensionElement.start, label, "negative dimension \(dimensions)") }
        let nameElement = try self.element(at: dimensionElement.next, limit: end, context: label)
        let name = String(decoding: bytes[nameElement.start..<nameElement.start + nameElement.count], as: UTF8.self)
        let here = context ?? name
        guard depth < limits.nesting else {
            throw failure(element.start, here, "arrays nested more than \(limits.nesting) deep")
        }
        var count = 1
        for dimension in dimensions {
            let (product, overflow) = count.multipliedReportingOverflow(by: dimension)
            guard !overflow, product <= limits.elements else {
                throw failure(dimensionElement.start, here, "dimensions \(dimensions) make more than \(limits.elements) elements")
            }
            count = product
        }
        var offset = nameElement.next
        /// Each cell element or struct field is a tagged element of at least 8 bytes.
        func checkRoom(_ elements: Int, _ what: String) throws {
            let room = (end - offset) / 8
            guard elements <= room else {
                throw failure(offset, here, "\(what) claims \(elements) elements; its remaining \(end - offset) bytes hold at most \(room)")
            }
        }

        switch matlabClass {
        case .cell:
            try checkRoom(count, "cell array")
            var elements: [MATValue] = []
            elements.reserveCapacity(count)
            for index in 0..<count {
                let child = try self.element(at: offset, limit: end, context: here)
                guard child.type == Self.matrix else { throw failure(child.start - 8, here, "cell element \(index + 1) is not a matrix") }
                elements.append(try matrix(child, context: "\(here){\(index + 1)}", depth: depth + 1).value)
                offset = child.next
            }
            return (name, .cell(dimensions: dimensions, elements: elements))

        case .structure:
            let lengthElement = try self.element(at: offset, limit: end, context: here)
            guard lengthElement.type == Self.int32, lengthElement.count == 4 else { throw failure(lengthElement.start, here, "struct field name length missing") }
            let nameLength = Int(uint32(at: lengthElement.start))
            let namesElement = try self.element(at: lengthElement.next, limit: end, context: here)
            guard nameLength > 0, namesElement.count % nameLength == 0 else { throw failure(namesElement.start, here, "struct field names are inconsistent") }
            let fieldNames = stride(from: 0, to: namesElement.count, by: nameLength).map { start -> String in
                let raw = bytes[(namesElement.start + start)..<(namesElement.start + start + nameLength)]
                return String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            offset = namesElement.next
            try checkRoom(count * max(1, fieldNames.count), "struct array")
            var elements: [[MATValue]] = []
            for index in 0..<count {
                var fields: [MATValue] = []
                for field in fieldNames {
                    let child = try self.element(at: offset, limit: end, context: here)
                    guard child.type == Self.matrix else { throw failure(child.start - 8, here, "struct field '\(field)' is not a matrix") }
                    fields.append(try matrix(child, context: "\(here)(\(index + 1)).\(field)", depth: depth + 1).value)
                    offset = child.next
                }
                elements.append(fields)
            }
            return (name, .structure(dimensions: dimensions, fieldNames: fieldNames, elements: elements))

        case .character:
            let data = try self.element(at: offset, limit: end, context: here)
            let units = try codeUnits(data, context: here)
            guard units.count == count else { throw failure(data.start, here, "char array has \(units.count) characters for \(count) elements") }
            // A char array without characters has no rows, whatever its shape: a file of a few
            // bytes claiming [48000000 0] would otherwise cost 48 million empty strings.
            let rowsCount = count == 0 ? 0 : (dimensions.count == 2 ? dimensions[0] : 1)
            let columns = rowsCount > 0 ? count / rowsCount : 0
            let rows = (0..<rowsCount).map { row in
                String(decoding: (0..<columns).map { UInt16(truncatingIfNeeded: units[row + rowsCount * $0]) }, as: UTF16.self)
            }
            return (name, .characters(MATCharacterArray(dimensions: dimensions, rows: rows)))

        case .sparse, .object:
            throw failure(element.start, here, "\(matlabClass.name) arrays are not supported")

        default:
            let realElement = try self.element(at: offset, limit: end, context: here)
            let real = try numbers(realElement, context: here)
            guard real.count == count else { throw failure(realElement.start, here, "\(real.count) values for \(count) elements") }
            var imaginary: [Double]?
            if isComplex {
                let imaginaryElement = try self.element(at: realElement.next, limit: end, context: here)
                imaginary = try numbers(imaginaryElement, context: here)
                guard imaginary?.count == count else { throw failure(imaginaryElement.start, here, "imaginary part has the wrong length") }
            }
            return (name, .numeric(MATNumericArray(
                matlabClass: matlabClass, dimensions: dimensions, isLogical: isLogical, real: real, imaginary: imaginary)))
        }
    }

    /// Numeric data of any storage type as doubles (MATLAB stores e.g. doubles as uint8
    /// when the values fit).
    func numbers(_ element: Element, context: String) throws -> [Double] {
        let start = element.start, count = element.count
        func values(size: Int, _ read: (Int) -> Double) throws -> [Double] {
            guard count % size == 0 else { throw failure(start, context, "\(count) bytes is not a whole number of \(size)-byte values") }
            return (0..<(count / size)).map { read(start + $0 * size) }
        }
        switch element.type {
        case Self.int8: return try values(size: 1) { Double(Int8(bitPattern: bytes[$0])) }
        case Self.uint8: return try values(size: 1) { Double(bytes[$0]) }
        case Self.int16: return try values(size: 2) { Double(Int16(bitPattern: UInt16(uint16(at: $0)))) }
        case Self.uint16: return try values(size: 2) { Double(uint16(at: $0)) }
        case Self.int32: return try values(size: 4) { Double(Int32(bitPattern: uint32(at: $0))) }
        case Self.uint32: return try values(size: 4) { Double(uint32(at: $0)) }
        case Self.single: return try values(size: 4) { Double(Float(bitPattern: uint32(at: $0))) }
        case Self.double: return try values(size: 8) { Double(bitPattern: uint64(at: $0)) }
        case Self.int64: return try values(size: 8) { Double(Int64(bitPattern: uint64(at: $0))) }
        case Self.uint64: return try values(size: 8) { Double(uint64(at: $0)) }
        default: throw failure(start, context, "data type \(element.type) cannot hold numbers")
        }
    }

    /// Character data as UTF-16 code units (MATLAB writes uint16; UTF-8 also occurs).
    func codeUnits(_ element: Element, context: String) throws -> [Int] {
        let slice = bytes[element.start..<(element.start + element.count)]
        switch element.type {
        case Self.utf8:
            return String(decoding: slice, as: UTF8.self).utf16.map(Int.init)
        case Self.utf16, Self.uint16, Self.int16:
            return try numbers(Element(type: Self.uint16, start: element.start, count: element.count, next: element.next), context: context).map { Int($0) }
        case Self.uint8, Self.int8:
            return slice.map(Int.init)
        default:
            // Characters stored as doubles come from the file: a code unit outside UTF-16's
            // range (or NaN) is refused here, before any conversion to Int.
            return try numbers(element, context: context).map { value in
                guard value.isFinite, value >= 0, value <= 0xFFFF else {
                    throw failure(element.start, context, "character code \(value) is not a UTF-16 code unit")
                }
                return Int(value)
            }
        }
    }
}
