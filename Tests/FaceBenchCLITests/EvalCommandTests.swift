import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchIO
import FaceBenchTestSupport
import XCTest

/// `facebench eval` as a user runs it: formats recognised, protocol keys in JSON, bad input
/// reported with file and line and a non-zero status, usage errors with status 64.
final class EvalCommandTests: XCTestCase {
    let groundTruth = TestData.twoImageCOCO

    func testJSONOutputHasEveryProtocolsKeys() throws {
        let scratch = try TestData.temporaryDirectory(self)
        let gt = try TestData.write(groundTruth, to: "gt.json", in: scratch)
        let results = try TestData.write(
            """
            [{"image_id": 2, "category_id": 1, "bbox": [100, 100, 20, 20], "score": 0.9},
             {"image_id": 1, "category_id": 1, "bbox": [12, 10, 40, 40], "score": 0.8},
             {"image_id": 1, "category_id": 1, "bbox": [300, 10, 40, 40], "score": 0.95}]
            """, to: "detector.coco.json", in: scratch)
        let outcome = try CommandRunner.run(["eval", "--dataset", gt, "--predictions", results, "--format", "json"], scratch: scratch)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let json = try JSONReader.parse(Array(outcome.stdout.utf8), path: "stdout")
        XCTAssertEqual(json["label"]?.string, "detector")
        for key in COCOSummary.keys { XCTAssertNotNil(json["coco"]?[key]?.double, key) }
        XCTAssertEqual(json["voc"]?["tp"]?.int, 2)
        XCTAssertNotNil(json["voc"]?["AP11"]?.double)
        XCTAssertEqual(json["fp_table"]?["detection_rate"]?["10"], .null, "one false positive only")
        XCTAssertEqual(json["per_image"]?.array?.first?["name"]?.string, "a.jpg")
        XCTAssertNotNil(json["sizes"]?["buckets"])
        for key in ErrorAnalysisResult.deltaKeys { XCTAssertNotNil(json["errors"]?["dap"]?[key]?.double, key) }
        XCTAssertEqual(json["errors"]?["counts"]?["background"]?.int, 1, "the box at x 300 overlaps no face")
        XCTAssertEqual(json["errors"]?["images"]?.array?.first?["detections"]?.array?.first?["index"]?.int, 1)
        XCTAssertEqual(outcome.stderr, "", "timings go to stderr only with --repeat")
    }

    func testUnknownWIDERFlavorIsAUsageError() throws {
        let scratch = try TestData.temporaryDirectory(self)
        let gt = try TestData.write(groundTruth, to: "gt.json", in: scratch)
        let outcome = try CommandRunner.run(["eval", "--dataset", gt, "--predictions", gt, "--wider-flavor", "octave"], scratch: scratch)
        XCTAssertEqual(outcome.status, 64)
        XCTAssertTrue(outcome.stderr.contains("--wider-flavor expects matlab, python, got 'octave'"), outcome.stderr)
    }

    func testSeveralPredictionFilesInOneTable() throws {
        let scratch = try TestData.temporaryDirectory(self)
        let gt = try TestData.write(groundTruth, to: "gt.json", in: scratch)
        let a = try TestData.write("[{\"image_id\": 1, \"category_id\": 1, \"bbox\": [10, 10, 40, 40], \"score\": 0.9}]", to: "a.json", in: scratch)
        let b = try TestData.write("[]", to: "b.json", in: scratch)
        let outcome = try CommandRunner.run(
            ["eval", "--dataset", gt, "--predictions", "first=" + a, "--predictions", "second=" + b, "--protocol", "coco,voc"], scratch: scratch)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertTrue(outcome.stdout.contains("| first "), outcome.stdout)
        XCTAssertTrue(outcome.stdout.contains("| second "), outcome.stdout)
        XCTAssertTrue(outcome.stdout.contains("no detections at all"), "the empty file is flagged: \(outcome.stdout)")
        XCTAssertTrue(outcome.stdout.contains("### coco") && outcome.stdout.contains("### voc"), outcome.stdout)
        XCTAssertFalse(outcome.stdout.contains("### per_image"), "only the protocols asked for")
    }

    func testMalformedPredictionsFailWithFileAndLine() throws {
        let scratch = try TestData.temporaryDirectory(self)
        let gt = try TestData.write(groundTruth, to: "gt.json", in: scratch)
        let results = try TestData.write(
            "[{\"image_id\": 1, \"category_id\": 1, \"bbox\": [10, 10, 40, 40], \"score\": 0.9},\n{\"image_id\": 1, \"category_id\": 1, \"bbox\": [10, 10, 40, 40], \"score\": NaN}]",
            to: "bad.json", in: scratch)
        let outcome = try CommandRunner.run(["eval", "--dataset", gt, "--predictions", results], scratch: scratch)
        XCTAssertEqual(outcome.status, 1)
        XCTAssertTrue(outcome.stderr.contains("bad.json: line 2, column 70: entry [1].score is nan"), outcome.stderr)
    }

