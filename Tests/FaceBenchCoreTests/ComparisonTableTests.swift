import XCTest
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

    func testMetricDirectionFromKeys() {
        XCTAssertEqual(MetricDirection.of(key: "AP50"), .higherIsBetter)
        XCTAssertEqual(MetricDirection.of(key: "coco.AP"), .higherIsBetter)
        XCTAssertEqual(MetricDirection.of(key: "wider.easy.ap"), .higherIsBetter)
        XCTAssertEqual(MetricDirection.of(key: "sizes.buckets.16-32.recall"), .higherIsBetter)
        XCTAssertEqual(MetricDirection.of(key: "fp_table.detection_rate.10"), .higherIsBetter)
        XCTAssertEqual(MetricDirection.of(key: "mean_iou"), .higherIsBetter)
        XCTAssertEqual(MetricDirection.of(key: "fp"), .lowerIsBetter)
        XCTAssertEqual(MetricDirection.of(key: "fp_rate"), .lowerIsBetter)
        XCTAssertEqual(MetricDirection.of(key: "sizes.buckets.<16.false_positives"), .lowerIsBetter)
        XCTAssertEqual(MetricDirection.of(key: "lamr"), .lowerIsBetter)
        XCTAssertEqual(MetricDirection.of(key: "sizes.iou_threshold"), .neither, "settings are not metrics")
        XCTAssertEqual(MetricDirection.of(key: "sizes.buckets.16-32.min"), .neither)
        XCTAssertEqual(MetricDirection.of(key: "faces"), .neither)
        XCTAssertTrue(MetricDirection.isCount(key: "missed"))
        XCTAssertTrue(MetricDirection.isCount(key: "sizes.buckets.16-32.false_positives"))
        XCTAssertFalse(MetricDirection.isCount(key: "fp_rate"))
        XCTAssertFalse(MetricDirection.isCount(key: "recall"))
    }
}
