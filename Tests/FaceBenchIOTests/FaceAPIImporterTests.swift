import Foundation
import XCTest
@testable import FaceBenchModel
@testable import FaceBenchIO

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
        XCTAssertNil(face.landmarks, "two of cloudvision's 34 types are not a full set")
        XCTAssertTrue(try XCTUnwrap(face.attributes["missing_landmarks"]).hasPrefix("left_of_left_eyebrow,right_of_left_eyebrow,"))
        XCTAssertEqual(face.attributes["head_box"], "0.0,5.0,120.0,90.0", "boundingPoly, with its omitted x read as 0")
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
        let loaded = try MLKitImporter().load(path, for: dataset)
        let face = try XCTUnwrap(loaded[1]?.first)
        XCTAssertEqual(face.box, Box(x: 12, y: 8, width: 40, height: 52))
        XCTAssertEqual(face.score, 1)
        XCTAssertNil(face.landmarks, "one of ML Kit's ten types is not a full set")
        XCTAssertEqual(face.attributes, [
            "headEulerAngleX": "1.5", "headEulerAngleY": "-20", "headEulerAngleZ": "3", "smilingProbability": "0.87",
            "leftEyeOpenProbability": "0.99", "rightEyeOpenProbability": "0.2", "trackingId": "4",
            "missing_landmarks": "mouth_bottom,left_cheek,left_ear,left_eye,mouth_left,right_cheek,right_ear,right_eye,mouth_right",
        ])
        XCTAssertEqual(MLKitImporter().warnings(path, for: dataset, loaded: loaded), [
            "1 of 1 faces lack some of the 10 mlkit landmark types (first: mouth_bottom,left_cheek,left_ear,left_eye,mouth_left,"
                + "right_cheek,right_ear,right_eye,mouth_right); they are scored as found without landmarks",
        ])
        XCTAssertEqual(
            FaceAPIAttributes(face.attributes).lines, ["smile 0.87 eyes R0.20 L0.99", "yaw -20 pitch 2 roll 3"],
            "pitch 1.5 rounds to 2")
    }

    /// ML Kit's ten types by integer constant (Android's getLandmarkType) or by name, in any
    /// order, come out in scheme mlkit's order; its eyes and mouth corners are the common five.
    func testMLKitLandmarksByTypeCodeOrName() throws {
        let codes = [10, 4, 11, 5, 0, 1, 3, 6, 7, 9]
        var entries = codes.map { #"{"type": \#($0), "position": {"x": \#(Double($0) + 0.5), "y": \#(2 * $0)}}"# }
        entries[0] = #"{"type": "RightEye", "position": {"x": 10.5, "y": 20}}"#
        let path = try write(#"{"a.jpg": [{"boundingBox": {"left": 0, "top": 0, "right": 50, "bottom": 50}, "landmarks": ["#
            + entries.joined(separator: ",") + "]}]}")
        let face = try XCTUnwrap(try MLKitImporter().load(path, for: dataset)[1]?.first)
        let points = try XCTUnwrap(face.landmarks)
        XCTAssertEqual(points, LandmarkScheme.mlKitTypeCodes.map { Point(x: Double($0) + 0.5, y: Double(2 * $0)) })
        XCTAssertNil(face.attributes["missing_landmarks"])
        let five = try XCTUnwrap(LandmarkScheme.mlKit.commonFivePoints(points))
        XCTAssertEqual(five, [Point(x: 10.5, y: 20), Point(x: 4.5, y: 8), nil, Point(x: 11.5, y: 22), Point(x: 5.5, y: 10)],
                       "subject's right eye = RIGHT_EYE (10), no nose tip, right corner = MOUTH_RIGHT (11)")
        let unknown = try write(#"{"a.jpg": [{"boundingBox": {"left": 0, "top": 0, "right": 5, "bottom": 5}, "landmarks": [{"type": 2, "position": {"x": 1, "y": 1}}]}]}"#)
        XCTAssertThrowsError(try MLKitImporter().load(unknown, for: dataset)) { error in
            XCTAssertTrue("\(error)".hasPrefix(#"\#(unknown): ["a.jpg"][0].landmarks[0].type: expected an ML Kit landmark type: one of 0 MOUTH_BOTTOM"#), "\(error)")
        }
    }

    /// Cloud Vision's sides are the viewer's: its LEFT_EYE and MOUTH_LEFT are the subject's
    /// right eye and mouth corner; the cheek centres beyond the 34 types are dropped.
    func testGoogleVisionLandmarksMapViewerSidesToTheSubject() throws {
        let names = LandmarkScheme.cloudVision.pointNames.map { $0.uppercased() } + ["LEFT_CHEEK_CENTER", "UNKNOWN_LANDMARK"]
        let landmarks = names.enumerated().map { index, name in #"{"type": "\#(name)", "position": {"x": \#(index), "y": \#(index + 100), "z": 3}}"# }
        let path = try write(#"{"a.jpg": {"faceAnnotations": [{"fdBoundingPoly": {"vertices": [{"x": 1, "y": 1}, {"x": 60, "y": 60}]}, "landmarks": ["#
            + landmarks.joined(separator: ",") + "]}]}}")
        let face = try XCTUnwrap(try GoogleVisionImporter().load(path, for: dataset)[1]?.first)
        let points = try XCTUnwrap(face.landmarks)
        XCTAssertEqual(points.count, 34)
        let five = try XCTUnwrap(LandmarkScheme.cloudVision.commonFivePoints(points))
        XCTAssertEqual(five, [Point(x: 0, y: 100), Point(x: 1, y: 101), Point(x: 7, y: 107), Point(x: 10, y: 110), Point(x: 11, y: 111)])
        let nan = try write(#"{"a.jpg": {"faceAnnotations": [{"fdBoundingPoly": {"vertices": [{"x": 1}]}, "landmarks": [{"type": "NOSE_TIP", "position": {"x": "n"}}]}]}}"#)
        XCTAssertThrowsError(try GoogleVisionImporter().load(nan, for: dataset)) { error in
            XCTAssertEqual("\(error)", #"\#(nan): ["a.jpg"].faceAnnotations[0].landmarks[0].position: x and y must be finite numbers"#)
        }
    }

    func testAppleVisionNormalisedBottomLeftBoxesBecomePixels() throws {
        // a.jpg is 200 × 100. A box at (0.1, 0.2) of size 0.25 × 0.5 from the bottom-left is
        // x = 20, width = 50, height = 50, and its top edge is at 100 − (0.2 + 0.5) · 100 = 30.
        let path = try write("""
            {"images": [
              {"image": "a.jpg", "observations": [
                {"boundingBox": [[0.1, 0.2], [0.25, 0.5]], "confidence": 0.75, "roll": 0.1, "yaw": -0.2,
                 "faceCaptureQuality": 0.4, "landmarks": {
                   "allPoints": [[0.5, 0.5]], "rightPupil": [[0.25, 0.75]], "leftEye": {"normalizedPoints": [[0.7, 0.7], {"x": 0.8, "y": 0.8}]},
                   "nose": [[0.5, 0.5]], "outerLips": {"normalizedPoints": [[0.5, 0.2], [0.3, 0.25], [0.7, 0.3], [0.5, 0.3]]}}},
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
        // Regions are normalised to the face box (x 20–70, y 30–80 in pixels, origin at its
        // bottom-left) and reduced to the vision scheme: the right pupil, the left eye's
        // centroid (0.75, 0.75), the nose centroid, and the outer-lips points lowest and
        // highest along the line from the right eye to the left.
        let points = try XCTUnwrap(first[0].landmarks)
        XCTAssertEqual(points.count, 5)
        let expected = [(0.25, 0.75), (0.75, 0.75), (0.5, 0.5), (0.3, 0.25), (0.7, 0.3)].map { Point(x: 20 + $0.0 * 50, y: 80 - $0.1 * 50) }
        for (point, wanted) in zip(points, expected) {
            XCTAssertEqual(point.x, wanted.x, accuracy: 1e-9)
            XCTAssertEqual(point.y, wanted.y, accuracy: 1e-9)
        }
        XCTAssertNil(first[1].landmarks)
        XCTAssertEqual(FaceAPIAttributes(first[0].attributes).lines, ["yaw -11 roll 6"], "radians shown in degrees")
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

    func testAppleVisionRegionsMissingOrNotFinite() throws {
        let path = try write(#"{"a.jpg": [{"boundingBox": [[0, 0], [1, 1]], "landmarks": {"leftPupil": [[0.6, 0.6]], "rightEye": [[0.3, 0.6]], "nose": [[0.5, 0.5]]}}]}"#)
        let loaded = try AppleVisionImporter().load(path, for: dataset)
        let face = try XCTUnwrap(loaded[1]?.first)
        XCTAssertNil(face.landmarks)
        XCTAssertEqual(face.attributes["missing_landmarks"], "outerLips")
        XCTAssertEqual(AppleVisionImporter().warnings(path, for: dataset, loaded: loaded).count, 1)
        let bad = try write(#"{"a.jpg": [{"boundingBox": [[0, 0], [1, 1]], "landmarks": {"nose": [[0.5, "x"]]}}]}"#)
        XCTAssertThrowsError(try AppleVisionImporter().load(bad, for: dataset)) { error in
            XCTAssertEqual("\(error)", #"\#(bad): ["a.jpg"][0].landmarks.nose[0]: expected [x, y] or {"x", "y"} with finite numbers"#)
        }
    }

    func testAppleVisionNeedsTheImageSize() throws {
        let path = try write(#"{"c.jpg": [{"boundingBox": [[0, 0], [1, 1]]}]}"#)
        XCTAssertThrowsError(try AppleVisionImporter().load(path, for: dataset)) { error in
            XCTAssertTrue("\(error)".contains("the size of image 'c.jpg' is unknown"), "\(error)")
        }
    }
}
