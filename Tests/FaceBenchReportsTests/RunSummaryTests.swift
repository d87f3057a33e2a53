import Foundation
import FaceBenchModel
import FaceBenchCodecs
import FaceBenchTestSupport
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

    /// Findings wrap between words at the terminal's width (100 when piped), continuation
    /// lines indented; no line is longer than the width unless one word is.
    func testFindingsWrapAtTheWidth() {
        let long = "failed on 9 of 9 images (2008_001009.jpg: the program reported an error on 2008_001009.jpg: RuntimeError: cannot read this one and 8 more); they count as missed"
        let summary = RunSummary(comparisons: [], findings: [Finding(.warning, dataset: "dlib-faces", detector: "python-detector", long)], folder: "/runs/x")
        for width in [80, 120] {
            let lines = summary.text(styled: false, width: width).split(separator: "\n").map(String.init)
            let finding = lines.prefix { !$0.isEmpty && !$0.hasPrefix("Full report") }
            XCTAssertGreaterThan(finding.count, 1, "\(width): wrapped")
            XCTAssertTrue(finding.allSatisfy { $0.count <= width }, "\(width): \(finding)")
            XCTAssertTrue(finding.dropFirst().allSatisfy { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }, "\(width): hanging indent")
            XCTAssertEqual(finding.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " "), "! dlib-faces / python-detector: " + long)
        }
        let styled = summary.text(styled: true, width: 80)
        XCTAssertTrue(styled.hasPrefix("\u{1B}[1;33m!\u{1B}[0m dlib-faces"), styled)
    }

    /// `--threads 1,2` puts the throughput table on the terminal too, with the notes it needs.
    func testThroughputTableAndItsNotesAreOnTheTerminal() {
        var results = SyntheticRun.results([SyntheticRun.perfect(latency: 100)])
        results.detectors[0].throughput = [
            ThroughputMeasurement(threads: 1, images: 4, seconds: 0.5, megapixels: 0.48, scalingEfficiency: 1, cpuSeconds: 0.49),
            ThroughputMeasurement(threads: 2, images: 4, seconds: 0.4, megapixels: 0.48, scalingEfficiency: 0.625, cpuSeconds: 0.44),
        ]
        let summary = RunSummary(comparisons: [SyntheticRun.comparison([(nil, results)])], findings: [], folder: "/runs/x")
        let text = summary.text(styled: false, width: 100)
        XCTAssertTrue(text.contains("""
            Throughput  threads  img/s  MP/s  scaling efficiency  cores used
            perfect           1   8.00  0.96               1.000        0.98
            perfect           2  10.00  1.20               0.625        1.10

            """), text)
        XCTAssertTrue(text.contains("- the machine was busy: perfect's 2-worker pass kept 1.10 of 2 cores busy"), text)
        XCTAssertTrue(text.contains("- perfect: 1 worker gave 8.0 img/s, the table 10.0 (-20 %): the table divides by each image's median"), text)
        XCTAssertTrue(text.split(separator: "\n").allSatisfy { $0.count <= 100 }, text)
    }

    func testASettingFarBelowAnotherOfTheSameModelIsANote() {
        var results = SyntheticRun.results([SyntheticRun.perfect("full"), SyntheticRun.partial("short", minHeight: 100), SyntheticRun.partial("other", minHeight: 100)])
        for index in 0..<2 { results.detectors[index].setup.info.kind = "blazeface" }
        let findings = SameModelRecallFindings().findings(in: SyntheticRun.comparison([(nil, results)]))
        XCTAssertEqual(findings.map(\.line), [
            "synthetic / short: recall 0.25, far below full's 1.00 on the same images: this setting of blazeface, not the model, misses the faces",
        ], "only against the same kind")
    }

    /// Identical detectors (haar and swift-haar) earn one finding and share one gallery row.
    func testIdenticalDetectorsShareOneFindingAndOneGalleryRow() throws {
        let results = SyntheticRun.results([SyntheticRun.partial("haar", minHeight: 100), SyntheticRun.partial("swift-haar", minHeight: 100), SyntheticRun.perfect()])
        let comparison = SyntheticRun.comparison([(nil, results)])
        let findings = RunFindings.collect([comparison], from: [DominantErrorFindings(), FailedImageFindings()])
        XCTAssertEqual(findings.map(\.line), [], "fewer than 5 errors: nothing to say")
        var merged = RunFindings.collect([comparison], from: [SameModelRecallFindings()])
        XCTAssertTrue(merged.isEmpty)
        struct Says: FindingSource {
            func findings(in comparison: DatasetComparison) -> [Finding] {
                comparison.series.map { Finding(.note, dataset: comparison.dataset, detector: $0.detector.id, $0.detector.id == "perfect" ? "finds all" : "misses small faces") }
            }
        }
        merged = RunFindings.collect([comparison], from: [Says()])
        XCTAssertEqual(merged.map(\.line), ["synthetic / haar, swift-haar: misses small faces", "synthetic / perfect: finds all"])
        var gallery = Gallery(decoder: NativeImageDecoder(), encoder: NativeImageDecoder())
        let html = gallery.html(comparison, dataset: SyntheticRun.dataset, styles: SeriesStyle.styles(comparison))
        XCTAssertEqual(html.components(separatedBy: "<div class=\"gallery-row\">").count - 1, 2, "haar and swift-haar in one row, perfect in its own")
        XCTAssertTrue(html.contains("haar</h4>") == false && html.contains("swift-haar <small class=\"note\">identical detections</small></h4>"), html)
    }

    func testAProgramUsingMoreCPUThanWallTimeIsAWarning() {
        var results = SyntheticRun.results([SyntheticRun.perfect(latency: 200), SyntheticRun.partial(latency: 200)])
        results.detectors[0].cpuTime = LatencySummary([390, 400, 410, 400])
        results.detectors[1].cpuTime = LatencySummary([190, 200, 180, 210])
        let findings = ProgramThreadFindings().findings(in: SyntheticRun.comparison([(nil, results)]))
        XCTAssertEqual(findings.map(\.line), [
            "synthetic / perfect: its program used 2.0 cores per call (CPU 400 ms, wall 200 ms on average): it ran threads beyond --native-threads 1, so its latency is not comparable; make it follow FACEBENCH_NATIVE_THREADS (docs/plugins.md)",
        ], "one core's worth of CPU per call says nothing")
        results.detectors[0].cpuTime = LatencySummary([39, 40, 41, 40])
        results.detectors[0].latency = LatencySummary([20, 20, 20, 20])
        XCTAssertTrue(ProgramThreadFindings().findings(in: SyntheticRun.comparison([(nil, results)])).isEmpty,
                      "160 ms of CPU in all is a few clock ticks: too little to tell")
    }

    /// Repeated calls on the same image that differ by a fifth or more at p90 say the machine
    /// was busy: a warning on the terminal and in report.md. Calls that agree to a few
    /// percent, and runs with one call per image, say nothing.
    func testRepeatedCallsThatDisagreeSayTheMachineWasBusy() {
        func run(_ calls: [Double]) -> RunResults {
            var results = SyntheticRun.results([SyntheticRun.perfect(latency: 10), SyntheticRun.partial(latency: 5), SyntheticRun.perfect("third")], bootstrap: 0)
            for index in results.records.indices {
                for id in ["perfect", "partial", "third"] { results.records[index].results[id]!.latencies = calls.map { $0 * Double(index + 1) } }
            }
            return results
        }
        let busy = run([10, 14, 11])
        let findings = BusyMachineFindings().findings(in: SyntheticRun.comparison([(nil, busy)]))
        XCTAssertEqual(findings.map(\.severity), [.warning])
        XCTAssertTrue(findings[0].line.hasPrefix("synthetic: the machine was busy while timing: repeated calls on the same image differed by ×1.40 at p90 (median ×1.40, 12 detector × image pairs; an idle machine keeps them within a few percent)"), findings[0].line)
        XCTAssertTrue(MarkdownReport.document([SyntheticRun.comparison([(nil, busy)])]).contains("**Busy machine:** the machine was busy while timing"))
        XCTAssertTrue(RunFindings.collect([SyntheticRun.comparison([(nil, busy)])], from: RunFindings.standardSources).contains(findings[0]))
        XCTAssertTrue(BusyMachineFindings().findings(in: SyntheticRun.comparison([(nil, run([10, 10.4, 10.2]))])).isEmpty, "4 % apart: an idle machine")
        XCTAssertTrue(BusyMachineFindings().findings(in: SyntheticRun.comparison([(nil, run([10]))])).isEmpty, "one call per image: not judged")
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
        // Markdown escapes the whole line (hardening: names and reasons come from outside).
        let line = #"\`perfect\` failed on 3 of 4 images (counted as missed): \`small.png\`: FaceDetectorYN failed on small.png: "#
            + #"(expected: 'total(os\[i\]) \> 0'); \`image2.png\`, \`image3.png\`: timed out"#
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
            "Detector  AP50 (VOC)  Precision  Recall      F1  Mean IoU  TP  FP  Missed  p50 ms  img/s  Load ms",
            "perfect       1.0000     1.0000  1.0000  1.0000     1.000   4   0       0    10.0  100.0     1.00",
            "partial       0.0000     0.0000  0.0000  0.0000     0.000   0   1       4    5.00  200.0     1.00",
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
