/// Finds landmarks inside boxes another detector found: dlib's shape predictors behind
/// `landmarks=dlib68|dlib5`. One instance per thread, like detectors.
public protocol LandmarkPredictor: AnyObject {
    /// One list of points per box, in the stage's scheme.
    func landmarks(_ input: DetectorInput, boxes: [Box]) throws -> [[Point]]
}

/// A landmark stage any detector kind without points of its own can take
/// (`haar:landmarks=dlib68`). The registry strips the `landmarks` parameter from the spec,
/// builds the detector, and runs the stage on its boxes; the stage's time is recorded apart
/// from the detector's (its own latency row) and is also inside the detector's latency, since
/// the faces a user gets need both.
public struct LandmarkStage: Sendable {
    /// The value of `landmarks=` (`dlib68`).
    public var id: String
    public var summary: String
    public var scheme: LandmarkScheme
    /// Library and version (`dlib 19.24`), added to the detector's.
    public var library: String
    /// Checks the model is there; throws `FaceBenchError.invalidSpec`-style reasons as text.
    public var check: @Sendable () -> String?
    public var makePredictor: @Sendable () throws -> any LandmarkPredictor

    public init(
        id: String, summary: String, scheme: LandmarkScheme, library: String,
        check: @escaping @Sendable () -> String?, makePredictor: @escaping @Sendable () throws -> any LandmarkPredictor
    ) {
        self.id = id
        self.summary = summary
        self.scheme = scheme
        self.library = library
        self.check = check
        self.makePredictor = makePredictor
    }
}

/// A detector factory with a landmark stage after it.
struct StagedDetectorFactory: DetectorFactory {
    let base: any DetectorFactory
    let stage: LandmarkStage
    let info: DetectorInfo

    init(base: any DetectorFactory, stage: LandmarkStage, id: String, spec: String) {
        self.base = base
        self.stage = stage
        var info = base.info
        info.id = id
        info.spec = spec
        info.backend += " + \(stage.id) landmarks"
        if !stage.library.isEmpty, !info.library.contains(stage.library) {
            info.library = info.library.isEmpty ? stage.library : info.library + ", " + stage.library
        }
        info.parameters.append(DetectorInfo.Parameter(name: "landmarks", value: stage.id))
        info.landmarkScheme = stage.scheme
        // Imported boxes with a stage need the images decoded and the stage timed.
        info.isImported = false
        self.info = info
    }

    var warnings: [String] { base.warnings }

    func makeDetector() throws -> any FaceDetector {
        StagedDetector(base: try base.makeDetector(), predictor: try stage.makePredictor())
    }
}

final class StagedDetector: FaceDetector {
    let base: any FaceDetector
    let predictor: any LandmarkPredictor
    private(set) var lastStageMilliseconds: Double?

    init(base: any FaceDetector, predictor: any LandmarkPredictor) {
        self.base = base
        self.predictor = predictor
    }

    var lastReportedMilliseconds: Double? { base.lastReportedMilliseconds }
    var lastCPUMilliseconds: Double? { base.lastCPUMilliseconds }

    func detect(_ input: DetectorInput) throws -> [Detection] {
        var found = try base.detect(input)
        let (points, milliseconds) = try MonotonicClock.measure { try predictor.landmarks(input, boxes: found.map(\.box)) }
        lastStageMilliseconds = milliseconds
        for index in found.indices where index < points.count { found[index].landmarks = points[index] }
        return found
    }
}
