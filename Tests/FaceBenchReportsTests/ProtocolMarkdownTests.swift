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
        let table = ProtocolMarkdown.document([("haar", typed.erased)]).markdown
        XCTAssertTrue(table.contains("Viola-Jones 2001 (published)"), table)
        XCTAssertTrue(table.contains("76.1%"), table)
    }

    func testMarkdownTablesPrintCountsPlainly() throws {
        let samples = [Sample(id: 1, name: "a", faces: [Face(box: box(0, 0))])]
        let detections = [[Detection(box: box(0, 0), score: 1)]]
        let voc = try VOCEvaluator().evaluate(dataset: dataset(samples), samples: samples, detections: detections, options: EvaluationOptions())
        let vocTable = ProtocolMarkdown.document([("d", voc.erased)]).markdown
        XCTAssertTrue(vocTable.contains("|   1 |   0 |       0 |"), vocTable)
        let coco = try COCOEvaluator().evaluate(dataset: dataset(samples), samples: samples, detections: detections, options: EvaluationOptions())
        XCTAssertTrue(ProtocolMarkdown.document([("d", coco.erased)]).markdown.contains("maxDets 1/10/100"))
    }

    /// Issue 26: a size bucket without faces and a detector without points have no numbers,
    /// and every such cell is one dash ("–"), never empty or 0, in Markdown (report.md, and
    /// `eval` on the terminal) and in the HTML made from it.
    func testSizeAndLandmarkCellsWithoutDataAreOneDash() throws {
        let five = [Point(x: 30, y: 40), Point(x: 70, y: 40), Point(x: 50, y: 60), Point(x: 35, y: 80), Point(x: 65, y: 80)]
        let mitcmu6 = [five[0], five[1], five[2], five[3], Point(x: 50, y: 82), five[4]]
        let face = Face(box: Box(x: 10, y: 20, width: 80, height: 80), landmarks: mitcmu6)
        let data = Dataset(name: "toy", format: "test", root: "/toy", annotationFiles: [],
                           samples: [Sample(id: 1, name: "a.png", path: nil, width: 200, height: 200, faces: [face])], landmarkScheme: "mitcmu6")
        let withPoints = [[Detection(box: face.box, score: 0.9, landmarks: five)]]
        let boxesOnly = [[Detection(box: face.box, score: 0.9)]]
        var fivePoints = EvaluationOptions()
        fivePoints.landmarkScheme = .five
        func results(_ evaluator: any AccuracyEvaluator) throws -> [(detector: String, result: ProtocolResult)] {
            [("points", try evaluator.evaluateAny(dataset: data, samples: data.samples, detections: withPoints, options: fivePoints)),
             ("boxes", try evaluator.evaluateAny(dataset: data, samples: data.samples, detections: boxesOnly, options: EvaluationOptions()))]
        }
        let sizesDocument = ProtocolMarkdown.document(try results(SizeBreakdown()))
        let landmarksDocument = ProtocolMarkdown.document(try results(LandmarkEvaluator()))
        let sizes = sizesDocument.markdown, landmarks = landmarksDocument.markdown

        /// Each table row's cells after the first, by the row's first cell.
        func rows(_ markdown: String) -> [(String, [String])] {
            markdown.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| -") }.map { line in
                let cells = line.dropFirst(2).dropLast(2).components(separatedBy: " | ").map { $0.trimmingCharacters(in: .whitespaces) }
                return (cells[0], Array(cells.dropFirst()))
            }
        }
        // Only h64-128 and medium (COCO area) hold the face.
        let sizeRows = rows(sizes).filter { $0.0 != "Detector" }
        XCTAssertEqual(sizeRows.map(\.1), Array(repeating: ["–", "–", "–", "100.0% / 1.000", "–", "–", "100.0% / 1.000", "–"], count: 2), sizes)
        // The accuracy table's row, then the NME-by-height table's.
        let landmarkRows = rows(landmarks)
        XCTAssertEqual(landmarkRows.first { $0.0 == "boxes" }?.1, Array(repeating: "–", count: 11), landmarks)
        XCTAssertEqual(landmarkRows.last { $0.0 == "boxes" }?.1, Array(repeating: "–", count: 5), landmarks)
        XCTAssertEqual(landmarkRows.first { $0.0 == "points" }?.1[2], "1", "a detector with points counts its faces")

        for document in [sizesDocument, landmarksDocument] {
            let markdown = document.markdown
            let html = document.html.replacingOccurrences(of: "<wbr>", with: "")
            let htmlRows = html.components(separatedBy: "<tr>").map { row in
                row.components(separatedBy: "<td").dropFirst().map { String($0[$0.index(after: $0.firstIndex(of: ">")!)...].prefix { $0 != "<" }) }
            }.filter { !$0.isEmpty }
            XCTAssertEqual(htmlRows.map { $0.dropFirst().map { $0 } }, rows(markdown).filter { $0.0 != "Detector" && $0.0 != "Mean NME by face height" }.map(\.1),
                           "the HTML shows the Markdown's cells: \(html)")
        }
    }
}

extension ProtocolMarkdownTests {
    /// A name cell may break after its underscores (a printed page cannot scroll a wide table);
    /// a number cell never breaks.
    func testNameCellsBreakAfterUnderscoresNumbersDoNot() {
        var table = MarkdownTable(headers: ["worst point", "NME"])
        table.add(["right_mouth_corner", "0.1_2"])
        let html = ReportDocument([.table(table)]).html
        XCTAssertTrue(html.contains("<td>right_<wbr>mouth_<wbr>corner</td>"), html)
        XCTAssertTrue(html.contains("<td class=\"num\">0.1_2</td>"), html)
        XCTAssertTrue(html.contains("<th>worst point</th>"), html)
    }
}
