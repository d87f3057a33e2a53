import FaceBenchModel
import FaceBenchHarness
import Foundation
import FaceBenchTestSupport
import XCTest
@testable import FaceBenchCLI

/// The acceptance run of the plugin boundary: `facebench run` with a built-in detector, an
/// external program, a native plugin and imported files in one table, where the imported
/// copies of the external program's detections score exactly what the program scored.
final class ImportEquivalenceTests: XCTestCase {
    var out: String!

    override func setUpWithError() throws {
        try PluginTestSupport.examplesBuilt.get()
        out = try TestData.temporaryDirectory(self)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: out)
    }

    var execSpec: String { "exec:\(PluginTestSupport.python) \(PluginTestSupport.haarExample)" }

    func facebenchRun(_ detectors: [String], out: String) throws -> RunResults {
        let arguments = ["run", "--dataset", "dlib-faces", "--shard", "1/3", "--out", out, "--warmup", "0"] + detectors.flatMap { ["--detector", $0] }
        XCTAssertEqual(FaceBenchCLI.run(arguments), ExitStatus.success, arguments.joined(separator: " "))
        return try RunResults.read(out + "/dlib-faces/results.json")
    }

    /// The exec detector's detections as Google Cloud Vision responses keyed by image name.
    func googleVisionCopy(of results: RunResults, detector: String, to path: String) throws {
        var object = JSONObject()
        for record in results.records {
            object[record.name] = .object(["faceAnnotations": .array((record.results[detector]?.detections ?? []).map { detection in
                let b = detection.box
                let corners = [(b.x, b.y), (b.maxX, b.y), (b.maxX, b.maxY), (b.x, b.maxY)]
                return .object([
                    "fdBoundingPoly": .object(["vertices": .array(corners.map { .object(["x": JSONValue($0.0), "y": JSONValue($0.1)]) })]),
                    "detectionConfidence": JSONValue(detection.score),
                ])
            })])
        }
        try FileIO.writeAtomically(JSONWriter().bytes(.object(object)), to: path)
    }

    func testExternalDetectionsScoreTheSameWhenImported() throws {
        let first = try facebenchRun([execSpec], out: out + "/first")
        let exec = try XCTUnwrap(first.detector("opencv-haar-python"))
        XCTAssertTrue(exec.failures.isEmpty)
        let vision = out + "/vision.json"
        try googleVisionCopy(of: first, detector: exec.id, to: vision)
        let coco = out + "/first/dlib-faces/opencv-haar-python.coco.json"
        let detectors = ["hog", execSpec, "plugin:\(PluginTestSupport.lbpPlugin)", "vision=file:google-vision:\(vision)", "file:\(coco)"]

        let second = try facebenchRun(detectors, out: out + "/second")
        let report = try FileIO.readText(out + "/second/report.md")
        for id in ["hog", "opencv-haar-python", "opencv-lbp-plugin", "vision", "file-opencv-haar-python"] {
            XCTAssertTrue(report.contains("| \(id) "), "\(id) is a row of the one table:\n\(report)")
        }
        let rerun = try XCTUnwrap(second.detector("opencv-haar-python"))
        XCTAssertEqual(rerun.metrics, exec.metrics, "the program is deterministic")
        let imported = try XCTUnwrap(second.detector("vision"))
        XCTAssertTrue(imported.info.isImported)
        XCTAssertNil(imported.latency, "imported detections are not timed")
        XCTAssertEqual(imported.metrics, exec.metrics)
        XCTAssertEqual(second.detector("file-opencv-haar-python")?.metrics, exec.metrics)
    }
}
