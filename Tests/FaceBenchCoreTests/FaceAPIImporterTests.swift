import Foundation
import XCTest
@testable import FaceBenchModel
@testable import FaceBenchIO
@testable import FaceBenchReports

/// The face-API importers on small hand-written responses in each service's documented
/// shape: boxes converted to pixels, attributes kept, images matched by name, and clear
/// errors for entries that match no image.
final class FaceAPIImporterTests: XCTestCase {
    let dataset = Dataset(
        name: "tiny", format: "test", root: "/tmp", annotationFiles: [],
        samples: [
            Sample(id: 1, name: "a.jpg", width: 200, height: 100, faces: []),
            Sample(id: 2, name: "folder/b.png", width: 50, height: 40, faces: []),
            Sample(id: 3, name: "c.jpg", faces: []),
        ])
    var directory: String!

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "facebench-importers-\(UUID().uuidString.prefix(8))"
        try FileIO.createDirectory(directory)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func write(_ text: String, _ name: String = "input.json") throws -> String {
        let path = directory + "/" + name
        try FileIO.writeAtomically(text, to: path)
        return path
    }

    func testWatsonDetectFacesResponse() throws {
        let path = try write("""
            {"images": [
              {"faces": [{"age": {"max": 44, "min": 35, "score": 0.446989},
                          "face_location": {"height": 75, "left": 256, "top": 93, "width": 66},
                          "gender": {"gender": "MALE", "gender_label": "male", "score": 0.99593055}}],
               "image": "a.jpg"},
              {"faces": [], "source_url": "https://example.org/pictures/b.png?size=large", "resolved_url": "https://example.org/pictures/b.png"}
            ], "images_processed": 2}
            """)
        let importer = WatsonImporter()
        XCTAssertTrue(importer.recognises(path))
        XCTAssertFalse(GoogleVisionImporter().recognises(path))
        let detections = try importer.load(path, for: dataset)
        XCTAssertEqual(detections[1], [Detection(
            box: Box(x: 256, y: 93, width: 66, height: 75), score: 1,
            attributes: ["age_min": "35", "age_max": "44", "age_score": "0.446989", "gender": "MALE", "gender_score": "0.99593055"])])
        XCTAssertEqual(detections[2], [], "matched by the URL's file name, base name alone")
        XCTAssertNil(detections[3], "an image without an entry has no detections")
    }

