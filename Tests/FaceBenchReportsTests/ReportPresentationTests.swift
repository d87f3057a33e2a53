import Foundation
import FaceBenchModel
import FaceBenchTestSupport
import XCTest
@testable import FaceBenchReports

/// How the HTML report presents detectors: colours that follow the detector, not its
/// position; identical curves named; point labels apart; runs grouped by detector with a
/// change column and listed in the header.
final class ReportPresentationTests: XCTestCase {
    func testAColourFollowsTheDetectorIdWhateverItsPositionOrCompany() throws {
        let alone = SeriesStyle.colors(for: ["lbp"])
        let withOthers = SeriesStyle.colors(for: ["hog", "my-detector", "lbp", "haar"])
        let reordered = SeriesStyle.colors(for: ["haar", "lbp", "my-detector", "hog"])
        XCTAssertEqual(alone["lbp"], withOthers["lbp"])
        XCTAssertEqual(withOthers, reordered, "the order detectors come in does not matter")
        let defaults = SeriesStyle.colors(for: ["haar", "lbp", "hog", "swift-haar", "swift-lbp"])
        XCTAssertEqual(Set(defaults.values).count, 5, "the five default detectors never share a colour")
        // Two ids hashing to the same slot: the second takes the next free colour.
        let ids = (0..<40).map { "detector-\($0)" }
        let slots = Dictionary(grouping: ids) { SeriesStyle.stableHash($0) % UInt64(SeriesStyle.palette.count) }
        let clash = try XCTUnwrap(slots.values.first { $0.count > 1 })
        let pair = SeriesStyle.colors(for: clash.prefix(2))
        XCTAssertEqual(Set(pair.values).count, 2, "\(clash.prefix(2)) clash and get different colours")
        XCTAssertEqual(SeriesStyle.stableHash(""), 0xcbf2_9ce4_8422_2325, "FNV-1a's offset basis")
        XCTAssertEqual(SeriesStyle.stableHash("a"), 0xaf63_dc4c_8601_ec8c, "FNV-1a 64 of \"a\"")
    }

    func testStylesOfAComparisonUseTheDetectorsColourAndTheRunsDash() {
        let first = SyntheticRun.comparison([(nil, SyntheticRun.results([SyntheticRun.perfect("lbp"), SyntheticRun.partial("hog")]))])
        let second = SyntheticRun.comparison([
            ("a", SyntheticRun.results([SyntheticRun.partial("hog"), SyntheticRun.perfect("lbp")])),
            ("b", SyntheticRun.results([SyntheticRun.partial("hog"), SyntheticRun.perfect("lbp")])),
        ])
        let one = SeriesStyle.styles(first), two = SeriesStyle.styles(second)
        XCTAssertEqual(one[0].color, two[1].color, "lbp keeps its colour though it moved from first to second")
        XCTAssertEqual(two[0].color, two[2].color, "hog of both runs shares a colour")
        XCTAssertNotEqual(two[0].dash, two[2].dash, "the runs differ by dash")
    }

    /// Machado et al. (2009) simulation of protanopia, deuteranopia and tritanopia at full
    /// severity, then CIELAB: every pair of palette colours stays at least ΔE 12 apart (the
    /// palette's closest pair, rose and teal under protanopia, is about 15.5), and the
    /// gallery's outcome colours stay well away from every detector colour.
    func testPaletteStaysDistinctForColourBlindReadersAndOutcomeColoursStayOutOfIt() {
        let deficiencies: [String: [[Double]]] = [
            "normal": [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
            "protanopia": [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
            "deuteranopia": [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]],
            "tritanopia": [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]],
        ]
        let palette = SeriesStyle.palette.map(Self.rgb)
        for (name, matrix) in deficiencies {
            let seen = palette.map { Self.lab(Self.simulate($0, matrix)) }
            for a in seen.indices {
                for b in seen.indices where b > a {
                    XCTAssertGreaterThan(Self.distance(seen[a], seen[b]), 12, "\(name): \(SeriesStyle.palette[a]) vs \(SeriesStyle.palette[b])")
                }
            }
        }
        for outcome in FaceAnnotator.legend {
            XCTAssertFalse(SeriesStyle.palette.contains(outcome.color.hex), "\(outcome.meaning) is not a detector colour")
            let lab = Self.lab(Self.rgb(outcome.color.hex).map(Self.linear))
            for colour in SeriesStyle.palette {
                XCTAssertGreaterThan(Self.distance(lab, Self.lab(Self.rgb(colour).map(Self.linear))), 25, "\(outcome.meaning) vs \(colour)")
            }
        }
    }

