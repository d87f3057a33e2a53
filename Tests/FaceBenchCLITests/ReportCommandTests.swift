import FaceBenchCodecs
import FaceBenchCLI
import FaceBenchModel
import FaceBenchIO
import FaceBenchHarness
import FaceBenchReports
import FaceBenchTestSupport
import Foundation
import XCTest

/// `facebench report` on a real run: the MIT+CMU slice 1/3 (44 images) with haar, lbp and
/// hog, run once for the whole class.
final class ReportCommandTests: XCTestCase {
    nonisolated(unsafe) static var run: String?
    nonisolated(unsafe) static var runStatus: Int32 = -1

    override class func setUp() {
        super.setUp()
        guard (try? TestData.dataset("mit-cmu")) != nil else { return }
        let directory = NSTemporaryDirectory() + "facebench-report-tests-" + UUID().uuidString
        run = directory + "/run"
        runStatus = FaceBenchCLI.run([
            "run", "--dataset", "mit-cmu", "--shard", "1/3", "--warmup", "0",
            "--detector", "haar", "--detector", "lbp", "--detector", "hog", "--out", directory + "/run",
        ])
    }

    override class func tearDown() {
        if let run { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: run).deletingLastPathComponent().path) }
        super.tearDown()
    }

    func requireRun() throws -> String {
        _ = try TestData.dataset("mit-cmu")
        let run = try XCTUnwrap(Self.run)
        XCTAssertEqual(Self.runStatus, 0, "facebench run failed")
        return run
    }

    func testRunWritesMarkdownAndHTMLReports() throws {
        let run = try requireRun()
        for file in ["report.md", "report.html", "summary.csv", "mit-cmu/report.md", "mit-cmu/results.json"] {
            XCTAssertTrue(FileIO.exists(run + "/" + file), file)
        }
        XCTAssertFalse(FileIO.exists(run + "/mit-cmu/report.html"), "one HTML report per run, not a copy per dataset")
        XCTAssertFalse(FileIO.exists(run + "/mit-cmu/haar.wider"), "MIT+CMU is not in WIDER's layout")
        let results = try RunResults.read(run + "/mit-cmu/results.json")
        XCTAssertNotNil(results.detector("haar")?.evaluations["sizes"], "run stores the sizes protocol")
        let summary = try FileIO.readText(run + "/summary.csv")
        XCTAssertEqual(summary, CSVReport.document([DatasetComparison(dataset: "mit-cmu", entries: [LabelledResults(label: nil, path: "", results: results)])]))
    }

    func testReportWritesTheFourFormats() throws {
        let run = try requireRun()
        let out = try TestData.temporaryDirectory(self) + "/comparison"
        XCTAssertEqual(FaceBenchCLI.run(["report", run, "--format", "markdown,csv,json,html", "--out", out]), 0)

        let markdown = try FileIO.readText(out + ".md")
        XCTAssertTrue(markdown.contains("## mit-cmu: 44 images"), markdown)
        // The registered protocols, in Toolbox.evaluators order, each under its own heading.
        let protocols = ["coco", "voc", "fp_table", "sizes", "per_image", "errors"]
        let parts = markdown.components(separatedBy: "\n### ")
        XCTAssertEqual(parts.dropFirst().map { String($0.prefix { $0 != "\n" }) }, protocols, "a section per protocol")
        func detectorRows(_ text: String) -> [Substring] {
            text.split(separator: "\n").filter { $0.hasPrefix("| haar") || $0.hasPrefix("| lbp") || $0.hasPrefix("| hog") }
        }
        let headline = parts[0].components(separatedBy: "95% intervals over images")
        XCTAssertEqual(headline.count, 2, "the intervals follow the summary table")
        let summary = detectorRows(headline[0])
        XCTAssertEqual(summary.count, 3, "the summary table has a row per detector")
        let intervals = headline[1].components(separatedBy: "Operating points: ")
        XCTAssertEqual(intervals.count, 2, "the operating points follow the intervals")
        XCTAssertEqual(detectorRows(intervals[0]).count, 3, "and the intervals table too")
        let agreement = intervals[1].components(separatedBy: "Agreement between detectors")
        XCTAssertEqual(agreement.count, 2, "the agreement matrix follows the operating points")
        XCTAssertEqual(detectorRows(agreement[0]).count, 3, "and the operating points")
        XCTAssertEqual(detectorRows(agreement[1]).count, 3, "the agreement matrix has a row per detector")
        XCTAssertTrue(summary.contains { $0.contains("**") }, "best values marked")
        for (index, name) in protocols.enumerated() where name != "per_image" {
            // The last section runs on into the latency table.
            let section = parts[index + 1].components(separatedBy: "| Latency (ms)")[0]
            XCTAssertEqual(detectorRows(section).count, 3, "so has the \(name) table")
        }
        XCTAssertTrue(parts[2 + 1].contains("Viola-Jones 2001 (published)"), "MIT+CMU's fp_table shows the published row")
        XCTAssertTrue(parts.last?.contains("| image decode") ?? false, "the run's latency statistics follow")

        let csv = try FileIO.readText(out + ".csv").split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        XCTAssertEqual(csv.first, ["run", "dataset", "detector", "metric", "value"])
        XCTAssertTrue(csv.dropFirst().allSatisfy { $0.count == 5 && $0[0].isEmpty && $0[1] == "mit-cmu" && Double($0[4]) != nil })
        for detector in ["haar", "lbp", "hog"] {
            let metrics = Set(csv.filter { $0[2] == detector }.map { String($0[3]) })
            for metric in ["ap50", "latency_p50_ms", "coco.AP", "voc.AP", "sizes.buckets.h16-32.recall"] {
                XCTAssertTrue(metrics.contains(metric), "\(detector) has \(metric)")
            }
        }

        let json = try JSONReader.parse(file: out + ".json")
        XCTAssertEqual(json["schema"]?.string, "facebench.report/1")
        XCTAssertEqual(json["tables"]?.array?.first?["rows"]?.array?.compactMap { $0["detector"]?.string }, ["haar", "lbp", "hog"])

        let html = try FileIO.readText(out + ".html")
        XCTAssertFalse(html.contains("http://") || html.contains("https://"))
        XCTAssertFalse(html.lowercased().contains("<script"))
        XCTAssertEqual(html.components(separatedBy: "<svg class=\"chart\"").count - 1, 6, "PR, ROC, latency, Pareto, sizes, errors")
        let images = html.components(separatedBy: "src=\"data:image/jpeg;base64,").count - 1
        XCTAssertEqual(images, 12, "4 worst images for each of 3 detectors, each embedded once")
        // Each image is a link to itself: the stylesheet shows the targeted figure full size.
        let ids = html.components(separatedBy: "<figure class=\"thumb\" id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        XCTAssertEqual(ids.count, 12)
        XCTAssertEqual(Set(ids).count, 12, "unique anchors")
        for id in ids { XCTAssertTrue(html.contains("<a href=\"#\(id)\" title=\"Open full size\"><img "), id) }
        XCTAssertTrue(html.contains("figure.thumb:target {"))
        XCTAssertTrue(html.contains("labels: detection score, IoU with the nearest face"))
        XCTAssertLessThan(html.utf8.count, 3_000_000)
    }

    func testHTMLWithoutTheDatasetLeavesTheGalleryOutWithANote() throws {
        let run = try requireRun()
        var results = try RunResults.read(run + "/mit-cmu/results.json")
        results.dataset.name = "elsewhere"
        results.dataset.root = "/nonexistent/elsewhere"
        let directory = try TestData.temporaryDirectory(self)
        try results.write(to: directory + "/results.json")
        XCTAssertEqual(FaceBenchCLI.run(["report", directory + "/results.json", "--format", "html", "--out", directory + "/report"]), 0)
        let html = try FileIO.readText(directory + "/report.html")
        XCTAssertTrue(html.contains("No gallery:"))
        XCTAssertTrue(html.contains("/nonexistent/elsewhere"), "the note says where it looked")
        XCTAssertFalse(html.contains("data:image/jpeg"))
        XCTAssertTrue(html.contains(">Recall by face size</h4>"), "sizes come from the stored protocol results")
    }

    func testReportRejectsUnknownFormatsAndSeveralFormatsWithoutOut() throws {
        let run = try requireRun()
        XCTAssertEqual(FaceBenchCLI.run(["report", run, "--format", "pdf"]), 64)
        XCTAssertEqual(FaceBenchCLI.run(["report", run, "--format", "markdown,html"]), 64)
        XCTAssertEqual(FaceBenchCLI.run(["report", "/nonexistent/results.json"]), 1)
    }

    /// `--out report.html` with one format is the file itself, not report.html.html; with
    /// several formats the path stays a stem.
    func testOutEndingInTheFormatsExtensionIsTheFile() throws {
        let run = try requireRun()
        let directory = try TestData.temporaryDirectory(self)
        XCTAssertEqual(FaceBenchCLI.run(["report", run, "--format", "csv", "--out", directory + "/table.csv"]), 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory + "/table.csv"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/table.csv.csv"))
        XCTAssertEqual(FaceBenchCLI.run(["report", run, "--format", "markdown,csv", "--out", directory + "/both.csv"]), 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory + "/both.csv.md"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory + "/both.csv.csv"))
    }

    /// Renders the report in headless Chromium (scripts/screenshot-report.sh) and checks the
    /// screenshot holds a drawn page, not a blank or an error page.
    func testHeadlessChromiumScreenshotShowsTheReport() throws {
        let run = try requireRun()
        let directory = try TestData.temporaryDirectory(self)
        XCTAssertEqual(FaceBenchCLI.run(["report", run, "--format", "html", "--out", directory + "/report"]), 0)
        XCTAssertTrue(try FileIO.readText(directory + "/report.html").contains(">Why AP is lost</h4>"), "the page shows the errors chart")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestData.packageRoot + "/scripts/screenshot-report.sh")
        process.arguments = [directory + "/report.html", directory + "/report.png", "1280", "3000"]
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus == 3 { throw XCTSkip("no Chromium installed (apt-get install chromium) — screenshot not checked") }
        XCTAssertEqual(process.terminationStatus, 0)
        let png = try NativeImageDecoder().decode(directory + "/report.png")
        XCTAssertEqual(png.width, 1280)
        XCTAssertEqual(png.height, 3000)
        XCTAssertGreaterThan(try FileIO.read(directory + "/report.png").count, 100_000, "charts and thumbnails make a large PNG")
        let rgb = png.rgb
        var colours = Set<UInt32>()
        for y in stride(from: 0, to: rgb.height, by: 7) {
            for x in stride(from: 0, to: rgb.width, by: 7) {
                let o = y * rgb.stride + x * 3
                colours.insert(UInt32(rgb.pixels[o]) << 16 | UInt32(rgb.pixels[o + 1]) << 8 | UInt32(rgb.pixels[o + 2]))
            }
        }
        XCTAssertGreaterThan(colours.count, 500, "a rendered report has text, charts in several colours and photos")
        // The page header is the report's dark blue band, not a browser error page.
        let o = 20 * rgb.stride + 640 * 3
        XCTAssertEqual([rgb.pixels[o], rgb.pixels[o + 1], rgb.pixels[o + 2]], [0x1f, 0x2a, 0x44])
    }

    /// Nothing in the report sticks out of the page at 1280 and 800 px, nor on an A4 page as it
    /// prints (scripts/check-report-layout.sh, headless Chromium): long specs wrap between
    /// parameters, wide tables scroll in their box on screen and wrap their cells on paper.
    func testNothingSticksOutOfThePageInChromium() throws {
        let run = try requireRun()
        let directory = try TestData.temporaryDirectory(self)
        XCTAssertEqual(FaceBenchCLI.run(["report", run, run, "--label", "before", "--label", "after", "--format", "html", "--out", directory + "/report"]), 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestData.packageRoot + "/scripts/check-report-layout.sh")
        process.arguments = [directory + "/report.html", "1280", "800", "print"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus == 3 { throw XCTSkip("no Chromium installed (apt-get install chromium) — layout not checked") }
        XCTAssertEqual(process.terminationStatus, 0, output)
        XCTAssertEqual(output, "1280 px: nothing sticks out\n800 px: nothing sticks out\nprint: nothing sticks out\n")
    }
}
