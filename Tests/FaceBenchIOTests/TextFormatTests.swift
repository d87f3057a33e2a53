import XCTest
@testable import FaceBenchModel
@testable import FaceBenchIO

final class JSONTests: XCTestCase {
    func testRoundTripKeepsOrderAndValues() throws {
        let value: JSONValue = .object([
            "b": 1, "a": [1.5, -2e-7, 0.1], "s": "quote \" slash \\ line\n tab\t é 😀", "n": nil, "t": true,
            "nested": .object(["x": .array([])]),
        ])
        for writer in [JSONWriter(), JSONWriter(indent: nil)] {
            let text = writer.string(value)
            XCTAssertEqual(try JSONReader.parse(Array(text.utf8), path: "mem"), value)
        }
        XCTAssertEqual(JSONWriter(indent: nil).string(value).prefix(12), "{\"b\":1,\"a\":[")
        XCTAssertEqual(JSONWriter.format(0.1), "0.1")
        XCTAssertEqual(JSONWriter.format(3), "3")
        XCTAssertEqual(JSONValue(Double.nan), .null)
    }

    func testEscapesAndSurrogates() throws {
        let parsed = try JSONReader.parse(Array(#"["\u00e9\ud83d\ude00\n"]"#.utf8), path: "mem")
        XCTAssertEqual(parsed, .array(["é😀\n"]))
    }

    func testErrorsGiveLineAndColumn() {
        XCTAssertThrowsError(try JSONReader.parse(Array("{\n  \"a\": [1, 2,,]\n}".utf8), path: "f.json")) { error in
            XCTAssertEqual("\(error)", "f.json: line 2, column 14: expected a value")
        }
        XCTAssertThrowsError(try JSONReader.parse(Array("[1] x".utf8), path: "f.json"))
        XCTAssertThrowsError(try JSONReader.parse(Array("\"abc".utf8), path: "f.json"))
    }
}

final class XMLTreeTests: XCTestCase {
    func testElementsAttributesTextAndEntities() throws {
        let xml = """
            <?xml version="1.0"?>
            <!-- comment -->
            <root a="1" b='x &amp; y'>
              <item>1 2 &lt;3&gt;</item><item/><![CDATA[<raw>]]>
            </root>
            """
        let root = try XMLTree.parse(Array(xml.utf8), path: "t.xml")
        XCTAssertEqual(root.name, "root")
        XCTAssertEqual(root.attribute("b"), "x & y")
        XCTAssertEqual(root.children("item").count, 2)
        XCTAssertEqual(root.children[0].text, "1 2 <3>")
        XCTAssertEqual(root.children[0].line, 4)
        XCTAssertTrue(root.text.contains("<raw>"))
    }

    func testMismatchedTagsNameBothLines() {
        XCTAssertThrowsError(try XMLTree.parse(Array("<a>\n<b>\n</a>".utf8), path: "t.xml")) { error in
            XCTAssertEqual("\(error)", "t.xml: line 3: </a> does not close <b> opened at line 2")
        }
    }
}
