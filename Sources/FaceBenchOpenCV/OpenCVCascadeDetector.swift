import COpenCVShim
import FaceBenchCascade
import FaceBenchModel

/// OpenCV's CascadeClassifier as a FaceBench detector (`haar`, `lbp`).
public final class OpenCVCascadeDetector: FaceDetector {
    let handle: OpaquePointer
    public let configuration: CascadeConfiguration

    init(path: String, configuration: CascadeConfiguration, id: String) throws {
        var error = [CChar](repeating: 0, count: 512)
        guard let handle = fb_cascade_create(path, &error, error.count) else {
            throw FaceBenchError.backend(detector: id, reason: "\(path): " + String(nulTerminated: error))
        }
        self.handle = handle
        self.configuration = configuration
    }

    deinit { fb_cascade_destroy(handle) }

    public func detect(_ input: DetectorInput) throws -> [Detection] { try detections(in: input.image) }
}

extension OpenCVCascadeDetector: CascadeScanning {
    public var window: (width: Int, height: Int) {
        var width: Int32 = 0, height: Int32 = 0
        fb_cascade_window(handle, &width, &height)
        return (Int(width), Int(height))
    }

    public func rawHits(in image: GrayImage, scaleFactor: Double, minSize: Int, maxSize: Int) throws -> [RawHit] {
        let params = fb_cascade_scan_params(
            scale_factor: scaleFactor, min_width: Int32(minSize), min_height: Int32(minSize),
            max_width: Int32(maxSize), max_height: Int32(maxSize))
        var windows: UnsafeMutablePointer<fb_cascade_raw_hit>?
        var count: Int32 = 0
        var error = [CChar](repeating: 0, count: 512)
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            fb_cascade_scan(handle, pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(image.stride),
                            params, &windows, &count, &error, error.count)
        }
        guard status == 0 else { throw FaceBenchError.native(call: "OpenCV detectMultiScale", image: nil, reason: String(nulTerminated: error)) }
        defer { fb_cascade_free(windows) }
        // The scan accepts at most one window per position of each pyramid level.
        let positions = image.width * image.height * CascadeConfiguration.maximumPyramidLevels
        let found = try NativeArray.elements(windows, count: count, limit: min(positions, Int(Int32.max)), call: "OpenCV detectMultiScale")
        return found.map { w in
            return RawHit(x: Int(w.x), y: Int(w.y), width: Int(w.width), height: Int(w.height), weight: w.level_weight)
        }
    }

    public func faces(from hits: [RawHit], minNeighbors: Int, imageWidth: Int, imageHeight: Int) throws -> [GroupedFace] {
        let windows = hits.map {
            fb_cascade_raw_hit(x: Int32($0.x), y: Int32($0.y), width: Int32($0.width), height: Int32($0.height), level_weight: $0.weight)
        }
        var faces: UnsafeMutablePointer<fb_cascade_hit>?
        var count: Int32 = 0
        var error = [CChar](repeating: 0, count: 512)
        let status = windows.withUnsafeBufferPointer {
            fb_cascade_group($0.baseAddress, Int32($0.count), Int32(minNeighbors), Int32(imageWidth), Int32(imageHeight),
                             &faces, &count, &error, error.count)
        }
        guard status == 0 else { throw FaceBenchError.native(call: "OpenCV groupRectangles", image: nil, reason: String(nulTerminated: error)) }
        defer { fb_cascade_free(faces) }
        // Grouping merges windows: it never returns more faces than it was given.
        let found = try NativeArray.elements(faces, count: count, limit: windows.count, call: "OpenCV groupRectangles")
        return found.map { f in
            return GroupedFace(x: Int(f.x), y: Int(f.y), width: Int(f.width), height: Int(f.height), neighbors: Int(f.neighbors),
                               weight: f.level_weight)
        }
    }
}

public enum OpenCVBackend {
    public static var version: String { String(cString: fb_opencv_version()) }

    /// Pins OpenCV's internal thread pool (cv::setNumThreads) for the whole process.
    public static func setThreads(_ count: Int) { fb_opencv_set_threads(Int32(count)) }

    /// OpenCV's pool, for `DetectorRegistry(threadPools:)`.
    public static let threadPool: any NativeThreadPool = ThreadPool()

    struct ThreadPool: NativeThreadPool {
        var library: String { "OpenCV" }
        func pin(threads count: Int) { OpenCVBackend.setThreads(count) }
    }

    public static let kinds: [DetectorKind] = [
        kind(.haar, summary: "OpenCV Haar cascade (CascadeClassifier)"),
        kind(.lbp, summary: "OpenCV LBP cascade (CascadeClassifier)"),
    ]

    /// The CNN kinds on OpenCV's DNN module, whose model files `models` finds.
    public static func dnnKinds(models: ModelLocator) -> [DetectorKind] {
        [
            YuNetDetector.kind(models: models, library: "OpenCV \(version)"),
            MTCNNDetector.kind(models: models, library: "OpenCV \(version)"),
            BlazeFaceDetector.kind(models: models, library: "OpenCV \(version)"),
            CenterFaceDetector.kind(models: models, library: "OpenCV \(version)"),
            LibFaceDetectionDetector.kind(models: models),
            SCRFDDetector.kind(models: models, library: "OpenCV \(version)"),
        ]
    }

    /// The model files scripts/install-models.sh installs for these kinds.
    public static let installedModels: [ModelFile] = MTCNNDetector.models + BlazeFaceRange.allCases.map { BlazeFaceDetector.models[$0]! }
        + [CenterFaceDetector.model] + LibFaceDetectionDetector.models

    /// OpenCV trusts a cascade's indices and counts (an out-of-range feature or a node
    /// branching to itself crashes or hangs it); the pure-Swift loader checks every one and
    /// names the file and line of the first that is wrong, so it reads the file first.
    static func checkCascade(_ path: String) throws {
        _ = try CascadeLoader.load(path: path)
    }

    static func kind(_ family: CascadeConfiguration.Family, summary: String) -> DetectorKind {
        CascadeDetectorKind.kind(
            id: family.rawValue, family: family, summary: summary, backend: "OpenCV CascadeClassifier", library: "OpenCV \(version)",
            checkCascade: checkCascade
        ) { path, configuration, info in
            try OpenCVCascadeDetector(path: path, configuration: configuration, id: info.id)
        }
    }
}
