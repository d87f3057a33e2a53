import COpenCVShim
import FaceBenchCodecs
import FaceBenchModel
import FaceBenchIO
import FaceBenchDlib
@testable import FaceBenchOpenCV
import FaceBenchTestSupport
import Foundation
import XCTest

/// The CNN kinds' model handling (found, checked, refused with the file named) and how
/// pixels reach them. Their parity with the reference implementations is checked on whole
/// datasets by ModelParityCommandTests and `make model-parity`.
final class DNNDetectorTests: XCTestCase {
    let standard = ModelLocator.standard(anchors: [TestData.packageRoot])

    func installed(_ file: ModelFile, kind: String) throws -> String {
        do { return try standard.locate(file, for: kind) } catch { throw XCTSkip("\(error)") }
    }

    func testMissingModelsMakeTheKindUnavailableNamingFileAndInstaller() throws {
        let empty = try TestData.temporaryDirectory(self)
        let kinds = OpenCVBackend.dnnKinds(models: ModelLocator(folders: [empty]))
        let registry = DetectorRegistry(kinds)
        for kind in kinds {
            guard case let .unavailable(reason) = kind.availability() else { return XCTFail("\(kind.id) available without models") }
            XCTAssertTrue(reason.hasPrefix("\(kind.id): model "), reason)
            XCTAssertTrue(reason.contains(empty), reason)
            let error = message { _ = try registry.factory(for: kind.id) }
            XCTAssertEqual(error, reason)
        }
        XCTAssertTrue(message { _ = try registry.factory(for: "mtcnn") }.contains("mtcnn/pnet.onnx"))
        XCTAssertTrue(message { _ = try registry.factory(for: "mtcnn") }.contains("install it with scripts/install-models.sh"))
        XCTAssertTrue(message { _ = try registry.factory(for: "yunet") }.contains("yunet/face_detection_yunet_2023mar.onnx"))
    }

    func testTruncatedModelIsRefusedByItsSHA256NamingTheFile() throws {
        let model = YuNetDetector.models[.march2023]!
        let original = try installed(model, kind: "yunet")
        let folder = try TestData.temporaryDirectory(self)
        try FileManager.default.createDirectory(atPath: folder + "/yunet", withIntermediateDirectories: true)
        let bytes = try FileIO.read(original)
        let copy = folder + "/" + model.path
        try FileIO.writeAtomically(bytes.prefix(bytes.count / 2), to: copy)
        let registry = DetectorRegistry(OpenCVBackend.dnnKinds(models: ModelLocator(folders: [folder])))
        let error = message { _ = try registry.factory(for: "yunet") }
        XCTAssertTrue(error.hasPrefix("yunet: model \(copy): sha256 is "), error)
        XCTAssertTrue(error.contains("expected \(model.sha256)"), error)
    }

    func testNativeLoadersRefuseDamagedAndForeignModelsNamingTheFile() throws {
        let yunet = try installed(YuNetDetector.models[.march2022]!, kind: "yunet")
        let yunet2023 = try installed(YuNetDetector.models[.march2023]!, kind: "yunet")
        let pnet = try installed(MTCNNDetector.models[0], kind: "mtcnn")
        let folder = try TestData.temporaryDirectory(self)
        let parameters = fb_yunet_params(score_threshold: 0.6, nms_threshold: 0.3, top_k: 5000, fit: fb_dnn_fit(width: 0, height: 0))
        for (release, model) in [(YuNetDetector.Release.march2022, yunet), (.march2023, yunet2023)] {
            let truncated = folder + "/truncated-\(release.rawValue).onnx"
            try FileIO.writeAtomically(try FileIO.read(model).prefix(1000), to: truncated)
            let damaged = message { _ = try YuNetDetector(modelPath: truncated, release: release, parameters: parameters) }
            XCTAssertTrue(damaged.hasPrefix("yunet: \(truncated): OpenCV cannot read this model"), damaged)
            let garbage = folder + "/garbage.onnx"
            try FileIO.writeAtomically(Array("not a model".utf8), to: garbage)
            XCTAssertTrue(message { _ = try YuNetDetector(modelPath: garbage, release: release, parameters: parameters) }.contains(garbage))
        }
        // Readable ONNX files that are not the release asked for: P-Net, and each YuNet as the other.
        let foreign = message { _ = try YuNetDetector(modelPath: pnet, release: .march2022, parameters: parameters) }
        XCTAssertEqual(foreign, "yunet: \(pnet): unexpected model outputs (conv2d_4, softmax); expected loc, conf, iou")
        let older = message { _ = try YuNetDetector(modelPath: yunet, release: .march2023, parameters: parameters) }
        XCTAssertTrue(older.hasPrefix("yunet: \(yunet): unexpected model outputs ("), older)
        XCTAssertTrue(older.hasSuffix("expected cls_8, cls_16, cls_32, obj_8, obj_16, obj_32, bbox_8, bbox_16, bbox_32, kps_8, kps_16, kps_32"), older)
        let newer = message { _ = try YuNetDetector(modelPath: yunet2023, release: .march2022, parameters: parameters) }
        XCTAssertTrue(newer.hasPrefix("yunet: \(yunet2023): unexpected model outputs ("), newer)
        let mtcnn = fb_mtcnn_params(min_face: 20, scale_factor: 0.709, thresholds: (0.6, 0.7, 0.7), fit: fb_dnn_fit(width: 0, height: 0))
        let swapped = message { _ = try MTCNNDetector(paths: [yunet, pnet, pnet], parameters: mtcnn) }
        XCTAssertTrue(swapped.hasPrefix("mtcnn: \(yunet): unexpected model outputs"), swapped)
    }

