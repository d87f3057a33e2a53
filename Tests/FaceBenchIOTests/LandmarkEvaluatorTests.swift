import Foundation
@testable import FaceBenchModel
@testable import FaceBenchEvaluation
@testable import FaceBenchIO
import XCTest

/// The `landmarks` protocol on hand-made faces whose numbers are worked out here (and in
/// docs/evaluation.md), the schemes' common five, the landmark stage's spec handling, and
/// bad landmark input.
final class LandmarkEvaluatorTests: XCTestCase {
    /// Five-point ground truth of a face: eyes 40 px apart.
    static let truth = [Point(x: 30, y: 40), Point(x: 70, y: 40), Point(x: 50, y: 60), Point(x: 35, y: 80), Point(x: 65, y: 80)]

    func dataset(_ faces: [Face]) -> Dataset {
        Dataset(name: "toy", format: "test", root: "/toy", annotationFiles: [],
                samples: [Sample(id: 1, name: "a.png", path: nil, width: 200, height: 200, faces: faces)], landmarkScheme: "mitcmu6")
    }

    /// mitcmu6 order: right eye, left eye, nose, right mouth corner, mouth centre, left mouth corner.
    func mitcmu(_ five: [Point]) -> [Point] { [five[0], five[1], five[2], five[3], Point(x: 50, y: 82), five[4]] }

    func testWorkedExample() throws {
        // Face 1: every point 2 px off → NME 2/40 = 0.05. Face 2: the nose 12 px off, the rest
        // exact → NME (12/40)/5 = 0.06. Face 3: found by its box, but no points.
        let shifted = Self.truth.map { Point(x: $0.x + 2, y: $0.y) }
        var nose = Self.truth
        nose[2].y += 12
        let faces = [
            Face(box: Box(x: 10, y: 20, width: 80, height: 80), landmarks: mitcmu(Self.truth)),
            Face(box: Box(x: 110, y: 20, width: 40, height: 40), landmarks: mitcmu(Self.truth.map { Point(x: $0.x + 100, y: $0.y) })),
            Face(box: Box(x: 10, y: 120, width: 80, height: 80), landmarks: mitcmu(Self.truth.map { Point(x: $0.x, y: $0.y + 100) })),
        ]
        let detections = [
            Detection(box: Box(x: 10, y: 20, width: 80, height: 80), score: 0.9, landmarks: shifted),
            Detection(box: Box(x: 110, y: 20, width: 40, height: 40), score: 0.8, landmarks: nose.map { Point(x: $0.x + 100, y: $0.y) }),
            Detection(box: Box(x: 10, y: 120, width: 80, height: 80), score: 0.7),
        ]
        var options = EvaluationOptions()
        options.landmarkScheme = .five
        let data = dataset(faces)
        let result = try LandmarkEvaluator().evaluate(dataset: data, samples: data.samples, detections: [detections], options: options).json
        XCTAssertEqual(result["normaliser"]?.string, "eye_centres")
        XCTAssertEqual(result["points"]?.array?.compactMap(\.string), LandmarkScheme.commonFiveNames)
        XCTAssertEqual(result["faces_scored"]?.int, 2)
        XCTAssertEqual(result["faces_without_landmarks"]?.int, 1)
        XCTAssertEqual(try XCTUnwrap(result["nme"]?["mean"]?.double), 0.055, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(result["nme"]?["median"]?.double), 0.055, accuracy: 1e-12)
        XCTAssertEqual(result["failure_rate"]?["0.08"]?.double, 0)
        // AUC@0.08 = ((0.08 − 0.05) + (0.08 − 0.06)) / (2 × 0.08) = 0.3125.
        XCTAssertEqual(try XCTUnwrap(result["auc"]?["0.08"]?.double), 0.3125, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(result["auc"]?["0.10"]?.double), 0.45, accuracy: 1e-12)
        // The nose: (0.05 + 0.3) / 2.
        XCTAssertEqual(try XCTUnwrap(result["per_point"]?.array?[2]["mean_error"]?.double), 0.175, accuracy: 1e-12)
        let sizes = try XCTUnwrap(result["by_size"]?.array)
        XCTAssertEqual(sizes[2]["nme_mean"]?.double ?? 0, 0.06, accuracy: 1e-12, "the 40 px face")
        XCTAssertEqual(sizes[3]["nme_mean"]?.double ?? 0, 0.05, accuracy: 1e-12, "the 80 px face")
    }

