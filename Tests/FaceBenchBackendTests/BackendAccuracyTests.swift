import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchDlib
import FaceBenchTestSupport
import XCTest

/// Each backend finds faces on both shared datasets. The expected figures were measured with
/// OpenCV 4.6.0 and dlib 19.24.0 (Debian 12); the margins allow for other library builds.
final class BackendAccuracyTests: XCTestCase {
    func check(_ spec: String, _ datasetName: String, recall: Double, precision: Double, margin: Double = 0.02) throws {
        let dataset = try TestData.dataset(datasetName)
        let found = try detectAll(spec, on: dataset)
        let metrics = DetectionMetrics.evaluate(samples: dataset.samples, detections: found).metrics
        XCTAssertEqual(metrics.recall, recall, accuracy: margin, "\(spec) on \(datasetName): recall")
        XCTAssertEqual(metrics.precision, precision, accuracy: margin, "\(spec) on \(datasetName): precision")
        XCTAssertGreaterThan(metrics.averagePrecision, 0.3, "\(spec) on \(datasetName): AP")
    }

    func testHaarOnDlibFaces() throws { try check("haar", "dlib-faces", recall: 37.0 / 43, precision: 37.0 / 45) }
    func testLBPOnDlibFaces() throws { try check("lbp", "dlib-faces", recall: 32.0 / 43, precision: 32.0 / 38) }
    func testHOGOnDlibFaces() throws { try check("hog", "dlib-faces", recall: 1, precision: 1) }
    func testHaarOnMITCMU() throws { try check("haar", "mit-cmu", recall: 436.0 / 511, precision: 436.0 / 504) }
    func testLBPOnMITCMU() throws { try check("lbp", "mit-cmu", recall: 383.0 / 511, precision: 383.0 / 422) }
    func testHOGOnMITCMU() throws { try check("hog", "mit-cmu", recall: 272.0 / 511, precision: 272.0 / 326) }

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
