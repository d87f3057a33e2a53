import Foundation
import XCTest
import FaceBenchTestSupport
@testable import FaceBenchEvaluation
@testable import FaceBenchHarness
@testable import FaceBenchReports

final class ComparisonTableTests: XCTestCase {
    func table(_ values: [[Double?]]) -> ComparisonTable {
        var table = ComparisonTable(dataset: "d", metricSet: "summary", columns: [
            .init(key: "ap50", title: "AP50", direction: .higherIsBetter, format: .fixed(4)),
            .init(key: "fp", title: "FP", direction: .lowerIsBetter, format: .integer),
            .init(key: "faces", title: "Faces", direction: .neither, format: .integer),
            .init(key: "recall", title: "Recall", direction: .higherIsBetter, format: .fixed(4)),
        ])
        for (index, row) in values.enumerated() {
            table.add(.init(run: nil, detector: "d\(index)", spec: "d\(index):x", values: row))
        }
        return table
    }

    func testBestValuePerColumnFollowsTheColumnsDirection() {
        let t = table([[0.8, 10, 5, 0.5], [0.9, 12, 5, 0.5], [0.9, 3, 5, nil]])
        XCTAssertEqual(t.bestRows(0), [1, 2], "ties share the mark")
        XCTAssertEqual(t.bestRows(1), [2], "fewer false positives is better")
        XCTAssertEqual(t.bestRows(2), [], "a column without a direction is never marked")
        XCTAssertEqual(t.bestRows(3), [], "nothing stands out when every value is equal")
    }

    func testMarkdownBoldsTheBestAndRendersAGitHubTable() {
        let lines = table([[0.8, 10, 5, 0.5], [0.9, 12, 5, 0.25]]).markdown.text.split(separator: "\n")
        XCTAssertEqual(lines.count, 4)
        XCTAssertTrue(lines[0].hasPrefix("| Detector"))
        XCTAssertTrue(lines[1].allSatisfy { "|-: ".contains($0) }, "second line is the alignment rule: \(lines[1])")
        XCTAssertTrue(lines[2].contains("0.8000") && !lines[2].contains("**0.8000**"))
        XCTAssertTrue(lines[3].contains("**0.9000**"))
        XCTAssertTrue(lines[2].contains("**10**"), "lowest FP in bold")
        XCTAssertTrue(lines[2].contains("**0.5000**"))
    }

    func testChunkingKeepsRowsAndSplitsColumns() {
        let parts = table([[0.8, 10, 5, 0.5]]).chunked(maxColumns: 3)
        XCTAssertEqual(parts.map(\.columns.count), [3, 1])
        XCTAssertEqual(parts[1].rows[0].values, [0.5])
        XCTAssertEqual(parts[1].columns[0].key, "recall")
    }

    /// Directions and units come from each result type's declarations, never from words in
    /// the key.
    func testMetricKindsAreDeclared() throws {
        func direction(_ key: String) -> MetricDirection? { DetectorSnapshot.kind(of: key)?.direction }
        XCTAssertEqual(direction("coco.AP50"), .higherIsBetter)
        XCTAssertEqual(direction("coco.AP"), .higherIsBetter)
        XCTAssertEqual(direction("wider.easy.ap"), .higherIsBetter)
        XCTAssertEqual(direction("sizes.buckets.h16-32.recall"), .higherIsBetter)
        XCTAssertEqual(direction("fp_table.detection_rate.10"), .higherIsBetter)
        XCTAssertEqual(direction("mean_iou"), .higherIsBetter)
        XCTAssertEqual(direction("fp"), .lowerIsBetter)
        XCTAssertEqual(direction("voc.fp"), .lowerIsBetter)
        XCTAssertEqual(direction("fp_table.log_average_miss_rate"), .lowerIsBetter)
        XCTAssertEqual(direction("landmarks.failure_rate.0.10"), .lowerIsBetter)
        XCTAssertEqual(direction("sizes.iou_threshold"), .neither, "settings are not metrics")
        XCTAssertEqual(direction("sizes.buckets.h16-32.lower"), .neither)
        XCTAssertEqual(direction("fddb.faces"), .neither)
        XCTAssertEqual(DetectorSnapshot.kind(of: "missed")?.unit, .count)
        XCTAssertNil(DetectorSnapshot.kind(of: "coco.fp_rate"), "an undeclared key has no direction")
        XCTAssertNil(DetectorSnapshot.kind(of: "nonsense.AP"))
    }

