import Foundation
import XCTest
@testable import FaceBenchModel
@testable import FaceBenchEvaluation
@testable import FaceBenchIO
@testable import FaceBenchHarness
import FaceBenchTestSupport

/// Merging shards of a WIDER FACE run keeps the flavour they were scored with, on predictions
/// where the two flavours give different APs (the `unit-shuffled` fixture of
/// Tests/Fixtures/WIDER: files not sorted by score), and refuses shards of different flavours.
final class ResultsMergeTests: XCTestCase {
    struct Run {
        var dataset: Dataset
        var detections: [Int: [Detection]]

        init() throws {
            let expected = try JSONReader.parse(file: TestData.fixture("WIDER/expected.json"))
            let events = Set(try XCTUnwrap(expected["events"]?.array).compactMap(\.string))
            dataset = try WIDERFixture.validation.get()
            dataset.samples = dataset.samples.filter { events.contains($0.attributes["event"] ?? "") }
            let folder = try WIDERFixture.unpack(TestData.fixture("WIDER/unit-shuffled.bundle"))
            defer { try? FileManager.default.removeItem(atPath: folder) }
            detections = try WIDERPredictionFolder.read(folder, for: dataset)
        }

        /// The run over the samples `keep` selects, scored with `flavor`, as read back from
        /// its results.json (the merge command reads files).
        func results(_ flavor: WIDERFlavor, keep: (Int) -> Bool = { _ in true }) throws -> RunResults {
            let records = dataset.samples.enumerated().filter { keep($0.offset) }.map { _, sample in
                ImageRecord(
                    sample: sample, decodeMilliseconds: 1, order: ["file"],
                    results: ["file": DetectorImageResult(detections: detections[sample.id] ?? [], latencies: [1])])
            }
            let setup = DetectorSetup(
                info: DetectorInfo(kind: "file", id: "file", spec: "file:unit-shuffled", backend: "test", library: "", parameters: [],
                                   scoreMeaning: "test score"),
                loadMilliseconds: [1], memory: nil)
            var settings = RunSettings()
            settings.evaluation.widerFlavor = flavor
            let results = RunResults.build(
                dataset: dataset, setups: [setup], records: records, settings: settings, environments: [],
                decoderLibrary: nil, interrupted: false, evaluators: [WIDEREvaluator()])
            return try JSONCoding.decode(RunResults.self, from: JSONCoding.bytes(results), path: "results.json")
        }
    }

    static let run = Result { try Run() }

    static func wider(_ results: RunResults) -> WIDERResult? {
        if case let .wider(wider) = results.detectors[0].evaluations["wider"] { wider } else { nil }
    }

    func testShardsScoredWithThePythonPortMergeIntoThePythonPortsResult() throws {
        let run = try Self.run.get()
        let whole = try run.results(.python)
        let matlab = try run.results(.matlab)
        XCTAssertNotEqual(
            try XCTUnwrap(Self.wider(whole)?["hard"]?.averagePrecision), try XCTUnwrap(Self.wider(matlab)?["hard"]?.averagePrecision),
            accuracy: 1e-3, "the flavours differ here")
        let merged = try RunResults.merged(
            [try run.results(.python) { $0 % 2 == 0 }, try run.results(.python) { $0 % 2 == 1 }], dataset: run.dataset,
            evaluators: [WIDEREvaluator()])
        XCTAssertEqual(Self.wider(merged)?.flavor, .python)
        XCTAssertEqual(Self.wider(merged), Self.wider(whole))
    }

    func testShardsOfDifferentFlavoursAreRefused() throws {
        let run = try Self.run.get()
        let parts = [try run.results(.matlab) { $0 % 2 == 0 }, try run.results(.python) { $0 % 2 == 1 }]
        XCTAssertThrowsError(try RunResults.merged(parts, dataset: run.dataset, evaluators: [WIDEREvaluator()])) {
            XCTAssertEqual(
                "\($0)", "result 2 was scored with --wider-flavor python, result 1 with --wider-flavor matlab: merge runs of one WIDER flavour")
        }
    }
}
