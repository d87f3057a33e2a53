import CDlibShim
import FaceBenchModel

/// dlib's HOG + linear SVM frontal face detector (`hog`); its landmarks come from the
/// `landmarks=dlib68` stage like any other detector's.
public final class DlibHOGDetector: FaceDetector {
    let handle: OpaquePointer
    let upsample: Int
    let threshold: Double

    init(upsample: Int, threshold: Double, id: String) throws {
        var error = [CChar](repeating: 0, count: 512)
        guard let handle = fb_hog_create(&error, error.count) else {
            throw FaceBenchError.backend(detector: id, reason: String(nulTerminated: error))
        }
        self.handle = handle
        self.upsample = upsample
        self.threshold = threshold
    }

    deinit { fb_hog_destroy(handle) }

    public func detect(_ input: DetectorInput) throws -> [Detection] {
        let image = input.image
        var hits: UnsafeMutablePointer<fb_hog_hit>?
        var count: Int32 = 0
        var error = [CChar](repeating: 0, count: 512)
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            fb_hog_detect(handle, pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(image.stride),
                          Int32(upsample), threshold, &hits, &count, &error, error.count)
        }
        guard status == 0 else { throw FaceBenchError.native(call: "dlib HOG", image: input.name, reason: String(nulTerminated: error)) }
        defer { fb_hog_free_hits(hits) }
        let found = try NativeArray.elements(hits, count: count, limit: NativeArray.maximumFacesPerImage, call: "dlib HOG", image: input.name)
        return found.map { hit in
            return Detection(
                box: Box(x: hit.x, y: hit.y, width: hit.width, height: hit.height), score: hit.score,
                attributes: ["subdetector": String(hit.detector_index)])
        }
    }
}

struct DlibHOGFactory: DetectorFactory {
    let info: DetectorInfo
    let upsample: Int
    let threshold: Double

    func makeDetector() throws -> any FaceDetector {
        try DlibHOGDetector(upsample: upsample, threshold: threshold, id: info.id)
    }
}

public enum DlibBackend {
    public static var version: String { String(cString: fb_dlib_version()) }

    /// Pins the BLAS library's thread pool (OpenBLAS; MMOD's convolutions run on it) for
    /// the whole process. False when the BLAS in use has no pool of its own.
    @discardableResult
    public static func setThreads(_ count: Int) -> Bool { fb_blas_set_threads(Int32(count)) != 0 }

    /// The BLAS pool, for `DetectorRegistry(threadPools:)`.
    public static let threadPool: any NativeThreadPool = ThreadPool()

    struct ThreadPool: NativeThreadPool {
        var library: String { "BLAS (dlib)" }
        func pin(threads count: Int) { DlibBackend.setThreads(count) }
    }

    /// The kinds whose model files `models` finds.
    public static func modelKinds(models: ModelLocator) -> [DetectorKind] { [DlibMMODDetector.kind(models: models)] }

    /// The model files scripts/install-models.sh installs for these kinds.
    public static let installedModels: [ModelFile] = [DlibMMODDetector.model, DlibShapePredictor.fivePointModel]

    static let upsampling = DetectorParameter.integer(
        "upsample", atLeast: 0, atMost: 4, default: 1, help: "times the image is doubled before detection (finds faces below 80 px)")
    static let adjustThreshold = DetectorParameter.number(
        "threshold", atLeast: -10, atMost: 10, default: 0, help: "adjust_threshold: keep detections scoring above it (lower finds more)")

    public static let kinds: [DetectorKind] = [
        DetectorKind(
            id: "hog", summary: "dlib HOG frontal face detector (get_frontal_face_detector)", backend: "dlib HOG",
            arguments: .parameters([upsampling.spec, adjustThreshold.spec])
        ) { request in
            let info = DetectorInfo(
                kind: "hog", id: request.id, spec: request.canonicalSpec, backend: "dlib HOG",
                library: "dlib \(version)", parameters: request.parameters.inEffect,
                scoreMeaning: "SVM margin of the HOG window (dlib detection_confidence)")
            return DlibHOGFactory(info: info, upsample: request.parameters[upsampling], threshold: request.parameters[adjustThreshold])
        }
    ]}
