import FaceBenchCascade
import FaceBenchCodecs
import FaceBenchModel
import FaceBenchIO
@testable import FaceBenchOpenCV
import FaceBenchTestSupport
import Foundation
import Synchronization
import XCTest

/// `libfacedetection`: the library and its OpenMP runtime found and checked, the dlopen
/// loader's refusals naming the file, pixels reaching it, and calls from several threads at
/// once. Its parity with yuface's own binding is LibFaceDetectionParityCommandTests and
/// `make model-parity`.
final class LibFaceDetectionTests: XCTestCase {
    func installed() throws -> (library: String, runtime: String) {
        do {
            return (try testModels.locate(LibFaceDetectionDetector.models[0], for: "libfacedetection"),
                    try testModels.locate(LibFaceDetectionDetector.models[1], for: "libfacedetection"))
        } catch { throw XCTSkip("\(error)") }
    }

    func open(runtime: String, library: String) throws -> LibFaceDetectionDetector {
        try LibFaceDetectionDetector(runtimePath: runtime, libraryPath: library, scoreThreshold: 0.5, size: .original)
    }

    func testLoaderRefusesMissingForeignAndSymbolLessFilesNamingThem() throws {
        let (library, runtime) = try installed()
        let folder = try TestData.temporaryDirectory(self)
        let missing = folder + "/libfacedetection.so"
        XCTAssertTrue(message { _ = try open(runtime: runtime, library: missing) }
            .hasPrefix("libfacedetection: \(missing): cannot load it as a shared library ("))
        let text = try TestData.write("not a library", to: "text.so", in: folder)
        let foreign = message { _ = try open(runtime: runtime, library: text) }
        XCTAssertTrue(foreign.hasPrefix("libfacedetection: \(text): cannot load it as a shared library ("), foreign)
        // A real shared library, but not libfacedetection: the OpenMP runtime itself.
        XCTAssertEqual(message { _ = try open(runtime: runtime, library: runtime) },
                       "libfacedetection: \(runtime): exports no facedetect_cnn(unsigned char*, unsigned char*, int, int, int) "
                       + "(_Z14facedetect_cnnPhS_iii): not libfacedetection")
        XCTAssertEqual(message { _ = try open(runtime: library, library: library) },
                       "libfacedetection: \(library): no omp_set_num_threads: not an OpenMP runtime")
    }

    func testDamagedLibraryIsRefusedByItsSHA256BeforeItIsOpened() throws {
        let (library, runtime) = try installed()
        let folder = try TestData.temporaryDirectory(self)
        try FileManager.default.createDirectory(atPath: folder + "/libfacedetection", withIntermediateDirectories: true)
        let bytes = try FileIO.read(library)
        let copy = folder + "/" + LibFaceDetectionDetector.models[0].path
        try FileIO.writeAtomically(bytes.prefix(bytes.count / 2), to: copy)
        try FileManager.default.copyItem(atPath: runtime, toPath: folder + "/" + LibFaceDetectionDetector.models[1].path)
        let registry = DetectorRegistry(OpenCVBackend.dnnKinds(models: ModelLocator(folders: [folder])))
        let error = message { _ = try registry.factory(for: "libfacedetection") }
        XCTAssertTrue(error.hasPrefix("libfacedetection: model \(copy): sha256 is "), error)
        XCTAssertTrue(error.contains("expected \(LibFaceDetectionDetector.models[0].sha256)"), error)
    }

    /// Gray files reach the library as three equal channels, colour as BGR, and the faces come
    /// back in original pixels at every size, scores in (threshold, 1].
    func testGrayIsReplicatedAndFacesComeBackInOriginalPixels() throws {
        _ = try installed()
        let decoder = NativeImageDecoder()
        let gray = try decoder.decode(try TestData.file("mit-cmu/images/voyager.png")).gray
        let photo = try decoder.decode(try TestData.file("dlib-faces/2008_002079.jpg"))
        let detector = try backendRegistry.factory(for: "libfacedetection").makeDetector()
        for image in [gray, photo.gray] {
            let fromGray = try detector.detect(DetectorInput(image: image, name: "gray"))
            let fromColor = try detector.detect(DetectorInput(image: image, color: DecodedImage.gray(image).rgb, name: "rgb"))
            XCTAssertFalse(fromGray.isEmpty)
            XCTAssertEqual(fromGray, fromColor)
            XCTAssertTrue(fromGray.allSatisfy { $0.landmarks?.count == 5 && $0.score > 0.5 && $0.score <= 1 })
        }
        // At another size the faces are those of the image scaled with OpenCV's bit-exact
        // bilinear resize, divided back into original pixels by each axis's factor.
        let color = photo.rgb
        let factor = InputSize.vga.scale(width: color.width, height: color.height)
        let (width, height) = (Int((Double(color.width) * factor).rounded()), Int((Double(color.height) * factor).rounded()))
        let small = ExactResize.resized(color, width: width, height: height)
        let expected = try detector.detect(DetectorInput(image: small.toGray(), color: small, name: "small")).map { face in
            let (x, y) = (Double(width) / Double(color.width), Double(height) / Double(color.height))
            return Detection(box: Box(x: face.box.x / x, y: face.box.y / y, width: face.box.width / x, height: face.box.height / y),
                             score: face.score, landmarks: face.landmarks?.map { Point(x: $0.x / x, y: $0.y / y) })
        }
        let scaled = try backendRegistry.factory(for: "libfacedetection:size=vga").makeDetector()
            .detect(DetectorInput(decoded: photo, name: "photo"))
        XCTAssertFalse(expected.isEmpty)
        XCTAssertEqual(scaled, expected)
    }

    /// facedetect_cnn keeps its filters in globals, built on the first call: one detector per
    /// thread, all at once, must find exactly what one detector finds alone.
    func testDetectorsOnSeveralThreadsAtOnceFindWhatOneFindsAlone() throws {
        _ = try installed()
        let dataset = try TestData.dataset("dlib-faces")
        let decoder = NativeImageDecoder()
        let inputs = try dataset.samples.prefix(3).map { DetectorInput(decoded: try decoder.decode($0.path!), name: $0.name) }
        let alone = try backendRegistry.factory(for: "libfacedetection").makeDetector()
        let expected = try inputs.map { try alone.detect($0) }
        let factory = try backendRegistry.factory(for: "libfacedetection")
        let results = Mutex<[Int: [[Detection]]]>([:])
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            guard let detector = try? factory.makeDetector() else { return }
            let found = inputs.compactMap { try? detector.detect($0) }
            results.withLock { $0[worker] = found }
        }
        let all = results.withLock { $0 }
        XCTAssertEqual(all.count, 2)
        for (worker, found) in all { XCTAssertEqual(found, expected, "worker \(worker)") }
    }
}
