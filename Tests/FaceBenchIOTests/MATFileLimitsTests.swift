import FaceBenchIO
import FaceBenchTestSupport
import Foundation
import XCTest

/// Crafted MAT-files that once made the reader allocate gigabytes, loop without end, trap on
/// overflow or overflow the stack: each must now end in an error naming the file and place.
final class MATFileLimitsTests: XCTestCase {
    func reason(_ bytes: [UInt8], limits: MATFile.Limits = MATFile.Limits()) -> String {
        do {
            _ = try MATFile(bytes: bytes, path: "crafted.mat", zlib: TestData.zlib, limits: limits)
            return "read without error"
        } catch { return "\(error)" }
    }

    func testACompressedElementInflatingToAGigabyteStopsAtTheLimit() {
        let bomb = CraftedZlib.zeros(count: 1 << 30)
        let text = reason(CraftedMAT.file(CraftedMAT.element(15, bomb)))
        XCTAssertTrue(text.hasPrefix("crafted.mat: compressed element at byte 128: cannot inflate: inflates to more than 67108864 bytes"), text)
    }

    func testAFieldlessStructOfTenBillionElementsIsRefused() {
        // Field name length 32, no names: a struct array with no fields.
        let contents = CraftedMAT.element(5, CraftedMAT.le32(32)) + CraftedMAT.element(1, [])
        let text = reason(CraftedMAT.file(CraftedMAT.matrix(class: 2, dimensions: [100_000, 100_000], contents: contents)))
        XCTAssertTrue(text.contains("dimensions [100000, 100000] make more than 100000000 elements"), text)
        let smaller = reason(CraftedMAT.file(CraftedMAT.matrix(class: 2, dimensions: [10_000, 1_000], contents: contents)))
        XCTAssertTrue(smaller.contains("struct array claims 10000000 elements; its remaining 0 bytes hold at most 0"), smaller)
    }

    func testDimensionsWhoseProductOverflowsAreRefused() {
        let text = reason(CraftedMAT.file(CraftedMAT.matrix(class: 6, dimensions: [Int32.max, Int32.max, Int32.max])))
        XCTAssertTrue(text.contains("crafted.mat: x at byte 160: dimensions [2147483647, 2147483647, 2147483647] make more than"), text)
    }

    func testACellClaimingMoreElementsThanItsBytesIsRefused() {
        let huge = reason(CraftedMAT.file(CraftedMAT.matrix(class: 1, dimensions: [Int32.max, Int32.max])))
        XCTAssertTrue(huge.contains("make more than 100000000 elements"), huge)
        let text = reason(CraftedMAT.file(CraftedMAT.matrix(class: 1, dimensions: [50_000_000, 1])))
        XCTAssertTrue(text.contains("cell array claims 50000000 elements; its remaining 0 bytes hold at most 0"), text)
    }

    /// Found by the fuzzer: characters stored as doubles were converted to Int unchecked.
    func testCharactersStoredAsHugeDoublesAreRefused() {
        let codes = CraftedMAT.element(9, (0..<8).map { UInt8(truncatingIfNeeded: (-1e300).bitPattern >> (8 * $0)) })
        let text = reason(CraftedMAT.file(CraftedMAT.matrix(class: 4, dimensions: [1, 1], contents: codes)))
        XCTAssertTrue(text.contains("character code -1e+300 is not a UTF-16 code unit"), text)
    }

    /// Found by the fuzzer: a char array of [48000000 0] (no characters) took 10 s and 800 MB
    /// making 48 million empty rows.
    func testACharArrayWithoutCharactersHasNoRows() throws {
        let empty = CraftedMAT.element(16, [])
        let file = try MATFile(bytes: CraftedMAT.file(CraftedMAT.matrix(class: 4, dimensions: [48_000_000, 0], contents: empty)),
                               path: "crafted.mat", zlib: TestData.zlib)
        let value = try file.variable("x")
        XCTAssertEqual(value.dimensions, [48_000_000, 0])
        guard case let .characters(array) = value else { return XCTFail("\(value.summary)") }
        XCTAssertEqual(array.rows, [])
        XCTAssertEqual(value.string, "")
    }

    func testCellsNestedAHundredThousandDeepAreRefused() {
        let inner = CraftedMAT.nestedCells(depth: 100_000)
        let text = reason(CraftedMAT.file(inner))
        XCTAssertTrue(text.contains("x{1}{1}{1}") && text.hasSuffix("arrays nested more than 32 deep"), String(text.suffix(200)))
        // The limit is the caller's to set.
        XCTAssertTrue(reason(CraftedMAT.file(inner), limits: MATFile.Limits(nesting: 8)).hasSuffix("arrays nested more than 8 deep"))
    }

    /// A WIDER ground-truth MAT-file of one image with one face, whose blur label is given.
    func testWIDERLabelsThatAreNotNumbersAreRefused() throws {
        let folder = try TestData.temporaryDirectory(self)
        let labels = ["blur", "expression", "illumination", "invalid", "occlusion", "pose"]
        let variables = [
            CraftedMAT.cell([CraftedMAT.characters("0--Parade")], name: "event_list"),
            CraftedMAT.cell([CraftedMAT.cell([CraftedMAT.characters("0_Parade_1")])], name: "file_list"),
            CraftedMAT.cell([CraftedMAT.cell([CraftedMAT.doubles([10, 10, 30, 30], rows: 1, columns: 4)])], name: "face_bbx_list"),
        ] + labels.map { label in
            CraftedMAT.cell([CraftedMAT.cell([CraftedMAT.doubles([label == "blur" ? .infinity : 0], rows: 1, columns: 1)])], name: label + "_label_list")
        }
        try Data(CraftedMAT.file(variables.flatMap { $0 })).write(to: URL(fileURLWithPath: folder + "/wider_face_val.mat"))
        XCTAssertThrowsError(try WIDERFaceLoader.load(root: folder, name: "crafted", zlib: TestData.zlib)) { error in
            XCTAssertEqual("\(error)", folder + "/wider_face_val.mat: blur_label_list{1}{1}: label inf of face 1 is not a label")
        }
    }
}
