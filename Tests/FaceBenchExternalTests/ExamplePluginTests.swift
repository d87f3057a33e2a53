import FaceBenchModel
import FaceBenchHarness
import Foundation
import FaceBenchTestSupport
import XCTest

/// Each shipped example plugin, run through the harness on a third of dlib-faces, finds exactly what
/// the built-in detector it wraps finds: the same OpenCV call behind a different door, so
/// any difference is the door's fault (pixels, stride, boxes, scores, ordering).
final class ExamplePluginTests: XCTestCase {
    var dataset: Dataset!
    var out: String!

    override func setUpWithError() throws {
        try PluginTestSupport.examplesBuilt.get()
        // A third of dlib-faces: any difference of the door shows on the first image it touches.
        var faces = try TestData.dataset("dlib-faces")
        faces.samples = faces.samples.enumerated().filter { $0.offset % 3 == 0 }.map(\.element)
        dataset = faces
        out = try TestData.temporaryDirectory(self)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: out)
    }

    func assertSameDetections(_ results: RunResults, _ a: String, _ b: String, file: StaticString = #filePath, line: UInt = #line) {
        for record in results.records {
            XCTAssertNil(record.results[a]?.failure, file: file, line: line)
            XCTAssertEqual(record.results[a]?.detections, record.results[b]?.detections, "\(record.name): \(a) vs \(b)", file: file, line: line)
        }
        XCTAssertEqual(results.detector(a)?.metrics, results.detector(b)?.metrics, file: file, line: line)
    }

    func testPythonHaarProgramMatchesBuiltInHaar() throws {
        let results = try PluginTestSupport.benchmark(
            ["exec:\(PluginTestSupport.python) \(PluginTestSupport.haarExample)", "haar"], dataset: dataset, out: out)
        assertSameDetections(results, "opencv-haar-python", "haar")
        let python = try XCTUnwrap(results.detector("opencv-haar-python"))
        XCTAssertGreaterThan(python.metrics.truePositives, dataset.faceCount / 2)
        XCTAssertEqual(python.info.kind, "exec")
        XCTAssertEqual(python.info.parameters.map(\.name), ["cascade", "scale", "neighbors", "min", "timeout"])
        XCTAssertEqual(python.reportedLatency?.count, dataset.samples.count, "the program's own inference time is kept")
        XCTAssertEqual(python.latency?.count, dataset.samples.count, "and the round trip is timed beside it")
        XCTAssertTrue(FileIO.exists(out + "/dlib-faces/opencv-haar-python.stderr.log"))
    }

    func testNativePluginMatchesBuiltInLBP() throws {
        let results = try PluginTestSupport.benchmark(
            ["plugin:\(PluginTestSupport.lbpPlugin):scale=1.1", "lbp:cascade=improved"], dataset: dataset, out: out)
        assertSameDetections(results, "opencv-lbp-plugin", "lbp-cascade=improved")
        let plugin = try XCTUnwrap(results.detector("opencv-lbp-plugin"))
        XCTAssertEqual(plugin.info.spec, "plugin:\(PluginTestSupport.lbpPlugin):cascade=improved,scale=1.1,neighbors=3,min=0",
                       "the spec lists every parameter the plugin says is in effect")
        XCTAssertEqual(plugin.info.library, "opencv-lbp-plugin 4.6.0")
    }

    /// `landmarks=dlib68` first on exec: and plugin: specs: dlib's points on the plugin's boxes,
    /// reached directly and through the plain C host over exec, are those of the same stage on
    /// the built-in detector it wraps.
    func testLandmarkStageOnExecAndPluginMatchesTheBuiltInWithTheStage() throws {
        guard FileManager.default.fileExists(atPath: "/usr/share/dlib/shape_predictor_68_face_landmarks.dat") else {
            throw XCTSkip("libdlib-data missing (scripts/install-dependencies.sh)")
        }
        let results = try PluginTestSupport.benchmark(
            ["hosted=exec:landmarks=dlib68:\(PluginTestSupport.pluginHost) \(PluginTestSupport.lbpPlugin) neighbors=3",
             "plugin:landmarks=dlib68:\(PluginTestSupport.lbpPlugin):scale=1.1", "lbp:cascade=improved,landmarks=dlib68"],
            dataset: dataset, out: out)
        assertSameDetections(results, "hosted", "lbp-cascade=improved-landmarks=dlib68")
        assertSameDetections(results, "opencv-lbp-plugin-landmarks=dlib68", "lbp-cascade=improved-landmarks=dlib68")
        for id in ["hosted", "opencv-lbp-plugin-landmarks=dlib68"] {
            let detector = try XCTUnwrap(results.detector(id))
            XCTAssertEqual(detector.info.landmarkScheme?.id, "ibug68", id)
            XCTAssertEqual(detector.landmarkLatency?.count, dataset.samples.count, "\(id): the stage is timed on every image")
            let found = results.records.flatMap { $0.results[id]?.detections ?? [] }
            XCTAssertFalse(found.isEmpty, id)
            XCTAssertTrue(found.allSatisfy { $0.landmarks?.count == 68 }, id)
        }
        XCTAssertEqual(results.detector("opencv-lbp-plugin-landmarks=dlib68")?.info.spec,
                       "plugin:landmarks=dlib68:\(PluginTestSupport.lbpPlugin):cascade=improved,scale=1.1,neighbors=3,min=0")
    }

    func testPlainCHostServesTheNativePluginOverExec() throws {
        let results = try PluginTestSupport.benchmark(
            ["hosted=exec:\(PluginTestSupport.pluginHost) \(PluginTestSupport.lbpPlugin) neighbors=3",
             "lbp:cascade=improved"], dataset: dataset, out: out)
        assertSameDetections(results, "hosted", "lbp-cascade=improved")
        XCTAssertEqual(results.detector("hosted")?.info.backend, "external program (facebench.exec/1, pixels input)")
    }
}
