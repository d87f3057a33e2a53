@testable import FaceBenchEvaluation
@testable import FaceBenchModel
@testable import FaceBenchReports
import XCTest

/// The protocols' Markdown tables on hand-computed results (their numbers: EvaluationProtocolTests).
final class ProtocolMarkdownTests: XCTestCase {
    func box(_ x: Double, _ y: Double, _ size: Double = 10) -> Box { Box(x: x, y: y, width: size, height: size) }

    func dataset(_ samples: [Sample]) -> Dataset {
        Dataset(name: "hand", format: "test", root: "/", annotationFiles: [], samples: samples)
    }

    func testMITCMUFalsePositiveTableShowsViolaJonesPublishedRow() throws {
        let samples = [Sample(id: 1, name: "a", faces: [Face(box: box(0, 0))])]
        let mitCMU = Dataset(name: "mit-cmu", format: "mit-cmu", root: "/", annotationFiles: [], samples: samples)
        let typed = try FalsePositiveTable().evaluate(
            dataset: mitCMU, samples: samples, detections: [[Detection(box: box(0, 0), score: 1)]], options: EvaluationOptions())
        let table = ProtocolMarkdown.markdown([("haar", typed.erased)])
        XCTAssertTrue(table.contains("Viola-Jones 2001 (published)"), table)
        XCTAssertTrue(table.contains("76.1%"), table)
    }

    func testMarkdownTablesPrintCountsPlainly() throws {
        let samples = [Sample(id: 1, name: "a", faces: [Face(box: box(0, 0))])]
        let detections = [[Detection(box: box(0, 0), score: 1)]]
        let voc = try VOCEvaluator().evaluate(dataset: dataset(samples), samples: samples, detections: detections, options: EvaluationOptions())
        let vocTable = ProtocolMarkdown.markdown([("d", voc.erased)])
        XCTAssertTrue(vocTable.contains("|   1 |   0 |       0 |"), vocTable)
        let coco = try COCOEvaluator().evaluate(dataset: dataset(samples), samples: samples, detections: detections, options: EvaluationOptions())
        XCTAssertTrue(ProtocolMarkdown.markdown([("d", coco.erased)]).contains("maxDets 1/10/100"))
    }
}