    func testCommonFiveOfEachScheme() throws {
        let ibug = (0..<68).map { Point(x: Double($0), y: 0) }
        let five = try XCTUnwrap(LandmarkScheme.ibug68.commonFivePoints(ibug))
        XCTAssertEqual(five[0]?.x, 38.5, "right eye centre: mean of points 37–42 (0-based 36–41)")
        XCTAssertEqual(five[1]?.x, 44.5)
        XCTAssertEqual(five[2]?.x, 30, "nose tip: point 31")
        XCTAssertEqual(five[3]?.x, 48, "mouth corners: points 49 and 55")
        XCTAssertEqual(five[4]?.x, 54)
        let blaze = try XCTUnwrap(LandmarkScheme.blazeFace.commonFivePoints((0..<6).map { Point(x: Double($0), y: 0) }))
        XCTAssertNil(blaze[3], "BlazeFace has no mouth corners")
        let pairing = LandmarkEvaluator.pairing(detector: .blazeFace, dataset: .ibug68)
        XCTAssertEqual(pairing.names, ["right_eye", "left_eye", "nose_tip"])
        XCTAssertNil(LandmarkScheme.ibug68.commonFivePoints([Point(x: 0, y: 0)]), "a face of another point count")
    }

    func testWrongPointCountAndNonFinitePointsAreErrorsNamingTheImage() {
        let face = Face(box: Box(x: 10, y: 20, width: 80, height: 80), landmarks: mitcmu(Self.truth))
        let data = dataset([face])
        var options = EvaluationOptions()
        options.landmarkScheme = .five
        for points in [Array(Self.truth.prefix(4)), [Point(x: .nan, y: 1)] + Self.truth.dropFirst()] {
            let detection = Detection(box: face.box, score: 1, landmarks: points)
            XCTAssertThrowsError(try LandmarkEvaluator().evaluate(dataset: data, samples: data.samples, detections: [[detection]], options: options)) {
                XCTAssertTrue("\($0)".contains("a.png: detection 0"), "\($0)")
            }
        }
    }

    struct Boxes: DetectorFactory {
        var info: DetectorInfo
        func makeDetector() throws -> any FaceDetector { OneBox() }
    }

    final class OneBox: FaceDetector {
        func detect(_ input: DetectorInput) throws -> [Detection] { [Detection(box: Box(x: 1, y: 2, width: 3, height: 4), score: 1)] }
    }

    final class Corners: LandmarkPredictor {
        func landmarks(_ input: DetectorInput, boxes: [Box]) throws -> [[Point]] { boxes.map { [Point(x: $0.x, y: $0.y)] } }
    }

    func registry(ownPoints: Bool = false) -> DetectorRegistry {
        let kind = DetectorKind(
            id: "box", summary: "", backend: "test", arguments: .parameters([ParameterSpec("size", .integer(atLeast: 1, atMost: 9), default: "1", help: "")])
        ) { request in
            Boxes(info: DetectorInfo(kind: "box", id: request.id, spec: request.canonicalSpec, backend: "test", library: "",
                                     parameters: request.parameters.inEffect, scoreMeaning: "", landmarkScheme: ownPoints ? .five : nil))
        }
        let stage = LandmarkStage(
            id: "corner", summary: "", scheme: LandmarkScheme(id: "corner", pointNames: ["corner"]), library: "lib 1",
            check: { nil }, makePredictor: { Corners() })
        return DetectorRegistry([kind], landmarkStages: [stage])
    }

    func testLandmarkStageWrapsAnyParameterKind() throws {
        let factory = try registry().factory(for: "box:size=2,landmarks=corner")
        XCTAssertEqual(factory.info.id, "box-size=2-landmarks=corner")
        XCTAssertEqual(factory.info.spec, "box:size=2,landmarks=corner")
        XCTAssertEqual(factory.info.landmarkScheme?.id, "corner")
        let detector = try factory.makeDetector()
        let found = try detector.detect(DetectorInput(image: GrayImage(width: 4, height: 4), name: "x"))
        XCTAssertEqual(found.first?.landmarks, [Point(x: 1, y: 2)])
        XCTAssertNotNil(detector.lastStageMilliseconds)
        XCTAssertEqual(try registry().factory(for: "me=box:landmarks=corner").info.id, "me")
    }

