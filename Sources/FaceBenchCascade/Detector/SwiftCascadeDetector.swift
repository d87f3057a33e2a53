import FaceBenchModel

/// The pure-Swift cascade engine as a FaceBench detector (`swift-haar`, `swift-lbp`): same
/// parameters, cascade names and scores as OpenCV's `haar` and `lbp`. Immutable, so one
/// instance can serve every worker.
public final class SwiftCascadeDetector: FaceDetector, Sendable {
    public let engine: CascadeEngine
    public let configuration: CascadeConfiguration

    public init(engine: CascadeEngine, configuration: CascadeConfiguration) {
        self.engine = engine
        self.configuration = configuration
    }

    /// Integral-image offsets are 32-bit, like OpenCV's; this keeps every plane addressable.
    public static let maximumPixels = 200_000_000

    public func detect(_ input: DetectorInput) throws -> [Detection] {
        guard input.image.width * input.image.height <= Self.maximumPixels else {
            throw FaceBenchError.failed("\(input.name): \(input.image.width)x\(input.image.height) exceeds the Swift cascade engine's \(Self.maximumPixels / 1_000_000)-megapixel limit")
        }
        return try detections(in: input.image)
    }
}

extension SwiftCascadeDetector: CascadeScanning {
    public var window: (width: Int, height: Int) { (engine.model.windowWidth, engine.model.windowHeight) }

    public func rawHits(in image: GrayImage, scaleFactor: Double, minSize: Int, maxSize: Int) -> [RawHit] {
        engine.rawHits(in: image, scaleFactor: scaleFactor, minSize: minSize, maxSize: maxSize)
    }

    public func faces(from hits: [RawHit], minNeighbors: Int, imageWidth: Int, imageHeight: Int) -> [GroupedFace] {
        engine.faces(from: hits, minNeighbors: minNeighbors, imageWidth: imageWidth, imageHeight: imageHeight)
    }
}

public enum SwiftCascadeBackend {
    public static let backend = "pure Swift cascade"

    public static let kinds: [DetectorKind] = [
        kind(.haar, summary: "Pure-Swift Viola-Jones engine running OpenCV's Haar cascades"),
        kind(.lbp, summary: "Pure-Swift Viola-Jones engine running OpenCV's LBP cascades"),
    ]

    /// `swift-haar`, `swift-lbp`.
    public static func kindID(_ family: CascadeConfiguration.Family) -> String { "swift-" + family.rawValue }

    static func kind(_ family: CascadeConfiguration.Family, summary: String) -> DetectorKind {
        CascadeDetectorKind.kind(id: kindID(family), family: family, summary: summary, backend: backend, library: "") { path, configuration, _ in
            SwiftCascadeDetector(engine: try CascadeEngine(path: path), configuration: configuration)
        }
    }
}