    func testUnmatchedAndRepeatedImagesAreErrorsNamingTheField() throws {
        let unmatched = try write(#"{"images": [{"image": "a.jpg", "faces": []}, {"image": "zebra.jpg", "faces": []}]}"#)
        XCTAssertThrowsError(try WatsonImporter().load(unmatched, for: dataset)) { error in
            XCTAssertEqual("\(error)", "\(unmatched): images[1].faces: image 'zebra.jpg' matches no image of dataset tiny (matched by name, name without extension, or file name alone)")
        }
        let repeated = try write(#"{"a.jpg": [], "a": []}"#)
        XCTAssertThrowsError(try MLKitImporter().load(repeated, for: dataset)) { error in
            XCTAssertTrue("\(error)".contains(#"["a"]: image 'a' was already given at ["a.jpg"]"#), "\(error)")
        }
        let missingBox = try write(#"{"images": [{"image": "a.jpg", "faces": [{"face_location": {"left": 1, "top": 2, "width": 3}}]}]}"#)
        XCTAssertThrowsError(try WatsonImporter().load(missingBox, for: dataset)) { error in
            XCTAssertEqual("\(error)", "\(missingBox): images[0].faces[0].face_location.height: must be a number")
        }
    }

    func testGoogleVisionAnnotationsByURIWithOmittedZeroCoordinates() throws {
        let path = try write("""
            {"responses": [{
              "context": {"uri": "gs://bucket/a.jpg"},
              "faceAnnotations": [{
                "boundingPoly": {"vertices": [{"y": 5}, {"x": 120, "y": 5}, {"x": 120, "y": 95}, {"y": 95}]},
                "fdBoundingPoly": {"vertices": [{"x": 10, "y": 20}, {"x": 100, "y": 20}, {"x": 100, "y": 90}, {"x": 10, "y": 90}]},
                "landmarks": [{"type": "LEFT_EYE", "position": {"x": 30.5, "y": 40.25, "z": 0.1}},
                              {"type": "RIGHT_EYE", "position": {"x": 70, "y": 41}}],
                "rollAngle": -2.5, "panAngle": 10, "tiltAngle": 3,
                "detectionConfidence": 0.93, "landmarkingConfidence": 0.6,
                "joyLikelihood": "VERY_LIKELY", "headwearLikelihood": "VERY_UNLIKELY"}]
            }]}
            """)
        XCTAssertTrue(GoogleVisionImporter().recognises(path))
        let face = try XCTUnwrap(try GoogleVisionImporter().load(path, for: dataset)[1]?.first)
        XCTAssertEqual(face.box, Box(x: 10, y: 20, width: 90, height: 70), "fdBoundingPoly is the face box")
        XCTAssertEqual(face.score, 0.93)
        XCTAssertEqual(face.landmarks, [Point(x: 30.5, y: 40.25), Point(x: 70, y: 41)])
        XCTAssertEqual(face.attributes["head_box"], "0.0,5.0,120.0,90.0", "boundingPoly, with its omitted x read as 0")
        XCTAssertEqual(face.attributes["landmark_types"], "LEFT_EYE,RIGHT_EYE")
        XCTAssertEqual(face.attributes["rollAngle"], "-2.5")
        XCTAssertEqual(face.attributes["joyLikelihood"], "VERY_LIKELY")
    }

    func testGoogleVisionSynchronousResponsesNeedNames() throws {
        let path = try write(#"{"responses": [{"faceAnnotations": []}]}"#)
        XCTAssertThrowsError(try GoogleVisionImporter().load(path, for: dataset)) { error in
            XCTAssertTrue("\(error)".hasPrefix("\(path): responses[0]: no context.uri naming the image"), "\(error)")
        }
    }

    func testGoogleVisionFolderOfPerImageResponses() throws {
        let folder = directory + "/vision"
        try FileIO.createDirectory(folder)
        try FileIO.writeAtomically(#"{"responses": [{"faceAnnotations": [{"boundingPoly": {"vertices": [{"x": 1, "y": 2}, {"x": 11, "y": 22}]}, "detectionConfidence": 0.5}]}]}"#, to: folder + "/b.png.json")
        try FileIO.writeAtomically(#"{"faceAnnotations": []}"#, to: folder + "/a.json")
        XCTAssertTrue(GoogleVisionImporter().recognises(folder))
        let detections = try GoogleVisionImporter().load(folder, for: dataset)
        XCTAssertEqual(detections[2], [Detection(box: Box(x: 1, y: 2, width: 10, height: 20), score: 0.5)])
        XCTAssertEqual(detections[1], [])
    }

    func testMLKitFacesInPixels() throws {
        let path = try write("""
            {"images": [{"image": "a.jpg", "faces": [{
              "boundingBox": {"left": 12, "top": 8, "right": 52, "bottom": 60},
              "headEulerAngleX": 1.5, "headEulerAngleY": -20, "headEulerAngleZ": 3,
              "smilingProbability": 0.87, "leftEyeOpenProbability": 0.99, "rightEyeOpenProbability": 0.2,
              "trackingId": 4,
              "landmarks": [{"type": "NOSE_BASE", "position": {"x": 30, "y": 35}}]}]}]}
            """)
        XCTAssertTrue(MLKitImporter().recognises(path))
        let face = try XCTUnwrap(try MLKitImporter().load(path, for: dataset)[1]?.first)
        XCTAssertEqual(face.box, Box(x: 12, y: 8, width: 40, height: 52))
        XCTAssertEqual(face.score, 1)
        XCTAssertEqual(face.landmarks, [Point(x: 30, y: 35)])
        XCTAssertEqual(face.attributes, [
            "headEulerAngleX": "1.5", "headEulerAngleY": "-20", "headEulerAngleZ": "3", "smilingProbability": "0.87",
            "leftEyeOpenProbability": "0.99", "rightEyeOpenProbability": "0.2", "trackingId": "4", "landmark_types": "NOSE_BASE",
        ])
    }

    func testAppleVisionNormalisedBottomLeftBoxesBecomePixels() throws {
        // a.jpg is 200 × 100. A box at (0.1, 0.2) of size 0.25 × 0.5 from the bottom-left is
        // x = 20, width = 50, height = 50, and its top edge is at 100 − (0.2 + 0.5) · 100 = 30.
        let path = try write("""
            {"images": [
              {"image": "a.jpg", "observations": [
                {"boundingBox": [[0.1, 0.2], [0.25, 0.5]], "confidence": 0.75, "roll": 0.1, "yaw": -0.2,
                 "faceCaptureQuality": 0.4, "landmarks": {"allPoints": [[0.5, 0.5], {"x": 0, "y": 1}]}},
                {"boundingBox": {"origin": {"x": 0.5, "y": 0}, "size": {"width": 0.5, "height": 0.25}}}]},
              {"image": "b.png", "observations": [{"boundingBox": {"x": 0, "y": 0.5, "width": 0.5, "height": 0.5}, "confidence": 1}]}
            ]}
            """)
        XCTAssertTrue(AppleVisionImporter().recognises(path))
        let detections = try AppleVisionImporter().load(path, for: dataset)
        let first = try XCTUnwrap(detections[1])
        XCTAssertEqual(first.count, 2)
        assertClose(first[0].box, Box(x: 20, y: 30, width: 50, height: 50))
        XCTAssertEqual(first[0].score, 0.75)
        // Landmarks are normalised to the face box: its centre, and its top-left corner.
        let points = try XCTUnwrap(first[0].landmarks)
        XCTAssertEqual(points.count, 2)
        assertClose(Box(x: points[0].x, y: points[0].y, width: points[1].x, height: points[1].y), Box(x: 45, y: 55, width: 20, height: 30))
        XCTAssertEqual(first[0].attributes, ["roll": "0.1", "yaw": "-0.2", "faceCaptureQuality": "0.4"])
        assertClose(first[1].box, Box(x: 100, y: 75, width: 100, height: 25))
        XCTAssertEqual(first[1].score, 1, "no confidence reads as 1")
        assertClose(try XCTUnwrap(detections[2]?.first?.box), Box(x: 0, y: 0, width: 25, height: 20))
    }

    func assertClose(_ a: Box, _ b: Box, file: StaticString = #filePath, line: UInt = #line) {
        for (x, y) in zip([a.x, a.y, a.width, a.height], [b.x, b.y, b.width, b.height]) {
            XCTAssertEqual(x, y, accuracy: 1e-9, "\(a) vs \(b)", file: file, line: line)
        }
    }

    func testAppleVisionNeedsTheImageSize() throws {
        let path = try write(#"{"c.jpg": [{"boundingBox": [[0, 0], [1, 1]]}]}"#)
        XCTAssertThrowsError(try AppleVisionImporter().load(path, for: dataset)) { error in
            XCTAssertTrue("\(error)".contains("the size of image 'c.jpg' is unknown"), "\(error)")
        }
    }

    func testFileKindPicksTheFormatOrTakesItFromTheSpec() throws {
        let registry = DetectorRegistry([ImportedDetectorKind.kind(importers: [WatsonImporter(), MLKitImporter(), AppleVisionImporter()])])
        let context = DetectorContext(dataset: dataset)
        let watson = try write(#"{"images": [{"image": "a.jpg", "faces": [{"face_location": {"left": 1, "top": 2, "width": 3, "height": 4}}]}], "images_processed": 1}"#, "watson.json")
        let factory = try registry.factory(for: "file:\(watson)", context: context)
        XCTAssertEqual(factory.info.id, "file-watson")
        XCTAssertTrue(factory.info.isImported)
        XCTAssertEqual(factory.info.spec, "file:watson:\(watson)")
        let detector = try factory.makeDetector()
        let input = DetectorInput(image: GrayImage(width: 0, height: 0), name: "a.jpg")
        XCTAssertEqual(try detector.detect(input).map(\.box), [Box(x: 1, y: 2, width: 3, height: 4)])

        // A name-keyed file any of the three could hold: the format must be named.
        let plain = try write(#"{"a.jpg": []}"#, "plain.json")
        XCTAssertThrowsError(try registry.factory(for: "file:\(plain)", context: context)) { error in
            XCTAssertTrue("\(error)".contains("is in no recognised format; name it: file:FORMAT:PATH"), "\(error)")
        }
        XCTAssertEqual(try registry.factory(for: "mine=file:mlkit:\(plain)", context: context).info.id, "mine")
        XCTAssertThrowsError(try registry.factory(for: "file:\(watson)")) { error in
            XCTAssertTrue("\(error)".contains("use them with `facebench run --dataset …`"), "\(error)")
        }
    }
}
