import FaceBenchTestSupport
import XCTest
@testable import FaceBenchModel
@testable import FaceBenchEvaluation
@testable import FaceBenchIO

/// FaceBench's COCO and VOC numbers against golden fixtures made by the reference tools
/// (scripts/evaluation/make_golden_fixtures.py: pycocotools for COCO, the devkit's
/// semantics for VOC). Each fixture's "pins" says which behaviour it holds in place.
final class COCOParityTests: XCTestCase {
    static let sharedFixtures = [
        "coco-mit-cmu-realistic", "coco-mit-cmu-ties", "coco-mit-cmu-crowd", "coco-mit-cmu-integer", "coco-mit-cmu-dense",
        "coco-dlib-faces-crowd", "coco-dlib-faces-dense",
    ]

    /// Summation order differs from numpy's, nothing else: far inside the 1e-9 promised.
    let tolerance = 1e-12

    func testFixturesOverTheSharedDatasets() throws {
        for name in Self.sharedFixtures {
            let fixture = try JSONReader.parse(file: Self.fixture("\(name).json"))
            let (dataset, detections) = try Self.load(fixture)
            var options = EvaluationOptions()
            options.cocoMaxDetections = fixture["max_dets"]?.array?.compactMap(\.int) ?? [1, 10, 100]
            let coco = try COCOEvaluator().evaluate(dataset: dataset, samples: dataset.samples, detections: detections, options: options).json
            for key in COCOSummary.keys {
                let expected = try XCTUnwrap(fixture["expected"]?["coco"]?[key]?.double, "\(name): no expected \(key)")
                XCTAssertEqual(coco[key]?.double ?? .nan, expected, accuracy: tolerance, "\(name) \(key) (\(fixture["pins"]?.string ?? ""))")
            }
            let voc = try VOCEvaluator().evaluate(dataset: dataset, samples: dataset.samples, detections: detections, options: EvaluationOptions()).json
            for key in ["AP", "AP11"] {
                let expected = try XCTUnwrap(fixture["expected"]?["voc"]?[key]?.double)
                XCTAssertEqual(voc[key]?.double ?? .nan, expected, accuracy: tolerance, "\(name) VOC \(key)")
            }
            for key in ["tp", "fp", "ignored"] {
                XCTAssertEqual(voc[key]?.int, fixture["expected"]?["voc"]?[key]?.int, "\(name) VOC \(key)")
            }
        }
    }

    func testCustomMaxDetsAreHonouredWherePycocotoolsPrintsMinusOne() throws {
        let fixture = try JSONReader.parse(file: Self.fixture("coco-mit-cmu-dense.json"))
        // Pins the difference the fixture documents: summarize() looks AP up at maxDets=100.
        XCTAssertEqual(fixture["expected"]?["pycocotools_summarize"]?.array?.first?.double, -1)
        let (dataset, detections) = try Self.load(fixture)
        var options = EvaluationOptions()
        options.cocoMaxDetections = [1, 5, 20]
        let coco = try COCOEvaluator().evaluate(dataset: dataset, samples: dataset.samples, detections: detections, options: options).json
        XCTAssertGreaterThan(coco["AP"]?.double ?? -1, 0)
        XCTAssertEqual(coco["max_dets"], [1, 5, 20])
    }

    func testEdgeCasesThroughTheCOCOReaders() throws {
        let fixture = try JSONReader.parse(file: Self.fixture("coco-edge-cases.json"))
        let groundTruth = JSONWriter(indent: nil).bytes(try XCTUnwrap(fixture["ground_truth"]))
        let dataset = try COCOLoader.load(bytes: groundTruth, file: "edge.json", name: "edge")
        XCTAssertEqual(dataset.samples.map(\.cocoImageID), [3, 7, 12, 40, 55, 99], "samples in COCO id order")
        let results = try COCOResultsFile(bytes: JSONWriter(indent: nil).bytes(try XCTUnwrap(fixture["results"])), path: "results.json")
        let byID = try COCOResultsImporter().detections(in: results, for: dataset)
        let detections = dataset.samples.map { byID[$0.id] ?? [] }
        let coco = try COCOEvaluator().evaluate(dataset: dataset, samples: dataset.samples, detections: detections, options: EvaluationOptions()).json
        for key in COCOSummary.keys {
            let expected = try XCTUnwrap(fixture["expected"]?["coco"]?[key]?.double)
            XCTAssertEqual(coco[key]?.double ?? .nan, expected, accuracy: tolerance, "edge cases \(key)")
        }
    }

    static func fixture(_ name: String) -> String { TestData.fixture("Evaluation/" + name) }

    /// The dataset of a fixture, loaded by FaceBench's own loader with the fixture's crowd
    /// flags and annotation areas applied, and its detections per sample.
    static func load(_ fixture: JSONValue) throws -> (Dataset, [[Detection]]) {
        var dataset = try TestData.dataset(try XCTUnwrap(fixture["dataset"]?.string))
        for entry in fixture["crowd"]?.array ?? [] {
            let values = entry.array?.compactMap(\.int) ?? []
            dataset.samples[values[0] - 1].faces[values[1]].crowd = true
            dataset.samples[values[0] - 1].faces[values[1]].ignore = true
        }
        for entry in fixture["areas"]?.array ?? [] {
            let values = entry.array?.compactMap(\.double) ?? []
            dataset.samples[Int(values[0]) - 1].faces[Int(values[1])].annotatedArea = values[2]
        }
        var detections = [[Detection]](repeating: [], count: dataset.samples.count)
        for row in fixture["detections"]?.array ?? [] {
            let v = row.array?.compactMap(\.double) ?? []
            detections[Int(v[0]) - 1].append(Detection(box: Box(x: v[1], y: v[2], width: v[3], height: v[4]), score: v[5]))
        }
        return (dataset, detections)
    }
}
