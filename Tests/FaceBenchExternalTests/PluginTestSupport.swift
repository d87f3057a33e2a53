import FaceBenchCodecs
import FaceBenchModel
import FaceBenchHarness
import Foundation
import XCTest
import FaceBenchTestSupport
@testable import FaceBenchCLI

/// Paths and helpers shared by the plugin tests: the checkout, the example plugins (built
/// with `make examples`), the dlib-faces dataset, and runs through the real harness.
enum PluginTestSupport {
    static let root = TestData.packageRoot
    static let python = "/usr/bin/python3"
    static let haarExample = root + "/examples/plugins/python-opencv-haar/haar_detector.py"
    static let pluginModule = root + "/examples/plugins/python"
    static let misbehaving = root + "/Tests/Fixtures/plugins/misbehaving_detector.py"
    static let lbpPlugin = root + "/.build/examples/libfacebench_lbp_plugin.so"
    static let pluginHost = root + "/.build/examples/facebench-plugin-host"

    /// Builds the native examples once per test process (make does nothing when they are
    /// up to date).
    static let examplesBuilt: Result<Void, Error> = Result {
        let status = try run(["/usr/bin/make", "-s", "-C", root, "examples"])
        guard status == 0 else { throw FaceBenchError.failed("make examples failed with status \(status)") }
    }

    /// The error building `spec` reports, as the user reads it ("no error" when it builds).
    static func error(building spec: String) -> String {
        do {
            _ = try Toolbox.standard().registry.factory(for: spec)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    /// Compiles C source into a shared library `lib<name>.so` against facebench_plugin.h.
    static func compilePlugin(_ name: String, _ source: String, in directory: String) throws -> String {
        let sourcePath = directory + "/\(name).c", libraryPath = directory + "/lib\(name).so"
        try FileIO.writeAtomically(source, to: sourcePath)
        let status = try run(["/usr/bin/cc", "-shared", "-fPIC", "-I", root + "/Sources/CFaceBenchPlugin/include", sourcePath, "-o", libraryPath])
        guard status == 0 else { throw FaceBenchError.failed("compiling \(name) failed with status \(status)") }
        return libraryPath
    }

    @discardableResult
    static func run(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Runs `specs` over `dataset` through BenchmarkRunner, one worker, no warm-up.
    static func benchmark(_ specs: [String], dataset: Dataset, out: String, nativeThreads: Int = RunSettings().nativeThreads) throws -> RunResults {
        let toolbox = Toolbox.standard()
        // As `run` does: OpenCV's own pool would otherwise order a cascade's faces by thread timing.
        toolbox.registry.pinNativeThreads(nativeThreads)
        let directory = out + "/" + dataset.name
        let factories = try toolbox.registry.factories(for: specs, context: DetectorContext(outputDirectory: directory, dataset: dataset))
        var settings = RunSettings()
        settings.warmup = 0
        let runner = BenchmarkRunner(.init(
            dataset: dataset, factories: factories, decoder: toolbox.decoder, settings: settings, workers: 1,
            outputDirectory: directory, resume: false, environment: toolbox.environment()))
        let results = try runner.run()
        try results.write(to: directory + "/results.json")
        return results
    }

    /// A replay file for the misbehaving detector: every image's ground-truth faces as
    /// detections, scored by their order.
    static func groundTruthReplay(_ dataset: Dataset, to path: String) throws {
        var object = JSONObject()
        for sample in dataset.samples {
            object[sample.name] = .array(sample.faces.enumerated().map { index, face in
                .object(["box": JSONValue([face.box.x, face.box.y, face.box.width, face.box.height]), "score": JSONValue(1.0 - Double(index) / 100)])
            })
        }
        try FileIO.writeAtomically(JSONWriter().bytes(.object(object)), to: path)
    }
}
