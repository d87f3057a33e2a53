import COpenCVShim
import FaceBenchModel
import FaceBenchIO
@testable import FaceBenchOpenCV
import FaceBenchTestSupport
import Foundation
import XCTest

/// `scrfd` against InsightFace's own SCRFD class run with onnxruntime outside FaceBench
/// (scripts/scrfd-reference.py): the same faces in the same order, box corners within 0.5 px,
/// landmarks within 1 px, scores within 1e-3. The whole of dlib-faces and MIT+CMU at both
/// sizes is `make model-parity`; here dlib-faces keeps the debug suite quick.
final class SCRFDTests: XCTestCase {
    static let python = TestData.packageRoot + "/.build/scrfd-reference-venv/bin/python"

    func model() throws -> String {
        do { return try testModels.locate(SCRFDDetector.model, for: "scrfd") } catch { throw XCTSkip("\(error)") }
    }

    func reference(size: String, images: [String]) throws -> [String: [JSONValue]] {
        guard FileManager.default.isExecutableFile(atPath: Self.python) else {
            throw XCTSkip("the SCRFD reference environment is missing (scripts/install-dependencies.sh makes it)")
        }
        let request: JSONValue = .object([
            "score": JSONValue(0.5), "nms": JSONValue(0.4), "size": JSONValue(size), "model": JSONValue(SCRFDDetector.defaultModel),
            "images": JSONValue(images),
        ])
        return try referenceFaces(python: Self.python, script: "scrfd-reference.py", request: request)
    }

    func checkParity(_ spec: String, size: String, atLeast minimumFaces: Int, samples: (Dataset) -> [Sample] = { $0.samples }) throws {
        _ = try model()
        var dataset = try TestData.dataset("dlib-faces")
        dataset.samples = samples(dataset)
        let expected = try reference(size: size, images: dataset.samples.compactMap(\.path))
        let found = try detectAll(spec, on: dataset)
        var faces = 0
        for (sample, detections) in zip(dataset.samples, found) {
            let theirs = expected[sample.path!] ?? []
            faces += theirs.count
            XCTAssertEqual(detections.count, theirs.count, "\(spec) on \(sample.name): face count")
            for (index, (mine, face)) in zip(detections, theirs).enumerated() {
                let box = (face["box"]?.array ?? []).compactMap(\.double)
                let corners = [box[0], box[1], box[0] + box[2], box[1] + box[3]]
                let ours = [mine.box.x, mine.box.y, mine.box.x + mine.box.width, mine.box.y + mine.box.height]
                let boxOffset = zip(ours, corners).map { abs($0 - $1) }.max()!
                XCTAssertLessThanOrEqual(boxOffset, 0.5, "\(spec) on \(sample.name), face \(index): \(ours) vs \(corners)")
                let points = (face["landmarks"]?.array ?? []).flatMap { ($0.array ?? []).compactMap(\.double) }
                let ourPoints = (mine.landmarks ?? []).flatMap { [$0.x, $0.y] }
                XCTAssertEqual(ourPoints.count, 10, "\(spec) on \(sample.name), face \(index): 5 landmarks")
                XCTAssertLessThanOrEqual(zip(ourPoints, points).map { abs($0 - $1) }.max() ?? 0, 1, "\(spec) on \(sample.name), face \(index): landmarks")
                XCTAssertEqual(mine.score, face["score"]?.double ?? -1, accuracy: 1e-3, "\(spec) on \(sample.name), face \(index): score")
            }
        }
        XCTAssertGreaterThanOrEqual(faces, minimumFaces, "the reference found dlib-faces' faces")
    }

    func testMatchesInsightFaceOnDlibFaces() throws {
        try checkParity("scrfd", size: "vga", atLeast: 40)
    }

    /// At its own size each image runs through a copy of the 640x640 graph with its
    /// upsampling sizes rescaled; the smaller images keep this quick.
    func testOriginalSizeMatchesInsightFaceOnDlibFaces() throws {
        try checkParity("scrfd:size=original", size: "original", atLeast: 15) { dataset in
            Array(dataset.samples.filter { ($0.path.map { (try? FileIO.read($0).count) ?? 0 } ?? 0) < 150_000 }.prefix(4))
        }
    }