    /// What OpenCV 4.6 says when YuNet 2022mar's network cannot take an input (32 × 32: its
    /// stride-64 pooling has no output) reaches the caller as one line of the exception's
    /// text, and its own [ERROR:…] log line never reaches stderr.
    func testOpenCVFailuresAreOneLineErrorsAndNotLogLines() throws {
        let model = try installed(YuNetDetector.models[.march2022]!, kind: "yunet")
        let network = try ONNXNetwork(kind: "yunet", path: model, outputs: [("loc", 1), ("conf", 1), ("iou", 1)])
        let saved = dup(STDERR_FILENO)
        let captured = Pipe()
        dup2(captured.fileHandleForWriting.fileDescriptor, STDERR_FILENO)
        let error = message { _ = try network.forward([Float](repeating: 0, count: 3 * 32 * 32), channels: 3, height: 32, width: 32) }
        fflush(nil)
        dup2(saved, STDERR_FILENO)
        close(saved)
        try captured.fileHandleForWriting.close()
        let logged = String(decoding: captured.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(logged, "", "OpenCV's log reached stderr")
        XCTAssertTrue(error.hasPrefix("OpenCV DNN running \(model) failed: "), error)
        XCTAssertTrue(error.contains("(expected: 'total(os[i]) > 0'), where 'total(os[i])' is 0 must be greater than '0' is 0"), error)
        XCTAssertTrue(error.contains("getLayerShapesRecursively"), error)
        XCTAssertFalse(error.contains("\n"), error)
    }

    func testMTCNNThresholdsAreCheckedWhereTheSpecIsRead() throws {
        _ = try installed(MTCNNDetector.models[0], kind: "mtcnn")
        for bad in ["0.6/0.7", "0.6/0.7/x", "0.6/0.7/1.5", "nan/0.7/0.7"] {
            let error = message { _ = try backendRegistry.factory(for: "mtcnn:thresholds=\(bad)") }
            XCTAssertTrue(error.contains("thresholds must be three numbers in [0, 1]"), error)
        }
        let factory = try backendRegistry.factory(for: "mtcnn:thresholds=0.5/0.6/0.9,min=40")
        XCTAssertEqual(factory.info.id, "mtcnn-thresholds=0.5/0.6/0.9-min=40".replacingOccurrences(of: "/", with: "_"))
        XCTAssertEqual(factory.info.landmarkScheme, .five)
    }

    /// Gray files reach the CNNs as three equal channels: the same faces as the image given
    /// in colour with R = G = B, on a gray MIT+CMU image and a colour dlib photo turned gray.
    func testGrayImagesAreReplicatedIntoThreeChannels() throws {
        _ = try installed(MTCNNDetector.models[0], kind: "mtcnn")
        _ = try installed(CenterFaceDetector.model, kind: "centerface")
        let decoder = NativeImageDecoder()
        let gray = try decoder.decode(try TestData.file("mit-cmu/images/voyager.png")).gray
        let photo = try decoder.decode(try TestData.file("dlib-faces/2008_002079.jpg")).gray
        for spec in ["yunet", "mtcnn", "centerface"] {
            let detector = try backendRegistry.factory(for: spec).makeDetector()
            for image in [gray, photo] {
                let replicated = DecodedImage.gray(image).rgb
                let fromGray = try detector.detect(DetectorInput(image: image, name: "gray"))
                let fromColor = try detector.detect(DetectorInput(image: image, color: replicated, name: "rgb"))
                XCTAssertFalse(fromGray.isEmpty, spec)
                XCTAssertEqual(fromGray, fromColor, spec)
                XCTAssertTrue(fromGray.allSatisfy { $0.landmarks?.count == 5 }, spec)
            }
        }
    }

    /// MIT+CMU's 60 × 75 bwolen.png, which OpenCV 4.6's FaceDetectorYN cannot run at its own
    /// size, runs with both models; and the padding moves no face: the image already padded
    /// (bottom, right, zeros) to the size each model pads it to gives the same detections.
    /// (2022mar scores nothing on it above 0.1, hence its low threshold: the 83 candidates
    /// cv2.FaceDetectorYN gives on the padded image, to compare.)
    func testImagesBelowTheNetworksMinimumArePaddedWithoutMovingFaces() throws {
        _ = try installed(YuNetDetector.models[.march2023]!, kind: "yunet")
        let image = try NativeImageDecoder().decode(try TestData.file("mit-cmu/images/bwolen.png")).gray
        XCTAssertEqual([image.width, image.height], [60, 75])
        for (spec, paddedWidth, paddedHeight, count) in [("yunet:model=2022mar,score=0.05", 64, 75, 83), ("yunet:model=2023mar", 64, 96, 1)] {
            let detector = try backendRegistry.factory(for: spec).makeDetector()
            let faces = try detector.detect(DetectorInput(image: image, name: "bwolen.png"))
            XCTAssertEqual(faces.count, count, spec)
            var pixels = [UInt8](repeating: 0, count: paddedWidth * paddedHeight)
            for y in 0..<image.height {
                for x in 0..<image.width { pixels[y * paddedWidth + x] = image.pixels[y * image.stride + x] }
            }
            let padded = GrayImage(width: paddedWidth, height: paddedHeight, pixels: pixels)
            XCTAssertEqual(try detector.detect(DetectorInput(image: padded, name: "padded")), faces, spec)
        }
    }

    /// At size=WxH faces come back in the original image's pixels: a dlib photo run at twice
    /// its size finds its faces where the run at its own size does. (The exact arithmetic is
    /// checked against cv2.resize + FaceDetectorYN by scripts/model-reference.py.)
    func testScaledRunsMapFacesBackToTheOriginalImage() throws {
        _ = try installed(YuNetDetector.models[.march2023]!, kind: "yunet")
        _ = try installed(MTCNNDetector.models[0], kind: "mtcnn")
        let photo = try NativeImageDecoder().decode(try TestData.file("dlib-faces/2008_002079.jpg")).gray
        for spec in ["yunet", "yunet:model=2022mar", "mtcnn"] {
            let original = try backendRegistry.factory(for: spec).makeDetector().detect(DetectorInput(image: photo, name: "photo"))
            let doubled = try backendRegistry.factory(for: "\(spec)\(spec.contains(":") ? "," : ":")size=\(photo.width * 2)x\(photo.height * 2)")
                .makeDetector().detect(DetectorInput(image: photo, name: "photo"))
            XCTAssertFalse(original.isEmpty, spec)
            XCTAssertFalse(doubled.isEmpty, spec)
            // Twice as large, the network sees other pixels, so only the faces' places agree.
            for face in original {
                let twin = doubled.map { $0.box.iou(face.box) }.max() ?? 0
                XCTAssertGreaterThan(twin, 0.6, "\(spec): \(face.box) has no counterpart in \(doubled.map(\.box))")
            }
        }
    }

    /// Which of two equal-score boxes MTCNN's NMS keeps depends on numpy's (unstable) argsort:
    /// the shim's copy must order ties exactly as numpy does (fixture made by numpy itself,
    /// scripts/generate-numpy-argsort-fixture.py; the driver is built by `make examples`).
    func testShimSortsLikeNumpy() throws {
        let make = Process()
        make.executableURL = URL(fileURLWithPath: "/usr/bin/make")
        make.arguments = ["-s", "-C", TestData.packageRoot, ".build/examples/numpy-argsort"]
        try make.run()
        make.waitUntilExit()
        XCTAssertEqual(make.terminationStatus, 0, "make .build/examples/numpy-argsort")
        let fixture = try JSONReader.parse(try FileIO.read(TestData.fixture("numpy/argsort.json")), path: "argsort.json")
        let cases = fixture["cases"]?.array ?? []
        XCTAssertGreaterThan(cases.count, 100)
        let input = cases.map { item -> String in
            let values = item["values"]?.array?.compactMap(\.double) ?? []
            return "\(values.count) " + values.map { "\($0)" }.joined(separator: " ")
        }.joined(separator: "\n") + "\n"
        let driver = Process()
        driver.executableURL = URL(fileURLWithPath: TestData.packageRoot + "/.build/examples/numpy-argsort")
        let stdin = Pipe(), stdout = Pipe()
        driver.standardInput = stdin
        driver.standardOutput = stdout
        try driver.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let lines = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
        driver.waitUntilExit()
        XCTAssertEqual(lines.count, cases.count)
        for (item, line) in zip(cases, lines) {
            let expected = item["argsort"]?.array?.compactMap(\.int) ?? []
            XCTAssertEqual(line.split(separator: " ").compactMap { Int($0) }, expected, "values \(item["values"] ?? .null)")
        }
    }

    /// scripts/install-models.sh and FaceBench must name the same files with the same digests.
    func testInstallScriptInstallsExactlyTheFilesTheKindsLookFor() throws {
        let script = try String(contentsOfFile: TestData.packageRoot + "/scripts/install-models.sh", encoding: .utf8)
        let entries = script.split(separator: "\n").compactMap { line -> (String, String)? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("\""), trimmed.contains("|") else { return nil }
            let fields = trimmed.dropFirst().split(separator: "|", omittingEmptySubsequences: false)
            return (String(fields[0]), String(fields[1]))
        }
        let installed = OpenCVBackend.installedModels + DlibBackend.installedModels
        let expected = installed.map { ($0.path, $0.sha256) }
        XCTAssertEqual(entries.map(\.0).sorted(), expected.map(\.0).sorted())
        for (path, sha) in entries { XCTAssertEqual(expected.first { $0.0 == path }?.1, sha, path) }
        XCTAssertTrue(installed.allSatisfy { $0.install == ModelFile.installScript })
    }
}
