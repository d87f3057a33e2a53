import FaceBenchCore
import FaceBenchTestSupport
import Foundation
import XCTest

/// Crafted MAT-files that once made the reader allocate gigabytes, loop without end, trap on
/// overflow or overflow the stack: each must now end in an error naming the file and place.
final class MATFileLimitsTests: XCTestCase {
    /// A little-endian level-5 MAT-file of the given top-level elements.
    static func file(_ elements: [UInt8]...) -> [UInt8] {
        var header = Array("MATLAB 5.0 MAT-file, crafted by FaceBench's tests".utf8)
        header += [UInt8](repeating: 0x20, count: 116 - header.count) + [UInt8](repeating: 0, count: 8)
        var bytes = header + [0x00, 0x01, UInt8(ascii: "I"), UInt8(ascii: "M")]
        for element in elements { bytes.append(contentsOf: element) }
        return bytes
    }

    static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) } }

    /// A tagged data element, padded to 8 bytes.
    static func element(_ type: Int, _ data: [UInt8]) -> [UInt8] {
        let padding = (8 - data.count % 8) % 8
        return le32(UInt32(type)) + le32(UInt32(data.count)) + data + [UInt8](repeating: 0, count: padding)
    }

    /// An miMATRIX of `matlabClass` (1 cell, 2 struct, 6 double) with these dimensions and contents.
    static func matrix(class matlabClass: UInt32, dimensions: [Int32], name: String = "x", contents: [UInt8] = []) -> [UInt8] {
        let flags = element(6, le32(matlabClass) + le32(0))
        let dims = element(5, dimensions.flatMap { le32(UInt32(bitPattern: $0)) })
        return element(14, flags + dims + element(1, Array(name.utf8)) + contents)
    }

    func reason(_ bytes: [UInt8], limits: MATFile.Limits = MATFile.Limits()) -> String {
        do {
            _ = try MATFile(bytes: bytes, path: "crafted.mat", zlib: TestData.zlib, limits: limits)
            return "read without error"
        } catch { return "\(error)" }
    }

    func testACompressedElementInflatingToAGigabyteStopsAtTheLimit() {
        let bomb = CraftedZlib.zeros(count: 1 << 30)
        let text = reason(Self.file(Self.element(15, bomb)))
        XCTAssertTrue(text.hasPrefix("crafted.mat: compressed element at byte 128: cannot inflate: inflates to more than 268435456 bytes"), text)
    }

    func testAFieldlessStructOfTenBillionElementsIsRefused() {
        // Field name length 32, no names: a struct array with no fields.
        let contents = Self.element(5, Self.le32(32)) + Self.element(1, [])
        let text = reason(Self.file(Self.matrix(class: 2, dimensions: [100_000, 100_000], contents: contents)))
        XCTAssertTrue(text.contains("dimensions [100000, 100000] make more than 100000000 elements"), text)
        let smaller = reason(Self.file(Self.matrix(class: 2, dimensions: [10_000, 1_000], contents: contents)))
        XCTAssertTrue(smaller.contains("struct array claims 10000000 elements; its remaining 0 bytes hold at most 0"), smaller)
    }

    func testDimensionsWhoseProductOverflowsAreRefused() {
        let text = reason(Self.file(Self.matrix(class: 6, dimensions: [Int32.max, Int32.max, Int32.max])))
        XCTAssertTrue(text.contains("crafted.mat: x at byte 160: dimensions [2147483647, 2147483647, 2147483647] make more than"), text)
    }

    func testACellClaimingMoreElementsThanItsBytesIsRefused() {
        let huge = reason(Self.file(Self.matrix(class: 1, dimensions: [Int32.max, Int32.max])))
        XCTAssertTrue(huge.contains("make more than 100000000 elements"), huge)
        let text = reason(Self.file(Self.matrix(class: 1, dimensions: [50_000_000, 1])))
        XCTAssertTrue(text.contains("cell array claims 50000000 elements; its remaining 0 bytes hold at most 0"), text)
    }

    func testCellsNestedAHundredThousandDeepAreRefused() {
        // Built outside in: each level is a 1x1 cell header whose size counts all levels inside.
        let innermost = Self.matrix(class: 6, dimensions: [0, 0])
        let header = Array(Self.matrix(class: 1, dimensions: [1, 1]).dropFirst(8))
        let levels = 100_000
        var nested: [UInt8] = []
        nested.reserveCapacity(levels * (header.count + 8) + innermost.count)
        for level in 0..<levels {
            let size = (levels - level) * (header.count + 8) - 8 + innermost.count
            nested += Self.le32(14) + Self.le32(UInt32(size)) + header
        }
        nested += innermost
        let inner = nested
        let text = reason(Self.file(inner))
        XCTAssertTrue(text.contains("x{1}{1}{1}") && text.hasSuffix("arrays nested more than 32 deep"), String(text.suffix(200)))
        // The limit is the caller's to set.
        XCTAssertTrue(reason(Self.file(inner), limits: MATFile.Limits(nesting: 8)).hasSuffix("arrays nested more than 8 deep"))
    }

    static func characters(_ text: String) -> [UInt8] {
        let units = Array(text.utf16)
        return matrix(class: 4, dimensions: [1, Int32(units.count)], name: "", contents: element(4, units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
    }

    static func doubles(_ values: [Double], rows: Int32, columns: Int32) -> [UInt8] {
        matrix(class: 6, dimensions: [rows, columns], name: "", contents: element(9, values.flatMap { value in
            (0..<8).map { UInt8(value.bitPattern >> (8 * UInt64($0)) & 0xFF) }
        }))
    }

    static func cell(_ items: [[UInt8]], name: String = "") -> [UInt8] {
        matrix(class: 1, dimensions: [Int32(items.count), 1], name: name, contents: items.flatMap { $0 })
    }

    /// A WIDER ground-truth MAT-file of one image with one face, whose blur label is given.
    func testWIDERLabelsThatAreNotNumbersAreRefused() throws {
        let folder = try TestData.temporaryDirectory(self)
        let labels = ["blur", "expression", "illumination", "invalid", "occlusion", "pose"]
        let variables = [
            Self.cell([Self.characters("0--Parade")], name: "event_list"),
            Self.cell([Self.cell([Self.characters("0_Parade_1")])], name: "file_list"),
            Self.cell([Self.cell([Self.doubles([10, 10, 30, 30], rows: 1, columns: 4)])], name: "face_bbx_list"),
        ] + labels.map { label in
            Self.cell([Self.cell([Self.doubles([label == "blur" ? .infinity : 0], rows: 1, columns: 1)])], name: label + "_label_list")
        }
        try Data(Self.file(variables.flatMap { $0 })).write(to: URL(fileURLWithPath: folder + "/wider_face_val.mat"))
        XCTAssertThrowsError(try WIDERFaceLoader.load(root: folder, name: "crafted", zlib: TestData.zlib)) { error in
            XCTAssertEqual("\(error)", folder + "/wider_face_val.mat: blur_label_list{1}{1}: label inf of face 1 is not a label")
        }
    }
}