    func message(_ body: () throws -> Void) -> String {
        do {
            try body()
            return ""
        } catch {
            return String(describing: error)
        }
    }

    func testDamagedForeignAndMissingModelsAreErrorsNamingTheFile() throws {
        let source = try model()
        let folder = try TestData.temporaryDirectory(self)
        let bytes = try FileIO.read(source)
        let parameters = fb_scrfd_params(score_threshold: 0.5, nms_threshold: 0.4, input_width: 640, input_height: 640)
        let truncated = folder + "/truncated.onnx"
        try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: truncated))
        let damaged = message { _ = try SCRFDDetector(modelPath: truncated, parameters: parameters) }
        XCTAssertTrue(damaged.hasPrefix("scrfd: \(truncated): not a complete ONNX model (truncated"), damaged)

        let yunet = try testModels.locate(YuNetDetector.models[.march2022]!, for: "yunet")
        let foreign = message { _ = try backendRegistry.factory(for: "scrfd:model=\(yunet)") }
        XCTAssertTrue(foreign.contains("\(yunet): not an SCRFD export: 3 outputs (loc, conf, iou)"), foreign)

        let missing = folder + "/det_10g.onnx"
        let absent = message { _ = try backendRegistry.factory(for: "scrfd:model=\(missing)") }
        XCTAssertTrue(absent.contains("SCRFD model file \(missing) does not exist"), absent)
        let unreadable = message { _ = try SCRFDDetector(modelPath: missing, parameters: parameters) }
        XCTAssertEqual(unreadable, "scrfd: \(missing): cannot open the model file (missing or unreadable)")

        let odd = fb_scrfd_params(score_threshold: 0.5, nms_threshold: 0.4, input_width: 640, input_height: 500)
        let size = message { _ = try SCRFDDetector(modelPath: source, parameters: odd) }
        XCTAssertTrue(size.contains("640x500: this SCRFD graph needs sides that are multiples of 32"), size)
    }

    /// InsightFace's 2.5GF and 10GF exports compute their upsampling sizes from a dynamic
    /// input, which OpenCV 4.6's importer refuses; the error says so in those words.
    func testDynamicExportIsRefusedSayingWhy() throws {
        let source = try model()
        guard FileManager.default.isExecutableFile(atPath: Self.python) else {
            throw XCTSkip("the SCRFD reference environment (onnx) is missing (scripts/install-dependencies.sh makes it)")
        }
        let dynamic = try TestData.temporaryDirectory(self) + "/det_10g_like.onnx"
        _ = try runProcess(Self.python, [TestData.packageRoot + "/scripts/scrfd-reference.py", "--dynamic-export", source, dynamic], input: Data())
        let error = message { _ = try backendRegistry.factory(for: "scrfd:model=\(dynamic)") }
        XCTAssertTrue(error.contains("\(dynamic): OpenCV 4.6.0 cannot import this SCRFD export: its input shape 1x3x?x? is dynamic"), error)
        XCTAssertTrue(error.contains("use an export with a fixed input size such as 1x3x640x640"), error)
    }

    /// The user's own copy of the model, given as a path, runs as the default does; the id
    /// shows the file name and the landmark scheme comes from the graph.
    func testModelPathRunsTheUsersExport() throws {
        let source = try model()
        let folder = try TestData.temporaryDirectory(self)
        let copy = folder + "/det_500m.onnx"
        try FileManager.default.copyItem(atPath: source, toPath: copy)
        let factory = try backendRegistry.factory(for: "scrfd:model=\(copy)")
        XCTAssertEqual(factory.info.id, "scrfd-model=det_500m.onnx")
        XCTAssertEqual(factory.info.landmarkScheme, .five)
        var dataset = try TestData.dataset("dlib-faces")
        dataset.samples = Array(dataset.samples.prefix(2))
        XCTAssertEqual(try detectAll("scrfd:model=\(copy)", on: dataset), try detectAll("scrfd", on: dataset))
    }
}
