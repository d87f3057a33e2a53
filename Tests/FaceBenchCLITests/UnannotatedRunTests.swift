import FaceBenchModel
import FaceBenchIO
import FaceBenchHarness
import FaceBenchTestSupport
import Foundation
import XCTest

/// `run` on a folder of images without annotations: timing, counts and the agreement matrix,
/// never an accuracy number; and `--reference`, scores labelled as relative to one detector.
final class UnannotatedRunTests: XCTestCase {
    /// Two settings of lbp that find different faces, so the agreement is not all 100%.
    let detectors = "lbp,loose=lbp:neighbors=1"

    func run(_ arguments: [String], scratch: String, expect status: Int32 = 0) throws -> CommandRunner.Outcome {
        let outcome = try CommandRunner.run(arguments, scratch: scratch)
        XCTAssertEqual(outcome.status, status, "facebench \(arguments.joined(separator: " ")): \(outcome.stderr)")
        return outcome
    }

    /// Three dlib-faces images copied alone into a folder: what a user's own photos look like.
    func photos(in scratch: String) throws -> String {
        let folder = scratch + "/photos"
        try FileIO.createDirectory(folder)
        for sample in try TestData.dataset("dlib-faces").samples.prefix(3) {
            let path = try XCTUnwrap(sample.path)
            try FileIO.writeAtomically(try FileIO.read(path), to: folder + "/" + FileIO.lastComponent(path))
        }
        return folder
    }

    func testAFolderOfImagesIsTimedCountedAndComparedButNeverScored() throws {
        let scratch = try TestData.temporaryDirectory(self)
        let folder = try photos(in: scratch)
        let out = scratch + "/run"
        let outcome = try run(["run", "--dataset", folder, "--detector", detectors, "--out", out, "--bootstrap", "0"], scratch: scratch)
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "photos: 3 images, no ground truth", outcome.stdout)
        let table = lines.filter { $0.hasPrefix("lbp ") || $0.hasPrefix("loose ") }
        XCTAssertEqual(table.count, 2, outcome.stdout)
        for row in table {
            // The terminal says it once a row, in one Accuracy column, to fit 100 columns.
            XCTAssertEqual(row.components(separatedBy: "no ground truth").count - 1, 1, row)
            XCTAssertFalse(row.contains("0.0000"), row)
            XCTAssertLessThanOrEqual(row.count, 100, row)
        }
        XCTAssertEqual(lines[1].split(separator: " ").map(String.init), ["Detector", "Accuracy", "Detections", "Per", "image", "p50", "ms", "img/s", "Load", "ms"])
        XCTAssertFalse(outcome.stdout.contains("most errors are"), "no error findings without ground truth: \(outcome.stdout)")

        let results = try RunResults.read(out + "/photos/results.json")
        XCTAssertEqual(results.groundTruth, .missing)
        XCTAssertFalse(results.dataset.hasGroundTruth)
        XCTAssertEqual(results.records.count, 3)
        for detector in results.detectors {
            XCTAssertFalse(detector.metrics.isScored)
            XCTAssertEqual(detector.metrics.detections, results.records.reduce(0) { $0 + ($1.results[detector.id]?.detections.count ?? 0) })
            XCTAssertNotNil(detector.latency)
            XCTAssertTrue(detector.evaluations.outcomes.isEmpty, "no protocol runs without ground truth")
        }
        XCTAssertFalse(FileIO.exists(out + "/photos/gt.coco.json"), "no ground truth to export")
        let raw = try JSONReader.parse(file: out + "/photos/results.json")
        XCTAssertEqual(raw["dataset"]?["ground_truth"], false)
        XCTAssertEqual(raw["dataset"]?["faces"], .null)
        let metrics = try XCTUnwrap(raw["detectors"]?.array?.first?["metrics"])
        for key in ["ap", "ap50", "precision", "recall", "f1", "mean_iou", "tp", "fp", "missed", "pr_curve"] {
            XCTAssertEqual(metrics[key], .null, key)
        }
        XCTAssertEqual(metrics["detections"]?.int, results.detectors[0].metrics.detections)
        let pair = try XCTUnwrap(raw["agreement"]?["pairs"]?.array?.first)
        XCTAssertEqual(pair["first"], "lbp")
        XCTAssertEqual(pair["second"], "loose")
        let agreement = results.agreement.pairs[0]
        XCTAssertEqual(pair["matched"]?.int, agreement.matched)
        XCTAssertEqual(agreement.firstDetections, results.detectors[0].metrics.detections)
        XCTAssertLessThanOrEqual(agreement.matched, min(agreement.firstDetections, agreement.secondDetections))

