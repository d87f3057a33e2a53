import FaceBenchModel
import FaceBenchHarness
import Foundation
import FaceBenchTestSupport
import XCTest

/// examples/plugins/python/facebench_plugin.py, the module that makes a Python function an
/// `exec:` detector, run through the real harness: the handshake it sends (scheme by name),
/// the thread budget the program is started with, an exception failing one image only.
final class PythonPluginModuleTests: XCTestCase {
    var dataset: Dataset!
    var out: String!

    override func setUpWithError() throws {
        dataset = try TestData.dataset("dlib-faces")
        dataset.samples = Array(dataset.samples.prefix(3))
        out = try TestData.temporaryDirectory(self)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: out)
    }

    /// A Python string literal (JSON's escapes are Python's for these texts).
    func pythonString(_ text: String) -> String { String(decoding: JSONWriter().bytes(JSONValue(text)), as: UTF8.self) }

    /// A program built on the module; `body` is the detect function's body (`request` in scope).
    func program(_ name: String, landmarks: String?, body: String) throws -> String {
        let path = out + "/\(name).py"
        let scheme = landmarks.map { "\"\($0)\"" } ?? "None"
        try FileIO.writeAtomically("""
            import os, sys
            sys.path.insert(0, \(pythonString(PluginTestSupport.pluginModule)))
            import facebench_plugin
            from facebench_plugin import Face

            def detect(request):
            \(body.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))

            facebench_plugin.serve(detect, name="\(name)", version="1", landmarks=\(scheme))

            """, to: path)
        return path
    }

    func testTheProgramDeclaresItsSchemeAndRunsUnderTheThreadBudget() throws {
        let seen = out + "/environment.txt"
        let path = try program("centre-five", landmarks: "five", body: """
            with open(\(pythonString(seen)), "w") as file:
                for name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "OPENCV_FOR_THREADS_NUM", "FACEBENCH_NATIVE_THREADS"):
                    file.write("%s=%s\\n" % (name, os.environ.get(name)))
                file.write("native_threads=%d\\n" % facebench_plugin.native_threads())
            side = min(request.width, request.height) / 2
            x, y = (request.width - side) / 2, (request.height - side) / 2
            points = [(x + side * 0.3, y + side * 0.4), (x + side * 0.7, y + side * 0.4), (x + side / 2, y + side * 0.6),
                      (x + side * 0.35, y + side * 0.8), (x + side * 0.65, y + side * 0.8)]
            return [Face(box=(x, y, side, side), score=1.0, landmarks=points)]
            """)
        let results = try PluginTestSupport.benchmark(["exec:\(PluginTestSupport.python) \(path)"], dataset: dataset, out: out, nativeThreads: 3)
        let detector = try XCTUnwrap(results.detector("centre-five"))
        XCTAssertEqual(detector.info.landmarkScheme?.id, "five", "the scheme comes from the handshake, not from the point count")
        for record in results.records {
            XCTAssertNil(record.results["centre-five"]?.failure)
            XCTAssertEqual(record.results["centre-five"]?.detections.first?.landmarks?.count, 5)
        }
        XCTAssertEqual(detector.reportedLatency?.count, dataset.samples.count, "serve times each call as inference_ms")
        XCTAssertEqual(try String(contentsOfFile: seen, encoding: .utf8), """
            OMP_NUM_THREADS=3
            OPENBLAS_NUM_THREADS=3
            MKL_NUM_THREADS=3
            OPENCV_FOR_THREADS_NUM=3
            FACEBENCH_NATIVE_THREADS=3
            native_threads=3

            """)
    }

    /// Each call's CPU time is read from /proc; a single-threaded program uses at most its wall time.
    func testEachCallsCPUTimeIsMeasured() throws {
        let path = try program("spins", landmarks: nil, body: """
            import time
            end = time.process_time() + 0.05
            while time.process_time() < end:
                pass
            return []
            """)
        let results = try PluginTestSupport.benchmark(["exec:\(PluginTestSupport.python) \(path)"], dataset: dataset, out: out)
        let detector = try XCTUnwrap(results.detector("spins"))
        let cpu = try XCTUnwrap(detector.cpuTime, "exec: calls have their CPU time"), wall = try XCTUnwrap(detector.latency)
        XCTAssertEqual(cpu.count, wall.count)
        XCTAssertGreaterThan(cpu.mean, 30, "50 ms of spinning per call, read in 10 ms clock ticks")
        XCTAssertLessThan(cpu.mean, wall.mean + 10, "one thread cannot use more CPU than wall time (+ a tick)")
    }

    func testAnExceptionFailsThatImageOnly() throws {
        let first = dataset.samples[0].name
        let path = try program("fails-once", landmarks: nil, body: """
            if request.name == \(pythonString(first)):
                raise RuntimeError("cannot read this one")
            return [{"box": [1, 2, 30, 40], "score": 0.5}]
            """)
        let results = try PluginTestSupport.benchmark(["exec:\(PluginTestSupport.python) \(path)"], dataset: dataset, out: out)
        let failures = results.records.map { $0.results["fails-once"]?.failure }
        XCTAssertEqual(failures[0], "fails-once: the program reported an error on \(first): RuntimeError: cannot read this one")
        XCTAssertEqual(failures.dropFirst().compactMap { $0 }, [], "the program goes on after a failed image")
        XCTAssertEqual(results.records[1].results["fails-once"]?.detections.first?.box, Box(x: 1, y: 2, width: 30, height: 40))
    }

    func testPointsThatContradictTheDeclaredSchemeFailTheImage() throws {
        // The module refuses them before sending, naming the image's face.
        let path = try program("six-points", landmarks: "five", body: """
            return [Face(box=(1, 2, 30, 40), score=0.5, landmarks=[(5, 5)] * 6)]
            """)
        let results = try PluginTestSupport.benchmark(["exec:\(PluginTestSupport.python) \(path)"], dataset: dataset, out: out)
        XCTAssertEqual(results.records[0].results["six-points"]?.failure,
                       "six-points: the program reported an error on \(dataset.samples[0].name): ValueError: face 0: 6 landmarks; the declared scheme has 5")
        // FaceBench refuses them too when a program speaks the protocol itself.
        let raw = out + "/raw.py"
        try FileIO.writeAtomically("""
            import json, sys
            print(json.dumps({"protocol": "facebench.exec/1", "name": "raw", "landmarks": "five"}), flush=True)
            for line in sys.stdin:
                request = json.loads(line)
                face = {"box": [1, 2, 30, 40], "score": 0.5, "landmarks": [[5, 5]] * 6}
                print(json.dumps({"id": request["id"], "faces": [face]}), flush=True)

            """, to: raw)
        let refused = try PluginTestSupport.benchmark(["exec:\(PluginTestSupport.python) \(raw)"], dataset: dataset, out: out + "/raw")
        XCTAssertTrue(refused.records[0].results["raw"]?.failure?.hasPrefix(
            "raw: protocol violation: faces[0].landmarks has 6 points; the handshake's scheme five has 5") == true,
            refused.records[0].results["raw"]?.failure ?? "no failure")
    }

    func testAnUnknownSchemeIsRefusedWithTheKnownOnes() throws {
        let path = try program("unknown-scheme", landmarks: "five-ish", body: "return []")
        let error = PluginTestSupport.error(building: "exec:\(PluginTestSupport.python) \(path)")
        XCTAssertTrue(error.contains("handshake: landmarks: unknown landmark scheme \"five-ish\"; known: five, ibug68, blazeface6, mitcmu6, dlib5"), error)
    }
}
