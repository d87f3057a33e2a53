import XCTest
@testable import FaceBenchHarness
@testable import FaceBenchReports

/// What `facebench run` prints: the headline table, the findings of every source, the paths.
final class RunSummaryTests: XCTestCase {
    func comparison(named name: String, build: String) -> DatasetComparison {
        let results = SyntheticRun.results([SyntheticRun.perfect(), SyntheticRun.partial(minHeight: 1000)], build: build)
        return DatasetComparison(dataset: name, entries: [LabelledResults(label: nil, path: "", results: results)])
    }

    struct Remark: FindingSource {
        func findings(in comparison: DatasetComparison) -> [Finding] {
            [Finding(.note, dataset: comparison.dataset, "most lost AP is localisation")]
        }
    }

    func testFindingsComeFromEverySourceOnceEachWarningsFirst() {
        let comparisons = [comparison(named: "a", build: "debug"), comparison(named: "b", build: "debug")]
        let findings = RunFindings.collect(comparisons, from: [Remark()] + RunFindings.standardSources)
        XCTAssertEqual(findings.filter { $0.text.hasPrefix("debug build") }.count, 1, "one debug build, not one per dataset")
        XCTAssertEqual(findings.first?.severity, .warning)
        // partial finds none of the 4 faces and adds 1 false positive: 80% of its errors are misses.
        XCTAssertTrue(findings.contains(Finding(.note, dataset: "a", detector: "partial", "most errors are misses (4 missed, 1 false positive)")), "\(findings)")
        XCTAssertFalse(findings.contains { $0.detector == "perfect" }, "no errors, nothing to say")
        XCTAssertEqual(findings.filter { $0.text == "most lost AP is localisation" }.map(\.dataset), ["a", "b"], "another source plugs in")
        XCTAssertTrue(RunFindings.collect([comparison(named: "a", build: "release")], from: [BuildFindings()]).isEmpty)
    }

    func testFailedImagesAreAWarningNamingTheFirst() {
        var results = SyntheticRun.results([SyntheticRun.perfect()])
        results.detectors[0].failures = [
            ImageFailure(sampleID: 2, image: "image2.png", reason: "timed out"), ImageFailure(sampleID: 3, image: "image3.png", reason: "crashed"),
        ]
        let findings = FailedImageFindings().findings(in: SyntheticRun.comparison([(nil, results)]))
        XCTAssertEqual(findings.map(\.line), ["synthetic / perfect: failed on 2 of 4 images (image2.png: timed out and 1 more); they count as missed"])
    }

    /// report.md and report.html give every failed image's reason, grouped by reason, where
    /// the terminal's finding names only the first.
    func testReportsGiveEachFailedImagesReason() {
        var results = SyntheticRun.results([SyntheticRun.perfect()])
        results.detectors[0].failures = [
            ImageFailure(sampleID: 1, image: "small.png", reason: "FaceDetectorYN failed on small.png: (expected: 'total(os[i]) > 0')"),
            ImageFailure(sampleID: 2, image: "image2.png", reason: "timed out"),
            ImageFailure(sampleID: 3, image: "image3.png", reason: "timed out"),
        ]
        let comparison = SyntheticRun.comparison([(nil, results)])
        let line = "`perfect` failed on 3 of 4 images (counted as missed): `small.png`: FaceDetectorYN failed on small.png: "
            + "(expected: 'total(os[i]) > 0'); `image2.png`, `image3.png`: timed out"
        XCTAssertTrue(MarkdownReport.document([comparison]).contains("\n" + line + "\n"), MarkdownReport.document([comparison]))
        var html = HTMLReport()
        let page = html.document([comparison])
        XCTAssertTrue(page.contains("<code>image3.png</code>: timed out"), page)
        XCTAssertTrue(page.contains("total(os[i]) &gt; 0"), page)
    }

    func testTextIsPlainUnlessStyledAndJSONHasTheTables() throws {
        let summary = RunSummary(
            comparisons: [comparison(named: "synthetic", build: "release")],
            findings: [Finding(.warning, dataset: "synthetic", detector: "partial", "failed on 1 of 4 images")], folder: "/runs/x")
        let plain = summary.text(styled: false)
        XCTAssertEqual(plain.split(separator: "\n", omittingEmptySubsequences: false), [
            "synthetic: 4 images, 4 faces",
            "Detector    AP50  Precision  Recall      F1  Mean IoU  TP  FP  Missed  p50 ms  img/s  Load ms",
            "perfect   1.0000     1.0000  1.0000  1.0000     1.000   4   0       0    10.0  100.0     1.00",
            "partial   0.0000     0.0000  0.0000  0.0000     0.000   0   1       4    5.00  200.0     1.00",
            "",
            "! synthetic / partial: failed on 1 of 4 images",
            "",
            "Full report: /runs/x/report.md  /runs/x/report.html",
            "",
        ])
        let styled = summary.text(styled: true)
        XCTAssertTrue(styled.contains("\u{1B}[1;32m1.0000\u{1B}[0m"), "the best value is bold green: \(styled)")
        XCTAssertFalse(plain.contains("\u{1B}"))
        XCTAssertTrue(summary.markdown().contains("| perfect  | **1.0000** |"), summary.markdown())
        XCTAssertFalse(summary.markdown(tables: false).contains("| Detector"))

        let json = summary.json
        XCTAssertEqual(json["schema"]?.string, "facebench.run-summary/1")
        XCTAssertEqual(json["datasets"]?.array?.first?["results"]?.string, "/runs/x/synthetic/results.json")
        let columns = json["datasets"]?.array?.first?["table"]?["columns"]?.array?.compactMap { $0["key"]?.string } ?? []
        XCTAssertFalse(columns.contains("latency_p90_ms"), "p90 stays in the report")
        XCTAssertEqual(json["findings"]?.array?.first?["severity"]?.string, "warning")
    }
}
