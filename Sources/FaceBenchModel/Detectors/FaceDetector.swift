/// What a detector is given for one image: the gray pixels, the colour ones when the file is
/// in colour, and which dataset image they are, for detectors that work from the file or look
/// the image up by name.
public struct DetectorInput: Sendable {
    /// Every detector's pixels: the cascades and HOG read these.
    public var image: GrayImage
    /// The file's colour pixels (nil for gray files): CNNs trained on colour read these, and
    /// replicate `image` into three channels when there are none.
    public var color: RGBImage?
    /// The image's name within its dataset (e.g. `0--Parade/0_Parade_1.jpg`).
    public var name: String
    /// The image file, when the dataset has one on disk.
    public var path: String?

    public init(image: GrayImage, color: RGBImage? = nil, name: String, path: String? = nil) {
        self.image = image
        self.color = color
        self.name = name
        self.path = path
    }

    /// A decoded file as every detector sees it: gray for all, colour kept when it has colour.
    public init(decoded: DecodedImage, name: String, path: String? = nil) {
        if case let .rgb(color) = decoded {
            self.init(image: color.toGray(), color: color, name: name, path: path)
        } else {
            self.init(image: decoded.gray, name: name, path: path)
        }
    }
}

/// A face detector. An instance is used by one thread at a time: the harness builds one per
/// worker through a `DetectorFactory`, because native handles (OpenCV, dlib) are not
/// documented thread-safe. A detector that is thread-safe may have its factory hand out one
/// shared instance.
public protocol FaceDetector: AnyObject {
    /// The faces found in the image. An error fails this image only; the harness records it
    /// with its message and goes on with the next image.
    func detect(_ input: DetectorInput) throws -> [Detection]

    /// The time the detector itself says the last `detect` took (external programs may
    /// report their own inference time beside the round trip FaceBench measures).
    var lastReportedMilliseconds: Double? { get }

    /// The part of the last `detect` a landmark stage took (`landmarks=dlib68`), timed on its own.
    var lastStageMilliseconds: Double? { get }

    /// The CPU time the last `detect` used in another process (an `exec:` program), all its
    /// threads together: more than the call's wall time means it ran threads in parallel.
    var lastCPUMilliseconds: Double? { get }
}

extension FaceDetector {
    public var lastReportedMilliseconds: Double? { nil }
    public var lastStageMilliseconds: Double? { nil }
    public var lastCPUMilliseconds: Double? { nil }

    /// `detect`, refusing an answer with a non-finite or out-of-range value
    /// (`CoordinateBounds`): plugins and external programs can return NaN or 1e308, which
    /// results files cannot hold and integer conversions trap on. The image fails with why.
    public func checkedDetect(_ input: DetectorInput) throws -> [Detection] {
        let found = try detect(input)
        if let reason = CoordinateBounds.problem(with: found) {
            throw FaceBenchError.invalidDetections(source: input.name, reason: "refused the detector's answer: \(reason)")
        }
        return found
    }
}

/// Builds detectors of one configuration. Sendable, so each worker thread can create its
/// own instance; the harness times `makeDetector()` as the model load.
public protocol DetectorFactory: Sendable {
    var info: DetectorInfo { get }
    /// What building the factory noticed that does not stop the run (an imported file's
    /// entries for images outside the dataset), for the command to show: library code
    /// prints nothing.
    var warnings: [String] { get }
    func makeDetector() throws -> any FaceDetector
}

extension DetectorFactory {
    public var warnings: [String] { [] }
}