        let markdown = try String(contentsOfFile: out + "/report.md", encoding: .utf8)
        XCTAssertTrue(markdown.contains("## photos: 3 images, no ground truth"), markdown)
        // report.md keeps every accuracy column, each saying why it has no number.
        let row = try XCTUnwrap(markdown.split(separator: "\n").first { $0.hasPrefix("| lbp ") })
        XCTAssertEqual(row.components(separatedBy: "no ground truth").count - 1, 8, String(row))
        XCTAssertTrue(markdown.contains("Agreement between detectors"), markdown)
        XCTAssertTrue(markdown.contains("| Found by → |"), markdown)
        XCTAssertFalse(markdown.contains("0.0000"), markdown)
        XCTAssertFalse(markdown.contains("### coco"), "no protocol tables")
        let html = try String(contentsOfFile: out + "/report.html", encoding: .utf8)
        XCTAssertTrue(html.contains("<td class=\"num\">no ground truth</td>"), "HTML cells say it too")
        XCTAssertTrue(html.contains("Where the detectors disagree"))
        XCTAssertFalse(html.contains("Worst images"))
        XCTAssertFalse(html.contains("0.0000"))

        // `report` reads the file back to the same tables.
        let reported = try run(["report", out, "--format", "markdown"], scratch: scratch).stdout
        XCTAssertTrue(reported.contains("no ground truth") && reported.contains("Agreement between detectors"), reported)
    }

    func testReferenceScoresTheOthersAgainstOneDetectorAndSaysSo() throws {
        let scratch = try TestData.temporaryDirectory(self)
        let folder = try photos(in: scratch)
        let out = scratch + "/run"
        let outcome = try run(
            ["run", "--dataset", folder, "--detector", detectors, "--reference", "lbp", "--out", out, "--format", "markdown"], scratch: scratch)
        XCTAssertTrue(outcome.stdout.hasPrefix("## photos: 3 images, no ground truth: scored against lbp's detections\n"), outcome.stdout)
        XCTAssertTrue(outcome.stdout.contains("AP50 (VOC) vs lbp"), outcome.stdout)
        XCTAssertTrue(outcome.stdout.contains("Precision vs lbp"), outcome.stdout)
        let lbpRow = try XCTUnwrap(outcome.stdout.split(separator: "\n").first { $0.hasPrefix("| lbp ") })
        XCTAssertEqual(lbpRow.components(separatedBy: "reference").count - 1, 8, String(lbpRow))

        let results = try RunResults.read(out + "/photos/results.json")
        XCTAssertEqual(results.groundTruth, .detector("lbp"))
        XCTAssertEqual(results.settings.reference, "lbp")
        let reference = try XCTUnwrap(results.detector("lbp")), loose = try XCTUnwrap(results.detector("loose"))
        XCTAssertFalse(reference.metrics.isScored)
        XCTAssertTrue(loose.metrics.isScored)
        // The reference's detections are the faces: recall is the share of them loose found.
        XCTAssertEqual(loose.metrics.faces, reference.metrics.detections)
        XCTAssertEqual(loose.metrics.detections, loose.metrics.truePositives + loose.metrics.falsePositives)
        XCTAssertLessThanOrEqual(loose.metrics.truePositives, results.agreement.pairs[0].matched, "greedy pairs no more than the maximum matching")
        let report = try String(contentsOfFile: out + "/report.md", encoding: .utf8)
        XCTAssertTrue(report.contains("relative to lbp's detections taken as pseudo ground truth"), report)

        // --kind names a detector by kind when only one has it; anything else is an error.
        let unknown = try run(["run", "--dataset", folder, "--detector", detectors, "--reference", "yunet", "--out", scratch + "/x"], scratch: scratch, expect: 64)
        XCTAssertTrue(unknown.stderr.contains("--reference yunet is none of the run's detectors.") && unknown.stderr.contains("lbp, loose"), unknown.stderr)
        let ambiguous = try run(["run", "--dataset", folder, "--detector", "lbp:neighbors=2,loose=lbp:neighbors=1", "--reference", "lbp", "--out", scratch + "/y"], scratch: scratch, expect: 64)
        XCTAssertTrue(ambiguous.stderr.contains("the run has 2 detectors of that kind"), ambiguous.stderr)
        let annotated = try run(["run", "--dataset", "dlib-faces", "--detector", "lbp", "--reference", "lbp", "--out", scratch + "/z"], scratch: scratch, expect: 64)
        XCTAssertTrue(annotated.stderr.contains("dataset dlib-faces has annotations"), annotated.stderr)
        XCTAssertFalse(FileIO.exists(scratch + "/z"), "refused before any run folder is made")
    }
}
