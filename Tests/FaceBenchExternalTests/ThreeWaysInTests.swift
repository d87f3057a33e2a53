import FaceBenchModel
import FaceBenchHarness
import Foundation
import FaceBenchTestSupport
import XCTest
@testable import FaceBenchCLI

/// docs/plugins.md shows one detector, the centre-prior baseline, written the three ways in:
/// a Swift type in the package, an external program, a native plugin. These tests build and
/// run exactly the code the document shows (it must contain each file verbatim) and check
/// that all three find the same faces through the real harness.
final class ThreeWaysInTests: XCTestCase {
    static let swiftExample = TestData.packageRoot + "/Tests/FaceBenchExternalTests/Examples/CentreBaselineDetector.swift"
    static let execExample = TestData.packageRoot + "/examples/minimal/centre_baseline.py"
    static let nativeExample = TestData.packageRoot + "/examples/minimal/centre_baseline.c"

    func testTheDocumentShowsTheTestedCode() throws {
        let document = try FileIO.readText(TestData.packageRoot + "/docs/plugins.md")
        for path in [Self.swiftExample, Self.execExample, Self.nativeExample] {
            XCTAssertTrue(document.contains(try FileIO.readText(path)), "docs/plugins.md shows \(path) as it is")
        }
    }

    func testTheSameBaselineThroughAllThreeDoors() throws {
        let out = try TestData.temporaryDirectory(self)
        defer { try? FileManager.default.removeItem(atPath: out) }
        // The compile command the example's header gives.
        let library = out + "/libcentre.so"
        XCTAssertEqual(try PluginTestSupport.run([
            "/usr/bin/cc", "-shared", "-fPIC", "-I", TestData.packageRoot + "/Sources/CFaceBenchPlugin/include", Self.nativeExample, "-o", library,
        ]), 0)

        var toolbox = Toolbox.standard()
        toolbox.registry.register(centreBaseline)
        let dataset = try TestData.dataset("dlib-faces")
        let directory = out + "/" + dataset.name
        let factories = try toolbox.registry.factories(
            for: ["centre", "exec:\(PluginTestSupport.python) \(Self.execExample)", "plugin:\(library):fraction=0.5"],
            context: DetectorContext(outputDirectory: directory, dataset: dataset))
        XCTAssertEqual(factories.map(\.info.id), ["centre", "centre-baseline", "centre-baseline-2"])
        var settings = RunSettings()
        settings.warmup = 0
        let results = try BenchmarkRunner(.init(
            dataset: dataset, factories: factories, decoder: toolbox.decoder, settings: settings,
            outputDirectory: directory, resume: false, environment: toolbox.environment())).run()
        for record in results.records {
            let found = ["centre", "centre-baseline", "centre-baseline-2"].map { record.results[$0]?.detections }
            XCTAssertEqual(found[0]?.count, 1, record.name)
            XCTAssertEqual(found[0], found[1], record.name)
            XCTAssertEqual(found[0], found[2], record.name)
        }
        XCTAssertEqual(results.detector("centre")?.metrics, results.detector("centre-baseline")?.metrics)
        XCTAssertEqual(results.detector("centre")?.metrics, results.detector("centre-baseline-2")?.metrics)
        XCTAssertEqual(results.detector("centre")?.metrics.detections, dataset.samples.count)
    }
}