    func testIdenticalCurvesAreDrawnOnceAndNamedInANote() throws {
        let results = SyntheticRun.results([SyntheticRun.perfect("haar"), SyntheticRun.partial("lbp"), SyntheticRun.perfect("swift-haar")])
        let comparison = SyntheticRun.comparison([(nil, results)])
        let styles = SeriesStyle.styles(comparison)
        for chart in [DetectionCurveCharts.precisionRecall(comparison, styles: styles), DetectionCurveCharts.roc(comparison, styles: styles)] {
            let figure = try XCTUnwrap(chart)
            XCTAssertEqual(figure.notes, ["`haar` and `swift-haar` have identical curves: the line of `haar` shows both."])
            XCTAssertFalse(figure.svg.contains("stroke=\"\(styles[2].color)\""), "swift-haar's line is not drawn over haar's")
            XCTAssertTrue(figure.legend[2].contains("swift-haar") && figure.legend[2].contains("same curve as haar"))
            XCTAssertTrue(figure.html.contains("identical curves"))
        }
        let distinct = SyntheticRun.comparison([(nil, SyntheticRun.results([SyntheticRun.perfect("haar"), SyntheticRun.partial("lbp")]))])
        XCTAssertEqual(DetectionCurveCharts.precisionRecall(distinct, styles: SeriesStyle.styles(distinct))?.notes, [])
    }

    /// The intervals of results.json on the charts: a capped bar through each dot of the
    /// accuracy/speed chart spanning the AP interval, and a cross of the precision and recall
    /// intervals at each operating point of the PR chart; without intervals, neither.
    func testChartsDrawTheIntervalsOverImages() throws {
        let results = SyntheticRun.results([SyntheticRun.partial("lbp"), SyntheticRun.perfect("haar")])
        let comparison = SyntheticRun.comparison([(nil, results)])
        let styles = SeriesStyle.styles(comparison)
        let lbp = try XCTUnwrap(results.detector("lbp"))
        let ap = try XCTUnwrap(lbp.intervals["ap"])
        XCTAssertLessThan(ap.low, ap.high, "the partial detector's AP varies over the resamples")
        let speed = try XCTUnwrap(AccuracySpeedChart.chart(comparison, styles: styles))
        XCTAssertEqual(speed.svg.components(separatedBy: "<path d=").count - 1, 2, "one bar per detector")
        XCTAssertTrue(speed.svg.contains("stroke=\"\(styles[0].color)\" stroke-width=\"1.2\""))
        XCTAssertTrue(speed.legend[0].contains("(95 % interval \(Formatting.fixed(ap.low, 3))–\(Formatting.fixed(ap.high, 3)))"), speed.legend[0])
        XCTAssertTrue(speed.caption.contains("Bars: 95 % interval"))
        let pr = try XCTUnwrap(DetectionCurveCharts.precisionRecall(comparison, styles: styles))
        XCTAssertEqual(pr.svg.components(separatedBy: "<path d=").count - 1, 4, "a vertical and a horizontal bar per operating point")
        XCTAssertTrue(pr.caption.contains("its cross the 95 % intervals"))
        let without = SyntheticRun.comparison([(nil, SyntheticRun.results([SyntheticRun.partial("lbp")], bootstrap: 0))])
        let plain = try XCTUnwrap(AccuracySpeedChart.chart(without, styles: SeriesStyle.styles(without)))
        XCTAssertFalse(plain.svg.contains("<path d="))
        XCTAssertFalse(plain.caption.contains("Bars"))
    }

