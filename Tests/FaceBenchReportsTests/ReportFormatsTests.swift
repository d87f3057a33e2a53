import Foundation
import FaceBenchTestSupport
import XCTest
@testable import FaceBenchModel
@testable import FaceBenchEvaluation
@testable import FaceBenchIO
@testable import FaceBenchHarness
@testable import FaceBenchReports

final class ReportFormatsTests: XCTestCase {
    let detectors = [SyntheticRun.perfect(latency: 10), SyntheticRun.partial(latency: 5)]

    var single: [DatasetComparison] { [SyntheticRun.comparison([(nil, SyntheticRun.results(detectors))])] }
    var twoRuns: [DatasetComparison] {
        [SyntheticRun.comparison([
            ("main", SyntheticRun.results(detectors)),
            ("branch", SyntheticRun.results([SyntheticRun.perfect(latency: 12), SyntheticRun.partial(minHeight: 30, latency: 5)])),
        ])]
    }

    /// RFC 4180 fields of each record (quotes, doubled quotes, CRLF).
    func parseCSV(_ text: String) -> [[String]] {
        var records: [[String]] = [], record: [String] = [], field = ""
        var quoted = false, index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if quoted {
                if character == "\"" {
                    let next = text.index(after: index)
                    if next < text.endIndex, text[next] == "\"" { field.append("\""); index = next } else { quoted = false }
                } else { field.append(character) }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                record.append(field); field = ""
            } else if character == "\r\n" || character == "\n" {
                record.append(field); records.append(record); record = []; field = ""
            } else { field.append(character) }
            index = text.index(after: index)
        }
        return records
    }

    func testCSVIsATidyLongTableWithFullPrecision() throws {
        let rows = parseCSV(CSVReport.document(twoRuns))
        XCTAssertEqual(rows.first, ["run", "dataset", "detector", "metric", "value"])
        let body = rows.dropFirst()
        XCTAssertTrue(body.allSatisfy { $0.count == 5 }, "five fields per row")
        XCTAssertEqual(Set(body.map { $0[0] }), ["main", "branch"])
        XCTAssertEqual(Set(body.map { $0[2] }), ["perfect", "partial"])
        let recall = try XCTUnwrap(body.first { $0[0] == "main" && $0[2] == "partial" && $0[3] == "recall" })
        XCTAssertEqual(Double(recall[4]), 0.5)
        XCTAssertTrue(body.contains { $0[3] == "sizes.buckets.h16-32.recall" }, "protocol metrics are prefixed by the protocol")
        let keys = body.map { $0[0] + "|" + $0[2] + "|" + $0[3] }
        XCTAssertEqual(Set(keys).count, keys.count, "one row per run × detector × metric")
        let summaryKeys = ComparisonReport.summaryTable(twoRuns[0]).columns.map(\.key)
        let perfectMain = body.filter { $0[0] == "main" && $0[2] == "perfect" && summaryKeys.contains($0[3]) }
        XCTAssertEqual(perfectMain.map { $0[3] }, summaryKeys.filter { key in
            ComparisonReport.summaryTable(twoRuns[0]).rows[0].values[summaryKeys.firstIndex(of: key)!] != nil
        }, "summary metrics in table order, missing values left out")
        XCTAssertEqual(CSVText.field("a,\"b\""), "\"a,\"\"b\"\"\"")
    }

    func testJSONTablesCarryDirectionsAndBestRows() throws {
        let json = try JSONReader.parse(JSONWriter().bytes(try JSONReport.document(single)), path: "report.json")
        XCTAssertEqual(json["schema"]?.string, "facebench.report/1")
        let tables = try XCTUnwrap(json["tables"]?.array)
        XCTAssertEqual(tables.map { $0["metric_set"]?.string }, ["summary", "sizes"])
        let summary = tables[0]
        XCTAssertEqual(summary["columns"]?.array?.first?["key"]?.string, "ap50")
        XCTAssertEqual(summary["columns"]?.array?.first { $0["key"]?.string == "fp" }?["better"]?.string, "lower")
        let rows = try XCTUnwrap(summary["rows"]?.array)
        XCTAssertEqual(rows.map { $0["detector"]?.string }, ["perfect", "partial"])
        XCTAssertEqual(rows[0]["values"]?["ap50"]?.double, 1)
        XCTAssertTrue(rows[0]["best"]?.array?.contains("fp") ?? false)
        XCTAssertFalse(rows.contains { $0["best"]?.array?.contains("recall") ?? false }, "recall 1 and 0.5 are not told apart on four images")
        XCTAssertTrue(rows[1]["best"]?.array?.contains("latency_p50_ms") ?? false, "partial is faster")
        XCTAssertEqual(json["runs"]?.array?.first?["environment"]?["build"]?.string, "release")
    }

    func testMarkdownHasATablePerDatasetAndProtocolWithBestInBold() {
        let text = MarkdownReport.document(twoRuns, evaluators: [SizeBreakdown()])
        XCTAssertTrue(text.contains("## synthetic: 4 images, 4 faces"))
        XCTAssertTrue(text.contains("| Run    | Detector |"), text)
        XCTAssertTrue(text.contains("| main   | perfect  |                                | **1.0000** |"), text)
        XCTAssertTrue(text.contains("### sizes"))
        XCTAssertTrue(text.contains("main / partial"), "protocol rows name run and detector")
        XCTAssertLessThan(text.range(of: "| branch / perfect")!.lowerBound, text.range(of: "| main / partial")!.lowerBound, "grouped by detector")
        XCTAssertTrue(text.contains("Runs compared:\n\n- \\`main\\`: commit abc, release build, Test CPU"), text)
        let generic = MarkdownReport.document(twoRuns)
        XCTAssertTrue(generic.contains("buckets.h16-32.recall"), "unknown protocols are tabulated from their numbers")
    }

    /// Each detector's operating points: computed from the full curve at the run's target
    /// precision, stored in results.json and read back checked, and tabulated in report.md.
    func testOperatingPointsAreStoredAndTabulated() throws {
        let results = SyntheticRun.results(detectors, bootstrap: 0)
        // partial: two faces found at score 2, its false positive at score 1.
        let best = OperatingPoint(threshold: 2, precision: 1, recall: 0.5, f1: 2 * 0.5 / 1.5, truePositives: 2, falsePositives: 0)
        XCTAssertEqual(results.detector("partial")?.operatingPoints, OperatingPoints(bestF1: best, targetPrecision: 0.9, atTargetPrecision: best, falsePositivesPerImage: 0.1, withinFalsePositiveBudget: best))
        let text = MarkdownReport.document([SyntheticRun.comparison([(nil, results)])])
        XCTAssertTrue(text.contains("| Detector | Threshold (max F1) | Precision | Recall |     F1 | Threshold (precision ≥ 0.90) | Precision | Recall |"), text)
        XCTAssertTrue(text.contains("| partial  |                  2 |    1.0000 | 0.5000 | 0.6667 |                            2 |    1.0000 | 0.5000 |"), text)

        let path = NSTemporaryDirectory() + "/facebench-points-\(getpid()).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try results.write(to: path)
        XCTAssertEqual(try RunResults.read(path).detectors.map(\.operatingPoints), results.detectors.map(\.operatingPoints))
        let written = try JSONReader.parse(file: path)
        for (place, value, expected) in [
            ("detectors.1.operating_points.target_precision", JSONValue(1.5), "detectors[1].operating_points.target_precision: 1.5 is not a precision in (0, 1]"),
            ("detectors.1.operating_points.at_target_precision.precision", 0.8, "detectors[1].operating_points.at_target_precision: precision 0.8 is below the target 0.9"),
            ("detectors.1.operating_points.max_f1.fp", -1, "detectors[1].operating_points.max_f1.fp: must be ≥ 0"),
            ("settings.target_precision", 0, "settings.target_precision: 0.0 is not a precision in (0, 1]"),
        ] {
            let broken = Self.replacing(written, at: place.split(separator: ".").map(String.init), with: value)
            try FileIO.writeAtomically(JSONWriter(indent: 2).bytes(broken), to: path)
            XCTAssertThrowsError(try RunResults.read(path), place) { XCTAssertTrue("\($0)".contains(expected), "\($0)") }
        }
    }

    /// `document` with the member at `steps` (keys, or indices for arrays) set to `value`.
    static func replacing(_ document: JSONValue, at steps: [String], with value: JSONValue) -> JSONValue {
        guard let step = steps.first else { return value }
        let rest = Array(steps.dropFirst())
        switch document {
        case var .object(object):
            object[step] = replacing(object[step] ?? .null, at: rest, with: value)
            return .object(object)
        case var .array(items):
            let index = Int(step)!
            items[index] = replacing(items[index], at: rest, with: value)
            return .array(items)
        default: return document
        }
    }

    /// A protocol whose result is a list per image has no column to tabulate: its own
    /// Markdown shows when the evaluator is known, nothing otherwise; notes are warnings.
    func testListResultsAndNotesAreHandledApart() {
        var results = SyntheticRun.results(detectors)
        let image = PerImageResult.Image(id: 1, name: "image1.png", truePositives: 1, falsePositives: 0, missed: 0, ignored: 0, missedFaces: [])
        results.detectors[0].evaluations.set(.result(.perImage(PerImageResult(images: [image]))))
        results.detectors[0].evaluations.threadConsistency = [ThreadConsistencyProblem(detector: "perfect", threads: 2, differingImages: 1, firstImage: "image3.png")]
        results.detectors[1].evaluations.set(.failed(protocol: "coco", reason: "bad input"))
        let comparison = [SyntheticRun.comparison([(nil, results)])]
        XCTAssertEqual(ComparisonReport.protocols(comparison[0]), ["sizes", "per_image"])
        XCTAssertTrue(MarkdownReport.document(comparison, evaluators: [PerImageBreakdown()]).contains("### per_image\n\nWorst images"))
        let generic = MarkdownReport.document(comparison)
        XCTAssertFalse(generic.contains("### per_image"))
        XCTAssertTrue(generic.contains("\\`perfect\\`: thread_consistency: perfect: 1 images differ at 2 threads from the main pass (first: image3.png)"))
        XCTAssertTrue(generic.contains("\\`partial\\`: protocol coco failed: bad input"))
        XCTAssertFalse(CSVReport.document(comparison).contains(",per_image"), "no rows for a list")
    }

    func testHTMLIsSelfContainedAndHasEveryChart() {
        var report = HTMLReport(evaluators: [SizeBreakdown()], unavailable: ["synthetic": "not on this machine"])
        let html = report.document(twoRuns)
        XCTAssertTrue(html.hasPrefix("<!doctype html>"))
        XCTAssertFalse(html.contains("http://") || html.contains("https://"), "nothing fetched from the network")
        XCTAssertFalse(html.lowercased().contains("<script"), "no scripts")
        XCTAssertFalse(html.contains("<link"), "no external stylesheet")
        for title in ["Precision–recall", "ROC: faces found against false alarms", "Latency per call", "Accuracy against speed", "Recall by face size"] {
            XCTAssertTrue(html.contains(">\(title)</h4>"), "chart \(title)")
        }
        XCTAssertEqual(html.components(separatedBy: "<svg class=\"chart\"").count - 1, 5)
        XCTAssertTrue(html.contains("Pareto front"))
        XCTAssertTrue(html.contains("No gallery: not on this machine"), "the gallery degrades with a reason")
        XCTAssertTrue(html.contains("<td class=\"num best\">"))
        XCTAssertTrue(html.contains("stroke-dasharray=\"7 4\""), "the second run is dashed")
    }

    /// One document, two media: nothing of the HTML comes from parsing the Markdown.
    func testADocumentRendersTablesListsAndInlineCodeToMarkdownAndHTML() {
        var table = MarkdownTable(headers: ["A", "B"])
        table.add(["x | y", "2"])
        let document = ReportDocument([
            .heading(level: 3, "Title"), .paragraph("Intro with `code` & **bold**"), .table(table), .list(["item <1>"]),
        ])
        XCTAssertEqual(document.markdown, "### Title\n\nIntro with `code` & **bold**\n\n| A      |   B |\n| ------ | --: |\n| x \\| y |   2 |\n\n- item <1>\n")
        let html = document.html
        XCTAssertTrue(html.hasPrefix("<h3>Title</h3>\n"), html)
        XCTAssertTrue(html.contains("<p>Intro with <code>code</code> &amp; <strong>bold</strong></p>"), html)
        XCTAssertTrue(html.contains("<th>A</th><th class=\"num\">B</th>"), html)
        XCTAssertTrue(html.contains("<td>x | y</td><td class=\"num\">2</td>"), html)
        XCTAssertTrue(html.contains("<ul><li>item &lt;1&gt;</li></ul>"), html)
    }

    /// A section is written once: a remark quoting a stranger's text is escaped whole in
    /// Markdown and keeps FaceBench's own marks in HTML; what one medium says its own way, the
    /// folded part and HTML's raw blocks each reach only the media they are for.
    func testASectionRendersEachBlockForItsMedium() throws {
        let section = ReportSection(SyntheticRun.comparison([(nil, SyntheticRun.results(detectors))]), charts: [.html("<svg/>\n")])
        let remark = "`a` **b** <i> [x](y)"
        let document = ReportDocument([
            .section(ReportSection(title: "data<set>", runContents: [["2 images", "3 faces"]], blocks: [
                .remark(.warning, remark), .only(.markdown, [.paragraph("markdown only")]), .only(.html, [.paragraph("html only")]),
                .details(summary: "Folded", [.paragraph("inside")]), .html("<hr>\n"),
            ])),
        ])
        XCTAssertEqual(document.markdown, "## data\\<set\\>: 2 images, 3 faces\n\n\\`a\\` **b** \\<i\\> \\[x\\](y)\n\nmarkdown only\n\ninside\n")
        XCTAssertEqual(document.html, """
            <section class="dataset" id="dataset-data_set_">
            <h2>data&lt;set&gt;<small>2 images · 3 faces</small></h2>
            <p class="warning"><code>a</code> <strong>b</strong> &lt;i&gt; [x](y)</p>
            <p>html only</p>
            <details><summary>Folded</summary>
            <p>inside</p>
            </details>
            <hr>
            </section>

            """)
        XCTAssertEqual(document.terminal(width: 80), "data<set>: 2 images, 3 faces\n`a` **b** <i> [x](y)\ninside\n")
        XCTAssertFalse(ReportDocument([.section(section)]).markdown.contains("<svg/>"), "charts are HTML's")
        XCTAssertTrue(ReportDocument([.section(section)]).html.contains("<svg/>"))
    }

    func testRunLabelsComeFromThePartOfThePathsThatDiffers() throws {
        let root = NSTemporaryDirectory() + "/facebench-labels-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let results = SyntheticRun.results(detectors)
        for run in ["commitA", "commitB"] {
            try results.write(to: "\(root)/runs/\(run)/synthetic/results.json")
        }
        let loaded = try ResultsLocator.load(["\(root)/runs/commitA", "\(root)/runs/commitB/synthetic/results.json"])
        XCTAssertEqual(loaded.map(\.label), ["commitA", "commitB"])
        XCTAssertEqual(try ResultsLocator.load(["\(root)/runs/commitA"]).map(\.label), [nil], "one run needs no label")
        XCTAssertEqual(try ResultsLocator.load(["\(root)/runs/commitA", "\(root)/runs/commitB"], labels: ["a", "b"]).map(\.label), ["a", "b"])
        XCTAssertThrowsError(try ResultsLocator.load(["\(root)/runs/commitA", "\(root)/runs/commitB"], labels: ["a"]))
        XCTAssertThrowsError(try RunFolder.resultsFiles(at: root + "/nothing")) { error in
            XCTAssertTrue("\(error)".contains("nothing: no such file"))
        }
    }
}