    /// FDDB folds 1–2 (copied to a scratch folder) with a fixture's detections: the ROC files
    /// written with --roc-out equal the reference's; --repeat times every stage.
    func testWritesFDDBROCFilesAndTimesRepeatedRuns() throws {
        let folds = try TestData.file("fddb-folds")
        let scratch = try TestData.temporaryDirectory(self)
        for fold in ["01", "02"] {
            try FileIO.writeAtomically(FileIO.read("\(folds)/FDDB-fold-\(fold)-ellipseList.txt"), to: "\(scratch)/gt/FDDB-fold-\(fold)-ellipseList.txt")
        }
        let fixtures = TestData.fixture("FDDB")
        let outcome = try CommandRunner.run([
            "eval", "--dataset", scratch + "/gt", "--predictions", fixtures + "/unit.txt", "--protocol", "fddb", "--roc-out", scratch + "/unit-",
            "--repeat", "2", "--format", "json",
        ], scratch: scratch)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        for kind in ["DiscROC", "ContROC"] {
            XCTAssertEqual(try FileIO.readText("\(scratch)/unit-\(kind).txt"), try FileIO.readText("\(fixtures)/unit-\(kind).txt"), kind)
        }
        let json = try JSONReader.parse(Array(outcome.stdout.utf8), path: "stdout")
        XCTAssertEqual(json["fddb"]?["faces"]?.int, 1034)
        XCTAssertEqual(json["faces"]?.int, 1034)
        XCTAssertEqual(json["timing"]?["repeats"]?.int, 2)
        for key in ["dataset_ms", "read_ms"] { XCTAssertNotNil(json["timing"]?[key]?.double, key) }
        XCTAssertNotNil(json["timing"]?["evaluate_ms"]?["fddb"]?.double)
        XCTAssertTrue(outcome.stderr.contains("(best of 2)"), outcome.stderr)
    }

    func testUsageErrors() throws {
        let scratch = try TestData.temporaryDirectory(self)
        let gt = try TestData.write(groundTruth, to: "gt.json", in: scratch)
        let results = try TestData.write("[]", to: "r.json", in: scratch)
        let ambiguous = try TestData.write(#"{"images_processed": 1, "observations": []}"#, to: "either.json", in: scratch)
        let unknown = try TestData.write("x y\n", to: "plain.txt", in: scratch)
        let runResults = try TestData.write(#"{"schema": "facebench.results/1", "environment": {}}"#, to: "results.json", in: scratch)
        let runFolder = scratch + "/run/dlib-faces"
        try FileIO.createDirectory(runFolder + "/haar.wider")
        _ = try TestData.write("{}", to: "results.json", in: runFolder)
        let cases: [([String], String)] = [
            (["eval", "--predictions", results], "facebench eval: error: --dataset is required\n"),
            (["eval", "--dataset", gt], "give at least one --predictions file"),
            (["eval", "--dataset", gt, "--predictions", results, "--protocol", "coc"], "unknown protocol 'coc'. Did you mean 'coco'?"),
            (["eval", "--dataset", gt, "--predictions", results, "--max-dets", "10,1,100"], "--max-dets expects three increasing positive counts"),
            (["eval", "--dataset", gt, "--predictions", results, "--importer", "yolo"], "unknown format 'yolo' (--importer FORMAT); formats: coco"),
            (["eval", "--dataset", gt, "--predictions", ambiguous], "could be watson or apple-vision; name the format: --importer FORMAT"),
            (["eval", "--dataset", gt, "--predictions", unknown], "is in no recognised format; name it: --importer FORMAT with FORMAT one of coco-keypoints, coco, "),
            (["eval", "--dataset", gt, "--predictions", gt], "gt.json is COCO ground truth (an object with images and annotations), not detections: give it as --dataset"),
            (["eval", "--dataset", gt, "--predictions", runFolder], "dlib-faces is a FaceBench run folder, not detections: pass one of its <detector>.coco.json files"),
            (["eval", "--dataset", gt, "--predictions", runResults], "results.json is FaceBench run results (results.json), not detections: pass the COCO results beside it"),
            (["eval", "--dataset", gt, "--predictions", results, "--format", "xml"], "--format expects markdown or json, got 'xml'"),
            (["eval", "--dataset", gt, "--predictions", results, "--repeat", "0"], "--repeat expects an integer in 1…1000"),
            (["eval", "--dataset", gt, "--predictions", results, "--roc-out", scratch + "/x-"], "--roc-out writes the fddb protocol's ROC"),
        ]
        for (arguments, expected) in cases {
            let outcome = try CommandRunner.run(arguments, scratch: scratch)
            XCTAssertEqual(outcome.status, 64, "\(arguments): \(outcome.stderr)")
            XCTAssertTrue(outcome.stderr.contains(expected), "\(arguments): \(outcome.stderr)")
        }
    }
}
