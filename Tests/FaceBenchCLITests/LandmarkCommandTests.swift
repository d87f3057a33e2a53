import FaceBenchIO
import FaceBenchTestSupport
import Foundation
import XCTest

/// The `landmarks` protocol end to end: `run` with dlib's 68-point stage on two detector
/// kinds, its closing notes, its timing row, and every number recomputed from the exported
/// COCO files by scripts/landmark-reference.py (numpy, written from the documented definition).
final class LandmarkCommandTests: XCTestCase {
    func run(_ arguments: [String], scratch: String, expect status: Int32 = 0) throws -> CommandRunner.Outcome {
        let outcome = try CommandRunner.run(arguments, scratch: scratch)
        XCTAssertEqual(outcome.status, status, "facebench \(arguments.joined(separator: " ")): \(outcome.stderr)")
        return outcome
    }

    func testDlib68StageOnTwoKindsIsScoredAndMatchesTheNumpyReference() throws {
        guard FileManager.default.fileExists(atPath: "/usr/share/dlib/shape_predictor_68_face_landmarks.dat") else {
            throw XCTSkip("libdlib-data missing (scripts/install-dependencies.sh)")
        }
        let scratch = try TestData.temporaryDirectory(self)
        _ = try TestData.dataset("dlib-faces")
        let out = scratch + "/run"
        let outcome = try run(
            ["run", "--dataset", "dlib-faces", "--detector", "hog:landmarks=dlib68", "--detector", "lbp:landmarks=dlib68", "--out", out],
            scratch: scratch)
        XCTAssertTrue(outcome.stdout.contains("dlib-faces / hog-landmarks=dlib68: landmarks: mean NME 0.0"), outcome.stdout)
        XCTAssertTrue(outcome.stdout.contains("(ibug68 vs ibug68, 68 points, outer_eye_corners)"), outcome.stdout)

        let json = try JSONReader.parse(file: out + "/dlib-faces/results.json")
        let hog = try XCTUnwrap(json["detectors"]?.array?.first)
        let landmarks = try XCTUnwrap(hog["evaluation"]?["landmarks"])
        XCTAssertEqual(landmarks["faces_scored"]?.int, 43, "HOG finds all 43 faces of dlib's own set")
        XCTAssertEqual(landmarks["faces_without_landmarks"]?.int, 0)
        XCTAssertEqual(landmarks["comparison"]?.string, "native")
        // dlib's 68-point model on the photos of dlib's own example set: close, but not exact.
        let mean = try XCTUnwrap(landmarks["nme"]?["mean"]?.double)
        XCTAssertGreaterThan(mean, 0.005)
        XCTAssertLessThan(mean, 0.04)
        XCTAssertEqual(landmarks["per_point"]?.array?.count, 68)
        XCTAssertEqual(hog["landmark_scheme"]?["id"]?.string, "ibug68")
        XCTAssertEqual(hog["landmark_latency_ms"]?["count"]?.int, 9, "the stage is timed on every image")
        let gt = try JSONReader.parse(file: out + "/dlib-faces/gt.coco.json")
        XCTAssertEqual(gt["categories"]?.array?.first?["keypoints"]?.array?.count, 68)
        XCTAssertEqual(gt["annotations"]?.array?.first?["keypoints"]?.array?.count, 68 * 3)
        let report = try String(contentsOfFile: out + "/dlib-faces/report.md", encoding: .utf8)
        XCTAssertTrue(report.contains("| hog-landmarks=dlib68 (dlib68 stage) "), "the stage's own latency row")
        let html = try String(contentsOfFile: out + "/report.html", encoding: .utf8)
        XCTAssertTrue(html.contains("Landmarks: cumulative error distribution"), "CED curves")
        XCTAssertTrue(html.contains("<h3>Worst landmark faces</h3>"), "the worst faces' gallery")
        XCTAssertTrue(html.contains("with true and predicted landmarks"), "cropped faces drawn, not an error note")

        // eval scores the exported keypoint file to the same numbers.
        let evaluated = try run(
            ["eval", "--dataset", "dlib-faces", "--predictions", out + "/dlib-faces/hog-landmarks=dlib68.keypoints.coco.json",
             "--protocol", "landmarks", "--format", "json"], scratch: scratch)
        let again = try JSONReader.parse(Array(evaluated.stdout.utf8), path: "stdout")
        XCTAssertEqual(again["landmarks"]?["nme"]?["mean"]?.double, mean)
        XCTAssertEqual(again["landmarks"]?["detector_scheme"]?.string, "ibug68")
        // …and so with the exported ground truth read back as a COCO keypoint set.
        let fromCOCO = try run(
            ["eval", "--dataset", out + "/dlib-faces/gt.coco.json", "--predictions", out + "/dlib-faces/hog-landmarks=dlib68.keypoints.coco.json",
             "--protocol", "landmarks", "--format", "json"], scratch: scratch)
        let coco = try JSONReader.parse(Array(fromCOCO.stdout.utf8), path: "stdout")
        XCTAssertEqual(coco["landmarks"]?["nme"]?["mean"]?.double, mean)
        XCTAssertEqual(coco["landmarks"]?["dataset_scheme"]?.string, "ibug68")

        let (status, text) = try CommandRunner.tool(["/usr/bin/python3", TestData.packageRoot + "/scripts/landmark-reference.py", out + "/dlib-faces"])
        XCTAssertEqual(status, 0, text)
        // Per detector: 2 counts, mean, median, 2 failure rates, 2 AUCs, 68 points, 5 size buckets.
        XCTAssertTrue(text.contains("checked 162 numbers"), text)
    }
}
