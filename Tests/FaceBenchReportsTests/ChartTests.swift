import XCTest
@testable import FaceBenchEvaluation
@testable import FaceBenchModel
@testable import FaceBenchReports

final class ChartTests: XCTestCase {
    func testParetoFrontKeepsWhatNothingBeatsOnBothCounts() {
        // (latency, AP): b is faster and more accurate than d; a is fastest; c most accurate.
        let points: [(cost: Double, value: Double)] = [(10, 0.5), (20, 0.8), (40, 0.9), (30, 0.7), (20, 0.6)]
        XCTAssertEqual(ParetoFront.indices(points), [0, 1, 2])
        XCTAssertEqual(ParetoFront.indices([(5, 0.5), (5, 0.5)]), [0], "an equal point adds nothing")
        XCTAssertEqual(ParetoFront.indices([]), [])
    }

    func testLinearAxisUsesRoundTicksCoveringTheData() {
        let axis = AxisScale.linear(covering: [0, 43])
        XCTAssertEqual(axis.lower, 0)
        XCTAssertEqual(axis.upper, 50)
        XCTAssertEqual(axis.ticks, [0, 10, 20, 30, 40, 50])
        var placed = axis
        placed.start = 100
        placed.end = 600
        XCTAssertEqual(placed.position(25), 350, accuracy: 1e-9)
    }

    func testLogarithmicAxisSpansOneTwoFiveSteps() {
        let axis = AxisScale.logarithmic(covering: [3.2, 1800])
        XCTAssertEqual(axis.lower, 2)
        XCTAssertEqual(axis.upper, 2000)
        XCTAssertTrue(Set([10.0, 100, 1000]).isSubset(of: Set(axis.ticks)), "\(axis.ticks)")
        var placed = axis
        placed.start = 0
        placed.end = 300
        XCTAssertEqual(placed.position(20), 100, accuracy: 1e-9, "a decade is a third of three decades")
    }

    func testTukeyBoxSeparatesOutliers() throws {
        let box = try XCTUnwrap(LatencyBoxPlot.Box(samples: [10, 11, 12, 13, 14, 15, 16, 17, 18, 100]))
        XCTAssertEqual(box.median, 14.5)
        XCTAssertEqual(box.q1, 12.25, accuracy: 1e-12)
        XCTAssertEqual(box.q3, 16.75, accuracy: 1e-12)
        XCTAssertEqual(box.lowWhisker, 10)
        XCTAssertEqual(box.highWhisker, 18, "100 is beyond q3 + 1.5 IQR = 23.5")
        XCTAssertEqual(box.outliers, [100])
    }

    func testSVGChartHasNoExternalReferences() {
        var chart = SVGChart(x: .linear(covering: [0, 1]), y: .linear(covering: [0, 1]), xTitle: "Recall <x>", yTitle: "Precision")
        chart.polyline([(0, 1), (0.5, 0.8), (1, 0.2)], color: "#123456", dash: nil)
        let svg = chart.svg(label: "test")
        XCTAssertTrue(svg.hasPrefix("<svg"))
        XCTAssertTrue(svg.contains("<polyline points=\""))
        XCTAssertTrue(svg.contains("Recall &lt;x&gt;"), "text is escaped")
        XCTAssertFalse(svg.contains("http"))
    }

    /// Issue 3's `SizeBreakdown` writes the same layout plus COCO area ranges: the report
    /// reads only the height buckets.
    func testBucketsReaderTakesHeightBucketsOfEitherLayout() {
        let breakdown = SizeBreakdownResult(iouThreshold: 0.5, buckets: [
            .init(label: "h32-64", measure: "height", lower: 32, upper: 64, faces: 10, recall: 0.5, averagePrecision: 0.4),
            .init(label: "small", measure: "area", lower: 0, upper: 1024, faces: 7, recall: 0.2, averagePrecision: nil),
            .init(label: "h64-128", measure: "height", lower: 64, upper: 128, faces: 0, recall: nil, averagePrecision: nil),
        ])
        let buckets = SizeBuckets.heights([breakdown])
        XCTAssertEqual(buckets.map(\.label), ["h32-64"])
        XCTAssertEqual(buckets.first?.recall, 0.5)
    }
}