    /// A column every row leaves empty is dropped and named once (the FP table's counts no
    /// detector reaches); a column with one value stays.
    func testColumnsEmptyForEveryRowAreLeftOutAndNamed() {
        var table = MarkdownTable(headers: ["Detector", "0 FP", "10 FP", "50 FP", "LAMR"])
        table.add(["haar", "80%", "–", "–", "30%"])
        table.add(["lbp", "70%", "90%", "–", "40%"])
        XCTAssertEqual(table.removeColumnsHolding(only: "–"), ["50 FP"])
        XCTAssertEqual(table.headers, ["Detector", "0 FP", "10 FP", "LAMR"])
        XCTAssertEqual(table.rows, [["haar", "80%", "–", "30%"], ["lbp", "70%", "90%", "40%"]])
        XCTAssertEqual(table.alignments.count, 4)
        XCTAssertEqual(table.removeColumnsHolding(only: "–"), [], "nothing more to drop")
    }

    /// With paired comparisons the bold is the group not distinguishable from the best: on
    /// the synthetic run's four images, finding two faces of four is not told apart from
    /// finding all four (a resample drawing only the large faces has probability 1/16), so
    /// nothing stands out; a note under the table says what AP difference the images resolve.
    /// The differences round-trip through results.json.
    func testPairedComparisonsMarkTheGroupOfTheBest() throws {
        let results = SyntheticRun.results([SyntheticRun.perfect(), SyntheticRun.partial()], bootstrap: 200)
        let partial = try XCTUnwrap(results.detector("partial")?.differencesToBest["recall"])
        XCTAssertEqual(partial.best, "perfect")
        XCTAssertEqual(partial.difference, -0.5)
        XCTAssertFalse(partial.isDistinguishable, "\(partial.interval)")
        let comparison = SyntheticRun.comparison([(nil, results)])
        let table = ComparisonReport.summaryTable(comparison)
        let recall = try XCTUnwrap(table.columns.firstIndex { $0.key == "recall" })
        XCTAssertEqual(table.bestRows(recall), [], "both in the best's group")
        XCTAssertTrue(table.marksPairedGroups)
        let note = try XCTUnwrap(IntervalTable.pairedNote(comparison))
        XCTAssertTrue(note.contains("On these 4 images, AP50 (VOC) differences below ~"), note)

        var group = table
        group.rows[1].differencesToBest["recall"]?.interval = ConfidenceInterval(low: -0.75, high: -0.25)
        XCTAssertEqual(group.bestRows(recall), [0], "a distinguishable detector leaves the group")

        let path = NSTemporaryDirectory() + "/paired-\(ProcessInfo.processInfo.processIdentifier).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try results.write(to: path)
        XCTAssertEqual(try RunResults.read(path).detector("partial")?.differencesToBest, results.detector("partial")?.differencesToBest)
        // Read back as outside input: a best that is no detector of the file is refused.
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let forged = try XCTUnwrap(text.range(of: "\"best\":\"perfect\"") ?? text.range(of: "\"best\": \"perfect\""))
        try text.replacingCharacters(in: forged, with: "\"best\": \"nobody\"").write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try RunResults.read(path)) { error in
            XCTAssertTrue("\(error)".contains("difference_to_best.") && "\(error)".contains("\"nobody\" is not a detector of this file"), "\(error)")
        }
    }
}
