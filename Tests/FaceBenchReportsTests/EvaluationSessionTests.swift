import FaceBenchTestSupport
import XCTest
@testable import FaceBenchModel
@testable import FaceBenchEvaluation
@testable import FaceBenchIO
@testable import FaceBenchHarness
@testable import FaceBenchReports

/// `facebench eval`'s session below the CLI: protocols chosen, files read, checked and scored
/// as the evaluators score them directly, the output assembled.
final class EvaluationSessionTests: XCTestCase {
    let groundTruth = TestData.twoImageCOCO

    func session(protocols: [String], repeats: Int = 1) throws -> (EvaluationSession, scratch: String) {
        let scratch = try TestData.temporaryDirectory(self)
        let gt = try TestData.write(groundTruth, to: "gt.json", in: scratch)
        let dataset = try COCOLoader.load(file: gt, name: "gt")
        let session = try EvaluationSession(
            dataset: dataset, datasetMilliseconds: 1, protocolNames: protocols, evaluators: [COCOEvaluator(), VOCEvaluator(), WIDEREvaluator()],
            options: EvaluationOptions(), repeats: repeats)
        return (session, scratch)
    }

    func testScoresEqualTheEvaluatorsCalledDirectly() throws {
        var (session, scratch) = try session(protocols: [], repeats: 2)
        XCTAssertEqual(session.protocols.map(\.name), ["coco", "voc"], "wider does not apply to a COCO file")
        let results = try TestData.write(
            """
            [{"image_id": 2, "category_id": 1, "bbox": [100, 100, 20, 20], "score": 0.9},
             {"image_id": 1, "category_id": 1, "bbox": [300, 10, 40, 40], "score": 0.95}]
            """, to: "d.coco.json", in: scratch)
        var warnings: [String] = []
        let run = try session.score(label: "d", path: results, importer: COCOResultsImporter()) { warnings.append($0) }
        let detections = session.dataset.samples.map { sample in
            sample.id == 2 ? [Detection(box: Box(x: 100, y: 100, width: 20, height: 20), score: 0.9)]
                : [Detection(box: Box(x: 300, y: 10, width: 40, height: 40), score: 0.95)]
        }
        for evaluator in session.protocols {
            let direct = try evaluator.evaluateAny(dataset: session.dataset, samples: session.dataset.samples, detections: detections, options: EvaluationOptions())
            XCTAssertEqual(run.results.first { $0.name == evaluator.name }, direct, evaluator.name)
        }
        XCTAssertEqual(run.evaluateMilliseconds.pairs.map(\.0), ["coco", "voc"])
        XCTAssertEqual(session.timings.count, 1 + 1 + 2, "dataset, read, one per protocol")
        XCTAssertTrue(session.timings[1].hasPrefix("d: read coco "), session.timings[1])
        let json = session.json
        XCTAssertEqual(json["label"]?.string, "d")
        XCTAssertEqual(json["images"]?.int, 2)
        XCTAssertEqual(json["timing"]?["repeats"]?.int, 2)
        XCTAssertEqual(json["coco"], run.results.first { $0.name == "coco" }?.json)
        XCTAssertTrue(session.markdown.hasPrefix("## gt: 2 images, 2 faces\n\n### coco\n\n"), session.markdown)
        XCTAssertEqual(warnings, [])
    }

    func testSeveralFilesAreRunsAndWarningsArePassedOnWithTheirLabel() throws {
        var (session, scratch) = try session(protocols: ["voc"])
        let empty = try TestData.write("[]", to: "empty.json", in: scratch)
        var warnings: [String] = []
        try session.score(label: "first", path: empty, importer: COCOResultsImporter()) { warnings.append($0) }
        try session.score(label: "second", path: empty, importer: COCOResultsImporter()) { warnings.append($0) }
        XCTAssertEqual(warnings.count, 2)
        XCTAssertTrue(warnings[0].hasPrefix("first: warning: "), warnings[0])
        XCTAssertEqual(session.json["runs"]?.array?.map { $0["label"]?.string }, ["first", "second"])
        XCTAssertNil(session.json["label"])
        XCTAssertTrue(session.markdown.contains("- **Warning** (second): "), session.markdown)
    }

    func testUnknownOrInapplicableProtocolsAndBadFilesAreErrors() throws {
        XCTAssertThrowsError(try session(protocols: ["vocs"])) { error in
            XCTAssertEqual("\(error)", "unknown protocol 'vocs'. Did you mean 'voc'? Protocols: coco, voc, wider")
        }
        XCTAssertThrowsError(try session(protocols: ["wider"])) { error in
            XCTAssertTrue("\(error)".hasPrefix("protocol 'wider' does not apply to dataset gt"), "\(error)")
        }
        var (session, scratch) = try session(protocols: ["coco"])
        let broken = try TestData.write("[{\"image_id\": 1, \"category_id\": 1, \"bbox\": [0, 0, -4, 4], \"score\": 1}]", to: "broken.json", in: scratch)
        XCTAssertThrowsError(try session.score(label: "x", path: broken, importer: COCOResultsImporter()) { _ in })
        XCTAssertTrue(session.runs.isEmpty, "nothing is kept of a file that failed")
    }

    func testBestOfKeepsTheFastestTimeAndTheLastValue() throws {
        var calls = 0
        let (value, milliseconds) = try EvaluationSession.bestOf(3) { () -> Int in
            calls += 1
            return calls
        }
        XCTAssertEqual(calls, 3)
        XCTAssertEqual(value, 3)
        XCTAssertGreaterThanOrEqual(milliseconds, 0)
    }
}
