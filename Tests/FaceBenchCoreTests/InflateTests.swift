import Foundation
import XCTest
@testable import FaceBenchCore
import FaceBenchTestSupport

final class InflateTests: XCTestCase {
    /// The uncompressed bytes of a fixture case, rebuilt by the generator's rules.
    func content(_ rule: JSONValue) -> [UInt8] {
        let kind = rule["kind"]?.string ?? "", seed = rule["seed"]?.int ?? 0, count = rule["count"]?.int ?? 0
        var x = seed
        func next() -> Int {
            x = (1103515245 &* x &+ 12345) % (1 << 31)
            return x >> 16
        }
        switch kind {
        case "random": return (0..<count).map { _ in UInt8(next() & 0xFF) }
        case "random-twice":
            let block = (0..<count).map { _ in UInt8(next() & 0xFF) }
            return block + block
        default:
            let words = ["face", "detector", "the", "WIDER", "benchmark", "ellipse", " ", "\n", "0.5", "MATLAB"].map { Array($0.utf8) }
            var out: [UInt8] = []
            while out.count < count { out += words[next() % words.count] }
            return Array(out.prefix(count))
        }
    }

    func testDecodesEveryStreamPythonsZlibWrote() throws {
        let fixture = try JSONReader.parse(file: TestData.fixture("Inflate/streams.json"))
        let cases = try XCTUnwrap(fixture["cases"]?.array)
        XCTAssertGreaterThanOrEqual(cases.count, 10)
        for item in cases {
            let name = item["name"]?.string ?? "?"
            let stream = [UInt8](try XCTUnwrap(Data(base64Encoded: item["zlib"]?.string ?? ""), name))
            let expected = content(try XCTUnwrap(item["content"], name))
            let output = try Inflate.zlib(stream)
            XCTAssertEqual(output.count, expected.count, name)
            XCTAssertTrue(output == expected, "\(name): decoded bytes differ")
        }
    }

    func testDecodesJustAPrefix() throws {
        let fixture = try JSONReader.parse(file: TestData.fixture("Inflate/streams.json"))
        for name in ["dynamic-text", "stored-multi-block", "far-matches"] {
            let item = try XCTUnwrap(fixture["cases"]?.array?.first { $0["name"]?.string == name })
            let stream = [UInt8](try XCTUnwrap(Data(base64Encoded: item["zlib"]?.string ?? "")))
            let expected = content(try XCTUnwrap(item["content"]))
            XCTAssertTrue(try Inflate.zlibPrefix(stream, count: 300) == Array(expected.prefix(300)), name)
        }
    }

    func testRejectsDamagedStreams() throws {
        let fixture = try JSONReader.parse(file: TestData.fixture("Inflate/streams.json"))
        let item = try XCTUnwrap(fixture["cases"]?.array?.first { $0["name"]?.string == "dynamic-text" })
        let stream = [UInt8](try XCTUnwrap(Data(base64Encoded: item["zlib"]?.string ?? "")))

        var badChecksum = stream
        badChecksum[badChecksum.count - 1] ^= 0x01
        XCTAssertThrowsError(try Inflate.zlib(badChecksum)) { error in
            XCTAssertTrue("\(error)".contains("Adler-32"), "\(error)")
        }
        XCTAssertThrowsError(try Inflate.zlib(Array(stream.prefix(stream.count / 2)))) { error in
            XCTAssertTrue("\(error)".contains("ends"), "\(error)")
        }
        XCTAssertThrowsError(try Inflate.zlib([0x78, 0x9D] + stream.dropFirst(2))) { error in
            XCTAssertTrue("\(error)".contains("header check"), "\(error)")
        }
        // Block type 3 is reserved: header 0x78 0x9C then bits 1 (final), 11 (type 3).
        XCTAssertThrowsError(try Inflate.zlib([0x78, 0x9C, 0x07, 0, 0, 0, 0, 0])) { error in
            XCTAssertTrue("\(error)".contains("reserved"), "\(error)")
        }
        // A fixed-Huffman block whose first match reaches back before the output starts.
        XCTAssertThrowsError(try Inflate.deflate([0x03, 0x02, 0x00])) { error in
            XCTAssertTrue("\(error)".contains("before the start"), "\(error)")
        }
    }

    func testAdler32OfKnownStrings() {
        // Values from RFC 1950's definition (also what zlib.adler32 returns).
        XCTAssertEqual(Inflate.adler32([]), 1)
        XCTAssertEqual(Inflate.adler32(Array("Wikipedia".utf8)), 0x11E6_0398)
    }
}
