import Foundation
import XCTest
@testable import FaceBenchModel
@testable import FaceBenchEvaluation
@testable import FaceBenchIO
import FaceBenchTestSupport

/// FaceBench's WIDER protocol against the golden fixtures of Tests/Fixtures/WIDER (expected
/// values from scripts/evaluation/wider_reference.py, itself checked against the official
/// MATLAB code run under Octave when the fixtures were generated).
final class WIDEREvaluationTests: XCTestCase {
    /// The `matlab` flavour against the official semantics (and Octave's run of the official
    /// code), the `python` flavour against the port's (`python_port_ap`, wider_reference.py
    /// --semantics python-port).
    func testBothFlavoursEqualTheirReferenceOnEveryFixture() throws {
        let expected = try JSONReader.parse(file: TestData.fixture("WIDER/expected.json"))
        let events = Set(try XCTUnwrap(expected["events"]?.array).compactMap(\.string))
        let full = try WIDERFixture.validation.get()
        var dataset = full
        dataset.samples = full.samples.filter { events.contains($0.attributes["event"] ?? "") }
        XCTAssertEqual(dataset.samples.count, 135)
        let cases = try XCTUnwrap(expected["cases"]?.object)
        XCTAssertGreaterThanOrEqual(cases.pairs.count, 8)
        for (name, spec) in cases.pairs {
            let folder = try WIDERFixture.unpack(TestData.fixture("WIDER/\(name).bundle"))
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let byID = try WIDERPredictionFolder.read(folder, for: dataset)
            let detections = dataset.samples.map { byID[$0.id] ?? [] }
            XCTAssertEqual(detections.reduce(0) { $0 + $1.count }, spec["predictions"]?.int, name)
            let result = try WIDEREvaluator().evaluate(dataset: dataset, samples: dataset.samples, detections: detections, options: EvaluationOptions()).json
            XCTAssertEqual(result["flavor"]?.string, "matlab")
            var pythonOptions = EvaluationOptions()
            pythonOptions.widerFlavor = .python
            let python = try WIDEREvaluator().evaluate(dataset: dataset, samples: dataset.samples, detections: detections, options: pythonOptions).json
            XCTAssertEqual(python["flavor"]?.string, "python")
            XCTAssertEqual(result["score_normalisation"]?["min"]?.double, spec["score_normalisation"]?["min"]?.double, name)
            XCTAssertEqual(result["score_normalisation"]?["max"]?.double, spec["score_normalisation"]?["max"]?.double, name)
            let images = try WIDEREvaluator.images(dataset: dataset, samples: dataset.samples, detections: detections)
            let official = WIDEROfficialEvaluation.evaluate(images, settings: WIDERFaceLoader.settings)
            for setting in WIDERFaceLoader.settings {
                let want = try XCTUnwrap(spec[setting], "\(name) \(setting)")
                let ap = try XCTUnwrap(result[setting]?["ap"]?.double, "\(name) \(setting)")
                XCTAssertEqual(ap, try XCTUnwrap(want["ap"]?.double), accuracy: 1e-12, "\(name) \(setting)")
                if let octave = want["official_octave_ap"]?.double {
                    XCTAssertEqual(ap, octave, accuracy: 1e-12, "\(name) \(setting) vs Octave")
                }
                XCTAssertEqual(result[setting]?["faces"]?.int, want["faces"]?.int, "\(name) \(setting)")
                XCTAssertEqual(
                    try XCTUnwrap(python[setting]?["ap"]?.double), try XCTUnwrap(want["python_port_ap"]?.double), accuracy: 1e-9,
                    "\(name) \(setting) python flavour")
                let computed = try XCTUnwrap(official.settings.first { $0.name == setting })
                for point in want["counts"]?.array ?? [] {
                    let values = point.array?.compactMap(\.int) ?? []
                    XCTAssertEqual([computed.proposals[values[0] - 1], computed.recalled[values[0] - 1]], Array(values.dropFirst()), "\(name) \(setting) t=\(values[0])")
                }
                let nanCount = computed.precision.filter(\.isNaN).count
                XCTAssertEqual(nanCount, want["nan_precision_thresholds"]?.int, "\(name) \(setting)")
            }
        }
    }

    /// Where the popular Python port disagrees with the official code, the fixtures record
    /// both; FaceBench must side with the official one.
    func testFixturesShowWhereThePythonPortDiffers() throws {
        let expected = try JSONReader.parse(file: TestData.fixture("WIDER/expected.json"))
        let cases = try XCTUnwrap(expected["cases"]?.object)
        func effect(_ name: String, _ part: String) -> Double { cases[name]?["port_part_effects"]?[part]?.double ?? -1 }
        func portGap(_ name: String) -> Double {
            WIDERFaceLoader.settings.map { abs((cases[name]?[$0]?["ap"]?.double ?? 0) - (cases[name]?[$0]?["python_port_ap"]?.double ?? 0)) }.max() ?? 0
        }
        XCTAssertGreaterThan(effect("unit-shuffled", "order"), 0.1, "not sorting shuffled files changes AP a lot")
        XCTAssertEqual(effect("unit-sorted", "order"), 0, "sorted files: order no longer matters")
        XCTAssertGreaterThan(effect("unit-sorted", "normalisation"), 0, "single vs double precision moves scores across thresholds")
        XCTAssertGreaterThan(effect("above-one-sorted", "normalisation"), 0, "the port's min starts at 1")
        XCTAssertGreaterThan(effect("crowd-sorted", "overlap"), 1e-3, "first face at rounded IoU >= 0.5 vs best float IoU")
        XCTAssertEqual(effect("negative-sorted", "nan"), 0, "NaN precision only while recall is 0")
        XCTAssertGreaterThan(cases["negative-sorted"]?["easy"]?["nan_precision_thresholds"]?.int ?? 0, 0)
        XCTAssertGreaterThan(portGap("crowd-sorted"), 1e-3)
    }
}
