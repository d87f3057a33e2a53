/// MATLAB level-5 MAT-files built byte by byte for tests of hostile input (MATFile's caps,
/// WIDER's loader): little-endian, uncompressed unless an element says otherwise.
public enum CraftedMAT {
    /// A little-endian level-5 MAT-file of the given top-level elements.
    public static func file(_ elements: [UInt8]...) -> [UInt8] {
        var header = Array("MATLAB 5.0 MAT-file, crafted by FaceBench's tests".utf8)
        header += [UInt8](repeating: 0x20, count: 116 - header.count) + [UInt8](repeating: 0, count: 8)
        var bytes = header + [0x00, 0x01, UInt8(ascii: "I"), UInt8(ascii: "M")]
        for element in elements { bytes.append(contentsOf: element) }
        return bytes
    }

    public static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) } }

    /// A tagged data element, padded to 8 bytes.
    public static func element(_ type: Int, _ data: [UInt8]) -> [UInt8] {
        let padding = (8 - data.count % 8) % 8
        return le32(UInt32(type)) + le32(UInt32(data.count)) + data + [UInt8](repeating: 0, count: padding)
    }

    /// An miMATRIX of `matlabClass` (1 cell, 2 struct, 6 double) with these dimensions and contents.
    public static func matrix(class matlabClass: UInt32, dimensions: [Int32], name: String = "x", contents: [UInt8] = []) -> [UInt8] {
        let flags = element(6, le32(matlabClass) + le32(0))
        let dims = element(5, dimensions.flatMap { le32(UInt32(bitPattern: $0)) })
        return element(14, flags + dims + element(1, Array(name.utf8)) + contents)
    }

    public static func characters(_ text: String) -> [UInt8] {
        let units = Array(text.utf16)
        return matrix(class: 4, dimensions: [1, Int32(units.count)], name: "", contents: element(4, units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
    }

    public static func doubles(_ values: [Double], rows: Int32, columns: Int32) -> [UInt8] {
        matrix(class: 6, dimensions: [rows, columns], name: "", contents: element(9, values.flatMap { value in
            (0..<8).map { UInt8(value.bitPattern >> (8 * UInt64($0)) & 0xFF) }
        }))
    }

    public static func cell(_ items: [[UInt8]], name: String = "") -> [UInt8] {
        matrix(class: 1, dimensions: [Int32(items.count), 1], name: name, contents: items.flatMap { $0 })
    }

    /// `depth` 1x1 cells inside each other around an empty double, as one variable `x`. Built
    /// outside in: each level is a cell header whose size counts all the levels inside.
    public static func nestedCells(depth: Int) -> [UInt8] {
        let innermost = matrix(class: 6, dimensions: [0, 0])
        let header = Array(matrix(class: 1, dimensions: [1, 1]).dropFirst(8))
        var nested: [UInt8] = []
        nested.reserveCapacity(depth * (header.count + 8) + innermost.count)
        for level in 0..<depth {
            let size = (depth - level) * (header.count + 8) - 8 + innermost.count
            nested += le32(14) + le32(UInt32(size)) + header
        }
        return nested + innermost
    }
}
