import FaceBenchModel
import FaceBenchIO
import FaceBenchHarness
import FaceBenchTestSupport
import Foundation
import XCTest

/// The project's own files are strict: a missing or mistyped field is an error naming the
/// file, the line of a JSON-lines file and the field's path, never a default.
final class ResultsCodingTests: XCTestCase {
    let fixture = TestData.fixture("Results/layout-0.1/dlib-faces/results.json")

    /// The fixture with one member changed (nil removes it).
    func edited(_ change: (inout JSONObject) -> Void) throws -> [UInt8] {
        guard case var .object(document) = try JSONReader.parse(file: fixture) else { throw XCTSkip("fixture is not an object") }
        change(&document)
        return JSONWriter().bytes(.object(document))
    }

    func error(reading bytes: [UInt8]) -> String {
        do {
            _ = try JSONCoding.decode(RunResults.self, from: bytes, path: "results.json")
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    func testAMissingFieldIsNamedByItsPath() throws {
        let bytes = try edited { document in
            guard case var .array(detectors) = document["detectors"], case var .object(lbp) = detectors[0],
                  case var .object(latency) = lbp["latency_ms"] else { return }
            latency["p50"] = nil
            lbp["latency_ms"] = .object(latency)
            detectors[0] = .object(lbp)
            document["detectors"] = .array(detectors)
        }
        XCTAssertEqual(error(reading: bytes), "results.json: detectors[0].latency_ms.p50: missing")
    }

    func testAMistypedFieldIsNamedByItsPath() throws {
        let bytes = try edited { document in
            guard case var .array(images) = document["images"], case var .object(first) = images[0] else { return }
            first["results"] = .object(["lbp": .object(["detections": [.object(["box": [1, 2, 3, 4], "score": "high"])], "latency_ms": [1.5]])])
            images[0] = .object(first)
            document["images"] = .array(images)
        }
        XCTAssertEqual(error(reading: bytes), "results.json: images[0].results.lbp.detections[0].score: expected a number, found a string")
    }

    /// A failed image is `{"id", "image", "reason"}`, every key required, and reads back as written.
    func testAFailedImageRoundTrips() throws {
        func withFailure(_ failure: JSONObject) throws -> [UInt8] {
            try edited { document in
                guard case var .array(detectors) = document["detectors"], case var .object(lbp) = detectors[0] else { return }
                lbp["failures"] = [.object(failure)]
                detectors[0] = .object(lbp)
                document["detectors"] = .array(detectors)
            }
        }
        let results = try JSONCoding.decode(RunResults.self, from: withFailure(["id": 2, "image": "b.jpg", "reason": "decoder said no"]), path: "results.json")
        XCTAssertEqual(results.detectors[0].failures, [ImageFailure(sampleID: 2, image: "b.jpg", reason: "decoder said no")])
        let again = try JSONCoding.decode(RunResults.self, from: JSONCoding.bytes(results), path: "again.json")
        XCTAssertEqual(again.detectors[0].failures, results.detectors[0].failures)
        XCTAssertEqual(error(reading: try withFailure(["id": 2, "image": "b.jpg"])), "results.json: detectors[0].failures[0].reason: missing")
    }

    func testAnUnknownLayoutIsRefused() throws {
        let bytes = try edited { $0["schema_version"] = "9.0" }
        XCTAssertEqual(error(reading: bytes), "results.json: schema_version: layout 9.0 is not one this FaceBench reads (0.1, 0.2, 0.3, 0.4, 0.5, 0.6)")
    }

    /// The nesting cap of docs/limits.md holds before anything is decoded.
    func testTheNestingCapAppliesBeforeDecoding() {
        let deep = Array(String(repeating: "[", count: 600).utf8)
        XCTAssertTrue(error(reading: deep).contains("nesting deeper than 512 levels"), error(reading: deep))
    }

    func testABadRunLogLineIsNamedByLineAndField() throws {
        let scratch = try TestData.temporaryDirectory(self)
        let lines = try String(contentsOfFile: TestData.fixture("Results/layout-0.1/dlib-faces/images.jsonl"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let broken = lines[2].replacingOccurrences(of: #""latency_ms":["#, with: #""latency":["#)
        XCTAssertNotEqual(broken, lines[2])
        try FileIO.writeAtomically(Array(([lines[0], lines[1], broken] + lines[3...]).joined(separator: "\n").utf8) + [0x0A],
                                   to: scratch + "/" + RunLog.fileName)
        let stored = try JSONReader.parse(Array(lines[0].utf8), path: "header")["header"] ?? .null
        let header = try JSONCoding.decode(RunLog.Header.self, from: JSONWriter().bytes(stored), path: "header")
        XCTAssertThrowsError(try RunLog.resume(directory: scratch, header: header)) { error in
            XCTAssertEqual("\(error)", "\(scratch)/\(RunLog.fileName): line 3, results.lbp.latency_ms: missing")
        }
    }
}
