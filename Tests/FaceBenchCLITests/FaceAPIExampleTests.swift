import FaceBenchIO
import FaceBenchModel
import FaceBenchTestSupport
import Foundation
import XCTest

/// The recorded face-API responses of examples/face-apis scored end to end: each importer's
/// points by the `landmarks` protocol (checked against the numpy reference), their
/// attributes in results.json and in `detect`, a `landmarks=` stage on Watson's boxes, and the
/// committed files reproduced by their generator from a fresh hog+dlib68 run.
final class FaceAPIExampleTests: XCTestCase {
    static let examples = "examples/face-apis"

    func run(_ arguments: [String], scratch: String) throws -> CommandRunner.Outcome {
        let outcome = try CommandRunner.run(arguments, scratch: scratch)
        XCTAssertEqual(outcome.status, 0, "facebench \(arguments.joined(separator: " ")): \(outcome.stderr)")
        return outcome
    }

    func python(_ arguments: [String]) throws -> String {
        String(decoding: try runProcess("/usr/bin/python3", arguments, input: Data()), as: UTF8.self)
    }

    func requireDlibModel() throws {
        guard FileManager.default.fileExists(atPath: "/usr/share/dlib/shape_predictor_68_face_landmarks.dat") else {
            throw XCTSkip("libdlib-data missing (scripts/install-dependencies.sh)")
        }
    }

