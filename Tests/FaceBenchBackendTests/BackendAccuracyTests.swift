import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchIO
import FaceBenchDlib
import FaceBenchTestSupport
import XCTest

/// Each backend finds faces on dlib-faces as Tests/Fixtures/Accuracy/backends.json expects (its
/// figures were measured with OpenCV 4.6.0 and dlib 19.24.0, Debian 12; its margin allows for
/// other library builds). The same expectations on every dataset, MIT+CMU included, are `make
/// accuracy-checks` (scripts/accuracy-checks.py over a release-build run, a step of .ci/run).
final class BackendAccuracyTests: XCTestCase {
    func check(_ detector: String, _ datasetName: String) throws {
        let file = try JSONReader.parse(file: TestData.fixture("Accuracy/backends.json"))
        let margin = try XCTUnwrap(file["margin"]?.double), minimumAP = try XCTUnwrap(file["min_ap50"]?.double)
        let expected = try XCTUnwrap(file["expectations"]?.array?.first { $0["detector"]?.string == detector && $0["dataset"]?.string == datasetName },
                                     "no expectation for \(detector) on \(datasetName)")
        let faces = try XCTUnwrap(expected["faces"]?.int), tp = try XCTUnwrap(expected["tp"]?.int), fp = try XCTUnwrap(expected["fp"]?.int)
        let dataset = try TestData.dataset(datasetName)
        XCTAssertEqual(dataset.faceCount, faces, "\(datasetName): faces")
        let metrics = DetectionMetrics.evaluate(samples: dataset.samples, detections: try detectAll(detector, on: dataset)).metrics
        XCTAssertEqual(metrics.recall, Double(tp) / Double(faces), accuracy: margin, "\(detector) on \(datasetName): recall")
        XCTAssertEqual(metrics.precision, Double(tp) / Double(tp + fp), accuracy: margin, "\(detector) on \(datasetName): precision")
        XCTAssertGreaterThan(metrics.averagePrecision, minimumAP, "\(detector) on \(datasetName): AP")
    }

    func testHaarOnDlibFaces() throws { try check("haar", "dlib-faces") }
    func testLBPOnDlibFaces() throws { try check("lbp", "dlib-faces") }
    func testHOGOnDlibFaces() throws { try check("hog", "dlib-faces") }

    func testDetectionIsDeterministic() throws {
        var dataset = try TestData.dataset("dlib-faces")
        dataset.samples = Array(dataset.samples.prefix(3))
        for spec in ["haar:scale=1.2", "lbp", "hog:upsample=0"] {
            XCTAssertEqual(try detectAll(spec, on: dataset, fresh: true), try detectAll(spec, on: dataset, fresh: true), spec)
        }
    }

    func testDlibLandmarkStagesFallInsideTheirFaces() throws {
        var dataset = try TestData.dataset("dlib-faces")
        dataset.samples = [dataset.samples[2]]
        var specs = [("hog:landmarks=true", 68), ("haar:landmarks=dlib68", 68)]
        let fivePoints = try XCTUnwrap(DlibBackend.installedModels.first { $0.path.hasSuffix("shape_predictor_5_face_landmarks.dat") })
        if (try? testModels.locate(fivePoints, for: "dlib5")) != nil { specs.append(("lbp:landmarks=dlib5", 5)) }
        for (spec, count) in specs {
            let found = try detectAll(spec, on: dataset)[0]
            XCTAssertFalse(found.isEmpty, spec)
            try assertPointsInsideFaces(found, count: count)
        }
    }

    func assertPointsInsideFaces(_ found: [Detection], count: Int) throws {
        for detection in found {
            let points = try XCTUnwrap(detection.landmarks)
            XCTAssertEqual(points.count, count)
            let grown = Box(x: detection.box.x - detection.box.width * 0.25, y: detection.box.y - detection.box.height * 0.25,
                            width: detection.box.width * 1.5, height: detection.box.height * 1.5)
            XCTAssertTrue(points.allSatisfy { grown.x <= $0.x && $0.x <= grown.maxX && grown.y <= $0.y && $0.y <= grown.maxY })
        }
    }
}
