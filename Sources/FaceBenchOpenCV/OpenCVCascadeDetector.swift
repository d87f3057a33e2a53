import COpenCVShim
import FaceBenchCascade
import FaceBenchCore

/// OpenCV's CascadeClassifier as a FaceBench detector (`haar`, `lbp`).
public final class OpenCVCascadeDetector: FaceDetector {
    let handle: OpaquePointer
    let configuration: CascadeConfiguration
    let windowWidth: Int
    let windowHeight: Int

    /// `path` has passed `OpenCVBackend.checkCascade`.
    init(path: String, configuration: CascadeConfiguration, id: String) throws {
        var error = [CChar](repeating: 0, count: 512)
        guard let handle = fb_cascade_create(path, &error, error.count) else {
            throw FaceBenchError.backend(detector: id, reason: "\(path): " + String(nulTerminated: error))
        }
        self.handle = handle
        self.configuration = configuration
        var width: Int32 = 0, height: Int32 = 0
        fb_cascade_window(handle, &width, &height)
        windowWidth = Int(width)
        windowHeight = Int(height)
    }

    deinit { fb_cascade_destroy(handle) }

    public func detect(_ input: DetectorInput) throws -> [Detection] {
        let image = input.image
        try configuration.checkPyramidLevels(
            imageWidth: image.width, imageHeight: image.height, windowWidth: windowWidth, windowHeight: windowHeight, image: input.name)
        let params = fb_cascade_params(
            scale_factor: configuration.scaleFactor, min_neighbors: Int32(configuration.minNeighbors),
            min_width: Int32(configuration.minSize), min_height: Int32(configuration.minSize),
            max_width: Int32(configuration.maxSize), max_height: Int32(configuration.maxSize))
        var hits: UnsafeMutablePointer<fb_cascade_hit>?
        var count: Int32 = 0
        var error = [CChar](repeating: 0, count: 512)
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            fb_cascade_detect(handle, pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(image.stride),
                              params, &hits, &count, &error, error.count)
        }
        guard status == 0 else { throw FaceBenchError.failed("OpenCV detectMultiScale failed: " + String(nulTerminated: error)) }
        defer { fb_cascade_free_hits(hits) }
        return (0..<Int(count)).map { i in
            let hit = hits![i]
            return configuration.detection(
                x: Int(hit.x), y: Int(hit.y), width: Int(hit.width), height: Int(hit.height), levelWeight: hit.level_weight,
                neighbors: Int(hit.neighbors))
        }
    }
}

public enum OpenCVBackend {
    public static var version: String { String(cString: fb_opencv_version()) }

    /// Pins OpenCV's internal thread pool (cv::setNumThreads) for the whole process.
    public static func setThreads(_ count: Int) { fb_opencv_set_threads(Int32(count)) }

    public static let kinds: [DetectorKind] = [
        kind(.haar, summary: "OpenCV Haar cascade (CascadeClassifier)"),
        kind(.lbp, summary: "OpenCV LBP cascade (CascadeClassifier)"),
    ]

    /// OpenCV trusts a cascade's indices and counts (an out-of-range feature or a node
    /// branching to itself crashes or hangs it); the pure-Swift loader checks every one and
    /// names the file and line of the first that is wrong, so it reads the file first.
    static func checkCascade(_ path: String) throws {
        _ = try CascadeLoader.load(path: path)
    }

    /// The CNN kinds on OpenCV's DNN module, whose model files `models` finds.
    public static func dnnKinds(models: ModelLocator) -> [DetectorKind] {
        [
            YuNetDetector.kind(models: models, library: "OpenCV \(version)"),
            MTCNNDetector.kind(models: models, library: "OpenCV \(version)"),
            BlazeFaceDetector.kind(models: models, library: "OpenCV \(version)"),
        ]
    }

    /// The model files scripts/install-models.sh installs for these kinds.
    public static let installedModels: [ModelFile] = MTCNNDetector.models + BlazeFaceRange.allCases.map { BlazeFaceDetector.models[$0]! }

    static func kind(_ family: CascadeConfiguration.Family, summary: String) -> DetectorKind {
        CascadeDetectorKind.kind(
            id: family.rawValue, family: family, summary: summary, backend: "OpenCV CascadeClassifier", library: "OpenCV \(version)",
            checkCascade: checkCascade
        ) { path, configuration, info in
            try OpenCVCascadeDetector(path: path, configuration: configuration, id: info.id)
        }
    }
}
