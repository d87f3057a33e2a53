import FaceBenchCLI
import FaceBenchModel
import FaceBenchHarness
import FaceBenchTestSupport
import Foundation
import XCTest

/// The regression gate end to end: real runs of OpenCV's Haar cascade on dlib-faces with
/// two `neighbors` settings, compared with `facebench compare`.
final class CompareCommandTests: XCTestCase {
    /// Runs made so far, numbering their folders (the same setting runs twice).
    var runs = 0

    func runHaar(neighbors: Int, into directory: String) -> String {
        runs += 1
        let out = directory + "/neighbors\(neighbors)-run\(runs)"
        let status = FaceBenchCLI.run([
            "run", "--dataset", "dlib-faces", "--warmup", "0", "--detector", "h=haar:neighbors=\(neighbors)", "--out", out,
        ])
        XCTAssertEqual(status, 0, "facebench run failed")
        return out
    }

    func testChangingNeighborsRegressesAndTheSameSpecTwiceDoesNot() throws {
        _ = try TestData.dataset("dlib-faces")
        let directory = try TestData.temporaryDirectory(self)
        let before = runHaar(neighbors: 3, into: directory)
        let again = runHaar(neighbors: 3, into: directory)
        let after = runHaar(neighbors: 6, into: directory)

        let report = directory + "/compare.md"
        XCTAssertEqual(FaceBenchCLI.run(["compare", after, "--baseline", before, "--markdown", report]), 2, "exit 2: regressed")
        let text = try FileIO.readText(report)
        XCTAssertTrue(text.hasPrefix("# facebench compare: 1 regressed\n"), "one detector, one verdict:\n\(text)")
        let verdicts = text.split(separator: "\n").filter { $0.hasPrefix("- **REGRESSED**") }
        XCTAssertEqual(verdicts.count, 1, text)
        // neighbors=6 keeps fewer windows: fewer false positives, but faces are lost too.
        let verdict = String(verdicts[0])
        XCTAssertTrue(verdict.hasPrefix("- **REGRESSED** dlib-faces / h: recall 0.8605 → "), verdict)
        XCTAssertTrue(verdict.contains("ap50 0.8322 → "), verdict)
        XCTAssertTrue(verdict.hasSuffix("more"), "the rest are counted, not listed: \(verdict)")
        XCTAssertTrue(text.contains("spec changed: haar:cascade=default,scale=1.1,neighbors=3"), "the spec change is noted")
        let table = try XCTUnwrap(text.components(separatedBy: "## Side by side").last)
        XCTAssertTrue(table.hasPrefix(" ("), "unchanged rows are hidden and counted: \(table.prefix(80))")
        func unchangedRows(_ text: String) -> Int {
            text.split(separator: "\n").filter { $0.split(separator: "|").last?.trimmingCharacters(in: .whitespaces) == "=" }.count
        }
        XCTAssertEqual(unchangedRows(table), 0, "no unchanged rows without --all")
        XCTAssertEqual(FaceBenchCLI.run(["compare", after, "--baseline", before, "--all", "--markdown", report]), 2)
        XCTAssertGreaterThan(unchangedRows(try FileIO.readText(report)), 0, "--all shows unchanged rows")

        XCTAssertEqual(FaceBenchCLI.run(["compare", again, "--baseline", before]), 0, "same spec twice: exit 0")

        // Through a committed-style baseline file too.
        let baseline = directory + "/baseline.json"
        XCTAssertEqual(FaceBenchCLI.run(["baseline", "update", before, "--out", baseline]), 0)
        XCTAssertLessThan(try FileIO.read(baseline).count, 20_000, "a baseline is small")
        XCTAssertEqual(FaceBenchCLI.run(["compare", again + "/dlib-faces/results.json", "--baseline", baseline]), 0)
        XCTAssertEqual(FaceBenchCLI.run(["compare", after, "--baseline", baseline]), 2)
    }

    func testOnlyImprovementsExitFour() throws {
        _ = try TestData.dataset("dlib-faces")
        let directory = try TestData.temporaryDirectory(self)
        let run = runHaar(neighbors: 3, into: directory)
        var results = try RunResults.read(run + "/dlib-faces/results.json")
        results.detectors[0].metrics.averagePrecision += 0.01
        results.detectors[0].metrics.averagePrecision50 = results.detectors[0].metrics.averagePrecision
        results.detectors[0].metrics.recall += 0.01
        try results.write(to: directory + "/better.json")
        XCTAssertEqual(FaceBenchCLI.run(["compare", directory + "/better.json", "--baseline", run]), 4)
        XCTAssertEqual(FaceBenchCLI.run(["compare", run, "--baseline", directory + "/better.json"]), 2)
        XCTAssertEqual(FaceBenchCLI.run(["compare", run, "--baseline", directory + "/better.json", "--max-ap-drop", "0.02"]), 0)
    }

    func testUsageErrors() throws {
        XCTAssertEqual(FaceBenchCLI.run(["compare", "x", "--speed", "fast"]), 64)
        XCTAssertEqual(FaceBenchCLI.run(["compare", "/nonexistent", "--baseline", "/nonexistent"]), 1)
        XCTAssertEqual(FaceBenchCLI.run(["baseline", "refresh"]), 64)
    }
}