    /// exec:, plugin: and file: take free text, so `landmarks=` comes first, ended by a colon;
    /// the rest reaches the kind untouched, and imported boxes with a stage are timed.
    func testLandmarkStageOnFreeformKindsComesFirst() throws {
        let seen = LockedList()
        let free = DetectorKind(id: "free", summary: "", backend: "test", arguments: .freeform(usage: "TEXT")) { request in
            seen.append(request.spec.arguments ?? "")
            return Boxes(info: DetectorInfo(kind: "free", id: "free", spec: "free:" + (request.spec.arguments ?? ""), backend: "test",
                                            library: "", parameters: [], scoreMeaning: "", isImported: true))
        }
        let stage = LandmarkStage(
            id: "corner", summary: "", scheme: LandmarkScheme(id: "corner", pointNames: ["corner"]), library: "lib 1",
            check: { nil }, makePredictor: { Corners() })
        let registry = DetectorRegistry([free], landmarkStages: [stage])
        let factory = try registry.factory(for: "free:landmarks=corner:python3 det.py --x=1:2")
        XCTAssertEqual(seen.items, ["python3 det.py --x=1:2"])
        XCTAssertEqual(factory.info.spec, "free:landmarks=corner:python3 det.py --x=1:2")
        XCTAssertEqual(factory.info.id, "free-landmarks=corner")
        XCTAssertFalse(factory.info.isImported, "the stage runs on the images, so it is timed")
        let found = try factory.makeDetector().detect(DetectorInput(image: GrayImage(width: 4, height: 4), name: "x"))
        XCTAssertEqual(found.first?.landmarks, [Point(x: 1, y: 2)])
        _ = try registry.factory(for: "free:python3 landmarks=corner:x")
        XCTAssertEqual(seen.items.last, "python3 landmarks=corner:x", "only a leading landmarks= is the stage")
        XCTAssertThrowsError(try registry.factory(for: "free:landmarks=corner")) {
            XCTAssertTrue("\($0)".contains("on free, landmarks= comes before the free arguments and ends with ':'"), "\($0)")
        }
        XCTAssertThrowsError(try registry.factory(for: "free:landmarks=dlib9:x")) {
            XCTAssertTrue("\($0)".contains("landmarks='dlib9' is not a landmark stage; known: corner"), "\($0)")
        }
    }

    final class LockedList: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        func append(_ item: String) { lock.withLock { list.append(item) } }
        var items: [String] { lock.withLock { list } }
    }

    func testLandmarkStageSpecErrors() {
        let cases = [
            ("box:landmarks=dlib7", "landmarks='dlib7' is not a landmark stage; known: corner"),
            ("box:landmarks=corner,landmarks=corner", "parameter 'landmarks' given twice"),
        ]
        for (spec, message) in cases {
            XCTAssertThrowsError(try registry().factory(for: spec)) { XCTAssertTrue("\($0)".contains(message), "\($0)") }
        }
        XCTAssertThrowsError(try registry(ownPoints: true).factory(for: "box:landmarks=corner")) {
            XCTAssertTrue("\($0)".contains("box returns its own landmarks (five)"), "\($0)")
        }
    }

    func testDlibXMLLandmarkProblemsNameTheFileAndLine() throws {
        let folder = NSTemporaryDirectory() + "landmark-xml-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func xml(_ parts: String) -> String {
            "<dataset><images>\n<image file='a.jpg' width='100' height='100'>\n<box top='10' left='10' width='50' height='50'>\n\(parts)</box></image></images></dataset>"
        }
        let cases = [
            ("<part name='00' x='nan' y='3'/>\n", "x is nan"),
            ("<part name='00' x='900' y='3'/>\n", "far outside the 100x100 image"),
            ("<part name='00' x='1' y='3'/>\n<part name='02' x='1' y='3'/>\n", "part 1 is missing or repeated"),
        ]
        for (parts, message) in cases {
            let path = folder + "/faces.xml"
            try xml(parts).write(toFile: path, atomically: true, encoding: .utf8)
            XCTAssertThrowsError(try DlibXMLLoader.load(files: [path], root: folder, name: "x")) { error in
                XCTAssertTrue("\(error)".contains(path) && "\(error)".contains("line") && "\(error)".contains(message), "\(error)")
            }
        }
    }

    func testCOCOKeypointGroundTruth() throws {
        func file(_ keypoints: String) -> [UInt8] {
            Array("""
            {"images": [{"id": 1, "file_name": "a.jpg", "width": 100, "height": 100}],
             "categories": [{"id": 1, "name": "face", "keypoints": [\(LandmarkScheme.five.pointNames.map { "\"\($0)\"" }.joined(separator: ", "))]}],
             "annotations": [{"id": 1, "image_id": 1, "category_id": 1, "bbox": [10, 10, 50, 50], "keypoints": \(keypoints)}]}
            """.utf8)
        }
        let points = (0..<5).map { "\(20 + $0), 30, 2" }.joined(separator: ", ")
        let dataset = try COCOLoader.load(bytes: file("[\(points)]"), file: "gt.json", name: "x")
        XCTAssertEqual(dataset.landmarkScheme, "five")
        XCTAssertEqual(dataset.samples[0].faces[0].landmarks?.last, Point(x: 24, y: 30))
        XCTAssertThrowsError(try COCOLoader.load(bytes: file("[1, 2, 2]"), file: "gt.json", name: "x")) {
            XCTAssertTrue("\($0)".contains("gt.json") && "\($0)".contains("has 3 keypoint numbers; the category names 5 points"), "\($0)")
        }
        let unlabelled = try COCOLoader.load(bytes: file("[\(points.dropLast()) 0]"), file: "gt.json", name: "x")
        XCTAssertNil(unlabelled.samples[0].faces[0].landmarks, "a face with an unlabelled point is not scored")
    }
}
