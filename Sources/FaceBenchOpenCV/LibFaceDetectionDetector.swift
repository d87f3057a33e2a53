import CLibFaceDetection
import FaceBenchCascade
import FaceBenchModel

/// libfacedetection (`libfacedetection`): Shiqi Yu's native C++ YuNet with its weights compiled
/// in, the build the PyPI package yuface 2023.5.1 ships, opened with dlopen through the C shim
/// fb_libfacedetection.h and called through its public `facedetect_cnn`. Thresholding is the
/// package's Python binding's: a face is kept when its integer percent score is above
/// `score` × 100. Non-maximum suppression happens inside the library.
public final class LibFaceDetectionDetector: FaceDetector {
    let handle: OpaquePointer
    let scoreThreshold: Double
    let size: InputSize

    init(runtimePath: String, libraryPath: String, scoreThreshold: Double, size: InputSize, kind: String = "libfacedetection") throws {
        handle = try DNNFaces.load(kind: kind) { fb_lfd_open(runtimePath, libraryPath, $0, $1) }
        self.scoreThreshold = scoreThreshold
        self.size = size
    }

    deinit { fb_lfd_close(handle) }

    public func detect(_ input: DetectorInput) throws -> [Detection] {
        let (scaled, scaleX, scaleY) = Self.scaled(input, to: size)
        let faces = try DNNFaces.detect(scaled, engine: "libfacedetection") { fb_lfd_detect(handle, $0, $1, $2, $3, $4) }
        return faces.filter { $0.score > scoreThreshold * 100 }.map { face in
            Detection(
                box: Box(x: face.box.x / scaleX, y: face.box.y / scaleY, width: face.box.width / scaleX, height: face.box.height / scaleY),
                score: face.score / 100,
                landmarks: face.landmarks?.map { Point(x: $0.x / scaleX, y: $0.y / scaleY) })
        }
    }

    /// The input at the size the library runs it at, and the factors from original pixels to
    /// those (width and height rounded to whole pixels, so each axis has its own).
    static func scaled(_ input: DetectorInput, to size: InputSize) -> (DetectorInput, Double, Double) {
        let image = input.image
        let factor = size.scale(width: image.width, height: image.height)
        let width = max(1, Int((Double(image.width) * factor).rounded()))
        let height = max(1, Int((Double(image.height) * factor).rounded()))
        if width == image.width && height == image.height { return (input, 1, 1) }
        var scaled = input
        scaled.image = ExactResize.resized(image, width: width, height: height)
        scaled.color = input.color.map { ExactResize.resized($0, width: width, height: height) }
        return (scaled, Double(width) / Double(image.width), Double(height) / Double(image.height))
    }

    /// yuface's wheel: the library, and the renamed OpenMP runtime it names as a dependency
    /// (auditwheel's copy of libgomp, found by the shim before the library is opened).
    public static let models: [ModelFile] = [
        ModelFile(
            path: "libfacedetection/libfacedetection.so",
            sha256: "7fc3c140b563f449ce7cb5bd102ece650681e5bfeffc87efe79272be1932c4f4",
            source: "PyPI yuface 2023.5.1 (yuface/libfacedetection.so)", install: ModelFile.installScript),
        ModelFile(
            path: "libfacedetection/libgomp-a34b3233.so.1.0.0",
            sha256: "3a7eaece7231911be2fbb1b3e7cb4cb5c2e0f84e0c2bb73739472b5a1feec8c1",
            source: "PyPI yuface 2023.5.1 (yuface.libs/libgomp-a34b3233.so.1.0.0)", install: ModelFile.installScript),
    ]

    /// The library's OpenMP pool, for `DetectorRegistry(threadPools:)`.
    public static let threadPool: any NativeThreadPool = ThreadPool()

    struct ThreadPool: NativeThreadPool {
        var library: String { "libfacedetection (OpenMP)" }
        func pin(threads count: Int) { fb_lfd_set_threads(Int32(count)) }
    }

    static let library = "libfacedetection (PyPI yuface 2023.5.1)"

    static func kind(models: ModelLocator) -> DetectorKind {
        let backend = "libfacedetection facedetect_cnn (dlopen)"
        let score = DetectorParameter.number(
            "score", atLeast: 0, atMost: 1, default: 0.5,
            help: "faces whose score (the library's integer percent ÷ 100) is not above it are dropped, as yuface's conf")
        let size = DetectorParameter.inputSize(default: .original, reference: "yuface")
        return DetectorKind(
            id: "libfacedetection", summary: "libfacedetection's native YuNet (yuface 2023.5.1's build, weights compiled in), 5 landmarks",
            backend: backend,
            arguments: .parameters([score.spec, size.spec]),
            availability: { models.availability(of: Self.models, for: "libfacedetection") }
        ) { request in
            let library = try models.locate(Self.models[0], for: "libfacedetection")
            let runtime = try models.locate(Self.models[1], for: "libfacedetection")
            let score = request.parameters[score]
            let size = request.parameters[size]
            let info = DetectorInfo(
                kind: "libfacedetection", id: request.id, spec: request.canonicalSpec, backend: backend, library: Self.library,
                parameters: request.parameters.inEffect,
                scoreMeaning: "libfacedetection's face score (whole percent ÷ 100, 0–1)", landmarkScheme: .five)
            return DNNFactory(info: info) {
                try LibFaceDetectionDetector(runtimePath: runtime, libraryPath: library, scoreThreshold: score, size: size)
            }
        }
    }
}