    func testEachAPIsLandmarksAreScoredAndAttributesKept() throws {
        try requireDlibModel()
        let scratch = try TestData.temporaryDirectory(self)
        _ = try TestData.dataset("dlib-faces")
        let out = scratch + "/run"
        let apis = ["mlkit", "apple-vision", "google-vision", "watson"]
        let outcome = try run(
            ["run", "--dataset", "dlib-faces", "--warmup", "0", "--out", out]
                + apis.flatMap { ["--detector", "file:\(Self.examples)/\($0).json"] }
                + ["--detector", "file:landmarks=dlib68:\(Self.examples)/watson.json"],
            scratch: scratch)
        for (id, comparison) in [("file-mlkit", "mlkit vs ibug68, 4 points"), ("file-apple-vision", "vision vs ibug68, 4 points"),
                                 ("file-google-vision", "cloudvision vs ibug68, 5 points"),
                                 ("file-watson-landmarks=dlib68", "ibug68 vs ibug68, 68 points")] {
            XCTAssertTrue(outcome.stdout.contains("dlib-faces / \(id): landmarks: mean NME 0.0"), outcome.stdout)
            XCTAssertTrue(outcome.stdout.contains("on 43 faces (\(comparison), outer_eye_corners)"), outcome.stdout)
        }
        XCTAssertFalse(outcome.stdout.contains("dlib-faces / file-watson: landmarks"), "Watson's detect_faces has no landmarks")

        let json = try JSONReader.parse(file: out + "/dlib-faces/results.json")
        let detectors = try XCTUnwrap(json["detectors"]?.array)
        let byID = Dictionary(uniqueKeysWithValues: detectors.map { ($0["id"]?.string ?? "", $0) })
        XCTAssertEqual(byID["file-mlkit"]?["landmark_scheme"]?["id"]?.string, "mlkit")
        XCTAssertEqual(byID["file-google-vision"]?["landmark_scheme"]?["points"]?.array?.count, 34)
        XCTAssertEqual(byID["file-watson"]?["evaluation"]?["landmarks"], .null)
        XCTAssertEqual(byID["file-watson-landmarks=dlib68"]?["imported"]?.bool, false, "the stage is run and timed")
        XCTAssertEqual(byID["file-watson-landmarks=dlib68"]?["spec"]?.string,
                       "file:landmarks=dlib68:watson:" + TestData.packageRoot + "/\(Self.examples)/watson.json")
        for id in ["file-mlkit", "file-apple-vision", "file-google-vision"] {
            XCTAssertEqual(byID[id]?["evaluation"]?["landmarks"]?["faces_scored"]?.int, 43, id)
            XCTAssertEqual(byID[id]?["evaluation"]?["landmarks"]?["faces_without_landmarks"]?.int, 0, id)
        }
        // Attributes stay under the APIs' own keys in every image's detections.
        let results = try XCTUnwrap(json["images"]?.array?.first?["results"])
        let mlkit = try XCTUnwrap(results["file-mlkit"]?["detections"]?.array?.first?["attributes"])
        XCTAssertNotNil(mlkit["smilingProbability"]?.string)
        XCTAssertNotNil(mlkit["headEulerAngleY"]?.string)
        XCTAssertNotNil(results["file-apple-vision"]?["detections"]?.array?.first?["attributes"]?["yaw"])
        XCTAssertNotNil(results["file-google-vision"]?["detections"]?.array?.first?["attributes"]?["joyLikelihood"])
        XCTAssertEqual(results["file-watson"]?["detections"]?.array?.first?["attributes"]?["age_min"]?.string, "18")

        let reference = try python([TestData.packageRoot + "/scripts/landmark-reference.py", out + "/dlib-faces"])
        // mlkit and vision 17 numbers each (8 summary, 4 points, 5 sizes), cloudvision 18, dlib68 81.
        XCTAssertTrue(reference.contains("checked 133 numbers"), reference)

        // eval reads the same files to the same numbers.
        for (api, id) in [("mlkit", "file-mlkit"), ("google-vision", "file-google-vision"), ("apple-vision", "file-apple-vision")] {
            let evaluated = try run(
                ["eval", "--dataset", "dlib-faces", "--predictions", "\(Self.examples)/\(api).json", "--protocol", "landmarks", "--format", "json"],
                scratch: scratch)
            let again = try JSONReader.parse(Array(evaluated.stdout.utf8), path: "stdout")
            XCTAssertEqual(again["landmarks"]?["nme"]?["mean"], byID[id]?["evaluation"]?["landmarks"]?["nme"]?["mean"], api)
        }
        let table = try run(["eval", "--dataset", "dlib-faces", "--predictions", "\(Self.examples)/mlkit.json", "--protocol", "landmarks"], scratch: scratch)
        XCTAssertTrue(table.stdout.contains("mlkit vs ibug68 (common five, 4)"), table.stdout)

        // detect prints and draws them.
        let drawing = scratch + "/drawn.png"
        let detect = try run(
            ["detect", try TestData.file("dlib-faces/2008_002470.jpg"), "--dataset", "dlib-faces", "--detector", "file:\(Self.examples)/mlkit.json",
             "--detector", "file:\(Self.examples)/watson.json", "--draw", drawing],
            scratch: scratch)
        XCTAssertTrue(detect.stdout.contains("file-mlkit 1  x 177 y 82 w 37 h 37  score 1.00  IoU 0.77  true positive  smile 0."), detect.stdout)
        XCTAssertTrue(detect.stdout.contains(" true positive  age 18-64 MALE"), detect.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: drawing))
    }

    func testGeneratorReproducesTheCommittedResponses() throws {
        try requireDlibModel()
        let scratch = try TestData.temporaryDirectory(self)
        _ = try TestData.dataset("dlib-faces")
        _ = try run(["run", "--dataset", "dlib-faces", "--detector", "hog:landmarks=dlib68", "--warmup", "0", "--out", scratch + "/source", "--quiet"], scratch: scratch)
        _ = try python([TestData.packageRoot + "/scripts/face-api-examples.py", scratch + "/source/dlib-faces", scratch + "/examples"])
        for file in ["mlkit.json", "apple-vision.json", "google-vision.json", "watson.json"] {
            let made = try String(contentsOfFile: scratch + "/examples/" + file, encoding: .utf8)
            let committed = try String(contentsOfFile: TestData.packageRoot + "/\(Self.examples)/" + file, encoding: .utf8)
            XCTAssertTrue(made == committed, "\(file) differs from what scripts/face-api-examples.py makes of hog+dlib68's run")
        }
    }
}