    /// Thresholds on the PR and ROC curves: hollow marks whose tooltips name the score to set
    /// and what it gives, the two operating points larger and named.
    func testCurvesMarkThresholdsWithTheScoreToSet() throws {
        let results = SyntheticRun.results([SyntheticRun.partial("lbp")])
        let comparison = SyntheticRun.comparison([(nil, results)])
        let styles = SeriesStyle.styles(comparison)
        let lbp = try XCTUnwrap(results.detector("lbp"))
        let best = try XCTUnwrap(lbp.operatingPoints?.bestF1)
        let settable = Set(lbp.metrics.curve.map(\.score)).count
        for chart in [DetectionCurveCharts.precisionRecall(comparison, styles: styles), DetectionCurveCharts.roc(comparison, styles: styles)] {
            let svg = try XCTUnwrap(chart).svg
            let marks = svg.components(separatedBy: "fill=\"#fff\" stroke=\"\(styles[0].color)\"").count - 1
            let operatingPoints = [lbp.operatingPoints?.bestF1, lbp.operatingPoints?.atTargetPrecision, lbp.operatingPoints?.withinFalsePositiveBudget].compactMap { $0 }.count
            XCTAssertEqual(marks, min(settable, 8) + operatingPoints, "spread thresholds and the operating points")
            XCTAssertTrue(svg.contains("lbp: best F1 (F1 \(Formatting.fixed(best.f1, 3))) at score ≥ \(RegressionGate.number(best.threshold)): precision"), svg)
            XCTAssertTrue(svg.contains("<title>lbp: score ≥ "))
        }
        XCTAssertTrue(try XCTUnwrap(DetectionCurveCharts.roc(comparison, styles: styles)).caption.contains("Hollow marks are score thresholds"))
    }

    func testLabelsAroundCrowdedPointsDoNotOverlap() {
        // Five points within a few pixels of each other, as detectors of equal AP and
        // similar latency land on the accuracy/speed chart.
        let points = [(200.0, 100.0), (204, 101), (208, 99), (200, 112), (230, 100)]
        var placement = LabelPlacement(
            area: .init(minX: 0, minY: 0, maxX: 560, maxY: 340), points: points.map { ($0.0, $0.1, 6.5) })
        let spots = points.enumerated().map { index, point in placement.place("detector-\(index)", atX: point.0, y: point.1, radius: 6.5) }
        for a in spots.indices {
            for b in spots.indices where b > a {
                XCTAssertEqual(spots[a].bounds.overlap(spots[b].bounds), 0, "labels \(a) and \(b) overlap")
            }
            for point in points {
                let dot = LabelPlacement.Rect(minX: point.0 - 6.5, minY: point.1 - 6.5, maxX: point.0 + 6.5, maxY: point.1 + 6.5)
                XCTAssertEqual(spots[a].bounds.overlap(dot), 0, "label \(a) covers a point")
            }
        }
        var edge = LabelPlacement(area: .init(minX: 0, minY: 0, maxX: 300, maxY: 200), points: [(295, 5, 5)])
        let spot = edge.place("near the corner", atX: 295, y: 5, radius: 5)
        XCTAssertTrue(spot.bounds.minX >= 0 && spot.bounds.maxX <= 300 && spot.bounds.minY >= 0, "kept inside the plot: \(spot)")
    }

    var twoRuns: DatasetComparison {
        SyntheticRun.comparison([
            ("main", SyntheticRun.results([SyntheticRun.perfect(latency: 10), SyntheticRun.partial(latency: 5)])),
            ("branch", SyntheticRun.results([SyntheticRun.perfect(latency: 12), SyntheticRun.partial(minHeight: 30, latency: 5)])),
        ])
    }

