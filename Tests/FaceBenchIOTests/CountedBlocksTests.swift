import XCTest
@testable import FaceBenchModel
@testable import FaceBenchIO

/// The one reader of the "name / count / N lines" layout of WIDER's and FDDB's list files.
final class CountedBlocksTests: XCTestCase {
    func blocks(_ text: String, placeholderLines: Int = 0) throws -> [(String, Int, Int, Range<Int>)] {
        let lines = Array(NumberedLines(path: "list.txt", bytes: Array(text.utf8)))
        var found: [(String, Int, Int, Range<Int>)] = []
        try CountedBlocks(countName: "face count", entryName: "faces", placeholderLines: placeholderLines).forEach(lines, in: "list.txt") {
            found.append(($0.name, $0.nameLine, $0.count, $0.entries))
        }
        return found
    }

    func testBlocksBlankLinesAndPlaceholders() throws {
        let text = "a\n2\nx\ny\n\nb\n0\n0 0 0 0\nc\n1\nz\n"
        let plain = try blocks("a\n2\nx\ny\n\nb\n0\nc\n1\nz\n")
        XCTAssertEqual(plain.map(\.0), ["a", "b", "c"])
        XCTAssertEqual(plain.map(\.3), [2..<4, 7..<7, 9..<10])
        let placeholders = try blocks(text, placeholderLines: 1)
        XCTAssertEqual(placeholders.map(\.0), ["a", "b", "c"], "b's placeholder line is not an image")
        XCTAssertEqual(placeholders.map(\.1), [0, 5, 8])
        XCTAssertEqual(placeholders.map(\.2), [2, 0, 1])
        XCTAssertEqual(placeholders.map(\.3), [2..<4, 7..<7, 10..<11], "a placeholder is no entry")
    }

    func testMissingCountAndShortFileNameTheLine() {
        XCTAssertThrowsError(try blocks("a\n1\nx\nb\nmany\n")) { error in
            XCTAssertEqual(error as? FaceBenchError, .malformed(path: "list.txt", location: "line 5", reason: "expected the face count of b"))
        }
        XCTAssertThrowsError(try blocks("a\n3\nx\ny\n")) { error in
            XCTAssertEqual(error as? FaceBenchError, .malformed(path: "list.txt", location: "line 1", reason: "a lists 3 faces but the file ends first"))
        }
        XCTAssertThrowsError(try blocks("a\n0\n", placeholderLines: 1)) { error in
            XCTAssertEqual(error as? FaceBenchError, .malformed(path: "list.txt", location: "line 1", reason: "a lists 0 faces but the file ends first"))
        }
        XCTAssertThrowsError(try blocks("a\n-1\n")) { error in
            XCTAssertEqual(error as? FaceBenchError, .malformed(path: "list.txt", location: "line 2", reason: "expected the face count of a"))
        }
    }
}
