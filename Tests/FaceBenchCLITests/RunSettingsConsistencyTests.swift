import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchIO
import FaceBenchHarness
import FaceBenchTestSupport
import Foundation
import XCTest

/// One set of settings per run: `run --iou T` scores every protocol at T with the matching
/// `eval --iou T` uses, so the two commands agree number for number on the same detections,
/// and the findings printed under the table agree with the table.
final class RunSettingsConsistencyTests: XCTestCase {
    /// haar's detections on dlib-faces (`run --detector haar`, OpenCV 4.6, default parameters),
    /// scored through the `file:` kind so that no detector runs; and Watson's recorded boxes
    /// with dlib's 68-point stage, whose exported keypoint file `eval` scores.
    static let haar = "Tests/Fixtures/Results/dlib-faces-haar.coco.json"
    static let watson = "examples/face-apis/watson.json"

    func testRunAndEvalAtIoU03AgreeOnEveryProtocol() throws {
        let scratch = try TestData.temporaryDirectory(self)
        _ = try TestData.dataset("dlib-faces")
        let out = scratch + "/run"
        let run = try CommandRunner.run(
            ["run", "--dataset", "dlib-faces", "--detector", "haar=file:\(Self.haar)", "--detector", "watson=file:landmarks=dlib68:\(Self.watson)",
             "--iou", "0.3", "--out", out], scratch: scratch)
        XCTAssertEqual(run.status, 0, run.stderr)
        let evalRuns = try [("haar", Self.haar), ("watson", out + "/dlib-faces/watson.keypoints.coco.json")].map { label, path in
            let eval = try CommandRunner.run(
                ["eval", "--dataset", "dlib-faces", "--predictions", "\(label)=\(path)", "--iou", "0.3", "--format", "json"],
                scratch: scratch)
            XCTAssertEqual(eval.status, 0, eval.stderr)
            return try JSONReader.parse(Array(eval.stdout.utf8), path: "eval stdout")
        }
        let results = try JSONReader.parse(file: out + "/dlib-faces/results.json")
        let detectors = try XCTUnwrap(results["detectors"]?.array)
        XCTAssertEqual(detectors.count, 2)
        for (detector, evalJSON) in zip(detectors, evalRuns) {
            let protocols = try XCTUnwrap(detector["evaluation"]?.object)
            XCTAssertGreaterThanOrEqual(protocols.keys.count, 6, "\(protocols.keys)")
            for name in protocols.keys {
                XCTAssertEqual(protocols[name], evalJSON[name], "\(evalJSON["label"] ?? .null) \(name): run --iou 0.3 and eval --iou 0.3 differ")
            }
        }
        XCTAssertEqual(detectors[1]["evaluation"]?["landmarks"]?["iou_threshold"]?.double, 0.3)
        let detector = detectors[0]
        let protocols = try XCTUnwrap(detector["evaluation"]?.object)
        for name in ["voc", "fp_table", "sizes", "errors"] {
            XCTAssertEqual(protocols[name]?["iou_threshold"]?.double, 0.3, name)
        }
        // The headline counts are VOC's at the same threshold.
        let metrics = try XCTUnwrap(detector["metrics"])
        XCTAssertEqual(metrics["iou_threshold"]?.double, 0.3)
        XCTAssertEqual(metrics["tp"]?.int, protocols["voc"]?["tp"]?.int)
        XCTAssertEqual(metrics["fp"]?.int, protocols["voc"]?["fp"]?.int)
        XCTAssertEqual(metrics["tp"]?.int, 40, "haar at IoU 0.3 (the issue's 40 TP / 5 FP)")
        XCTAssertEqual(metrics["ap"]?.double, protocols["voc"]?["AP"]?.double)
        XCTAssertNil(metrics["ap50"]?.double, "no number of this run is at IoU 0.5")
        let falsePositives = try XCTUnwrap(metrics["fp"]?.int)
        let errorCounts = try XCTUnwrap(protocols["errors"]?["counts"])
        let tideFalsePositives = ["localization", "duplicate", "background"].reduce(0) { $0 + (errorCounts[$1]?.int ?? 0) }
        XCTAssertEqual(tideFalsePositives, falsePositives, "TIDE's false positives are the table's")
        // The table names its AP by the run's threshold; any finding counting false positives counts the table's.
        XCTAssertTrue(run.stdout.contains("AP30 (VOC)"), run.stdout)
        for line in run.stdout.split(separator: "\n") where line.contains(" false positives)") {
            XCTAssertTrue(line.contains(" of \(falsePositives) false positives"), "finding disagrees with FP = \(falsePositives): \(line)")
        }
    }
}
