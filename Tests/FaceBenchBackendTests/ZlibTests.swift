import FaceBenchCodecs
import FaceBenchModel
import FaceBenchIO
import FaceBenchTestSupport
import Foundation
import XCTest

/// The system zlib behind `ZlibDecompressor`, on the streams Python's zlib wrote
/// (Tests/Fixtures/Inflate/generate.py: stored, fixed and dynamic blocks, far matches).
final class ZlibTests: XCTestCase {
    let zlib = SystemZlib()

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
            let output = try zlib.inflate(stream, limit: 1 << 30)
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
            XCTAssertTrue(try zlib.inflatePrefix(stream, count: 300) == Array(expected.prefix(300)), name)
        }
    }

    func testRejectsDamagedStreams() throws {
        let fixture = try JSONReader.parse(file: TestData.fixture("Inflate/streams.json"))
        let item = try XCTUnwrap(fixture["cases"]?.array?.first { $0["name"]?.string == "dynamic-text" })
        let stream = [UInt8](try XCTUnwrap(Data(base64Encoded: item["zlib"]?.string ?? "")))

        var badChecksum = stream
        badChecksum[badChecksum.count - 1] ^= 0x01
        func reason(_ bytes: [UInt8]) -> String {
            do {
                _ = try zlib.inflate(bytes, limit: 1 << 30)
                return "decoded"
            } catch { return "\(error)" }
        }
        XCTAssertTrue(reason(badChecksum).contains("incorrect data check"), reason(badChecksum))
        let truncated = reason(Array(stream.prefix(stream.count / 2)))
        XCTAssertTrue(truncated.contains("ends early"), truncated)
        XCTAssertTrue(reason([0x78, 0x9D] + stream.dropFirst(2)).contains("incorrect header check"))
        // Block type 3 is reserved: header 0x78 0x9C then bits 1 (final), 11 (type 3).
        XCTAssertTrue(reason([0x78, 0x9C, 0x07, 0, 0, 0, 0, 0]).contains("invalid block type"))
        // A fixed-Huffman block whose first match reaches back before the output starts.
        XCTAssertTrue(reason([0x78, 0x9C, 0x03, 0x02, 0x00, 0, 0, 0, 0]).contains("too far back"))
    }

    /// A stream of a few hundred kilobytes inflating to 1 GB stops at the limit, holding no
    /// more than it; the same stream inflates in full under a limit that allows it.
    func testRefusesAStreamInflatingPastTheLimit() throws {
        let bomb = CraftedZlib.zeros(count: 1 << 30)
        XCTAssertLessThan(bomb.count, 7_000_000)
        XCTAssertThrowsError(try zlib.inflate(bomb, limit: 16 << 20)) { error in
            XCTAssertEqual((error as? ZlibFailure)?.reason, "inflates to more than \(16 << 20) bytes")
        }
        let small = CraftedZlib.zeros(count: 5_000_000)
        XCTAssertTrue(try zlib.inflate(small, limit: 5_000_000) == [UInt8](repeating: 0, count: 5_000_000))
        XCTAssertThrowsError(try zlib.inflate(small, limit: 4_999_999))
        XCTAssertEqual(try zlib.inflatePrefix(bomb, count: 10), [UInt8](repeating: 0, count: 10))
    }
}
