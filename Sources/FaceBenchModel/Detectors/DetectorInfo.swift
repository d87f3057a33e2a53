/// How a configured detector describes itself in results and reports.
public struct DetectorInfo: Sendable, Equatable {
    /// The detector kind in the registry (`haar`, `hog`, `exec`, …).
    public var kind: String
    /// The run-unique label used in tables and file names; the registry derives it from the
    /// kind and the non-default parameters unless the spec names it (`name=spec`).
    public var id: String
    /// The spec with every parameter in effect spelled out, so it rebuilds the same detector.
    public var spec: String
    /// The implementation (e.g. "OpenCV CascadeClassifier", "dlib HOG", "pure Swift").
    public var backend: String
    /// Library and version behind it (e.g. "OpenCV 4.6.0"), empty for pure Swift.
    public var library: String
    /// The parameters in effect, in declaration order.
    public var parameters: [Parameter]
    /// What the score is, since AP and ROC depend on the ranking it gives.
    public var scoreMeaning: String
    /// True for detections read from files made elsewhere: nothing is timed.
    public var isImported: Bool
    /// The points that come with each detection, when the detector returns landmarks.
    public var landmarkScheme: LandmarkScheme?

    public struct Parameter: Sendable, Equatable {
        public var name: String
        public var value: String
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public init(
        kind: String, id: String, spec: String, backend: String, library: String,
        parameters: [Parameter], scoreMeaning: String, isImported: Bool = false, landmarkScheme: LandmarkScheme? = nil
    ) {
        self.kind = kind
        self.id = id
        self.spec = spec
        self.backend = backend
        self.library = library
        self.parameters = parameters
        self.scoreMeaning = scoreMeaning
        self.isImported = isImported
        self.landmarkScheme = landmarkScheme
    }
}