    func testTwoRunsAreGroupedByDetectorWithAChangeColumn() throws {
        let table = ComparisonReport.summaryTable(twoRuns)
        XCTAssertEqual(table.rows.map { "\($0.run!)/\($0.detector)" }, ["main/perfect", "branch/perfect", "main/partial", "branch/partial"])
        XCTAssertTrue(table.showsChanges)
        XCTAssertEqual(table.changeText(row: 0), "", "a detector's first run is the reference")
        XCTAssertEqual(table.changeText(row: 1), "p50 ms +20% (slower)", "perfect got slower (steady times: the intervals agree), nothing else moved")
        let partial = try XCTUnwrap(table.changes(row: 3))
        XCTAssertEqual(partial.map(\.text), ["AP50 (VOC) +0.2500", "F1 +0.1786"], table.changeText(row: 3))
        XCTAssertEqual(partial.map(\.better), [true, true])
        XCTAssertEqual(table.changes(row: 1)?.first?.better, false, "slower is worse")

        let html = table.html
        XCTAssertTrue(html.contains("<th title=\"against the detector's first run\">Change</th>"))
        XCTAssertTrue(html.contains("<span class=\"worse\">p50 ms +20% (slower)</span>"), html)
        XCTAssertTrue(html.contains("<span class=\"better\">AP50 (VOC) +0.2500</span>"))
        XCTAssertEqual(html.components(separatedBy: "<tr class=\"group-start\">").count - 1, 1, "a rule above the second detector")
        XCTAssertTrue(table.markdown.text.contains("| branch | partial  | AP50 (VOC) +0.2500, F1 +0.1786 |"), table.markdown.text)

        let single = ComparisonReport.summaryTable(SyntheticRun.comparison([(nil, SyntheticRun.results([SyntheticRun.perfect()]))]))
        XCTAssertFalse(single.showsChanges)
        XCTAssertFalse(single.html.contains("Change"))
    }

    func testPageHeaderListsEachRunsLabelSpecsCommitMachineAndDate() {
        var branch = SyntheticRun.results([SyntheticRun.perfect(latency: 12)])
        branch.environments = [SyntheticRun.environment(commit: "def456")]
        let comparison = SyntheticRun.comparison([("main", SyntheticRun.results([SyntheticRun.perfect()])), ("branch", branch)])
        let runs = RunDescription.list([comparison])
        XCTAssertEqual(runs.map(\.label), ["main", "branch"])
        XCTAssertEqual(runs[1].commit, "def456")
        XCTAssertEqual(runs[0].detectors, ["perfect = perfect:all"])
        XCTAssertEqual(runs[0].machine, "Test CPU, 2 cores, Test OS")
        var report = HTMLReport()
        let html = report.document([comparison])
        let header = String(html[html.range(of: "<header")!.lowerBound..<html.range(of: "</header>")!.upperBound])
        for text in ["<th>Run</th>", "<strong>main</strong>", "<strong>branch</strong>", "<code class=\"spec\">perfect = perfect:<wbr>all</code>", "<code>def456</code>", "Test CPU, 2 cores, Test OS", "2026-01-01T00:00:00Z"] {
            XCTAssertTrue(header.contains(text), "header shows \(text)")
        }
        XCTAssertTrue(html.contains("@media print"), "the header is restyled for print, not hidden")
        XCTAssertTrue(MarkdownReport.document([comparison]).contains("- \\`branch\\`: commit def456, release build, Test CPU, 2 cores, Test OS, 2026-01-01T00:00:00Z; detectors \\`perfect = perfect:all\\`"))
    }

    // MARK: colour science for the palette test

    static func rgb(_ hex: String) -> [Double] {
        let value = Int(hex.dropFirst(), radix: 16)!
        return [(value >> 16) & 255, (value >> 8) & 255, value & 255].map { Double($0) }
    }

    static func linear(_ channel: Double) -> Double {
        let c = channel / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    static func simulate(_ rgb: [Double], _ matrix: [[Double]]) -> [Double] {
        let l = rgb.map(linear)
        return matrix.map { row in min(1, max(0, zip(row, l).reduce(0) { $0 + $1.0 * $1.1 })) }
    }

    static func lab(_ l: [Double]) -> [Double] {
        let x = (0.4124 * l[0] + 0.3576 * l[1] + 0.1805 * l[2]) / 0.95047
        let y = 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2]
        let z = (0.0193 * l[0] + 0.1192 * l[1] + 0.9505 * l[2]) / 1.08883
        func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16.0 / 116 }
        return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))]
    }

    static func distance(_ a: [Double], _ b: [Double]) -> Double {
        sqrt(zip(a, b).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) })
    }
}
