/// A kind of detector the registry can build: `haar`, `hog`, `exec`, …
public struct DetectorKind: Sendable {
    /// How the text after `kind:` is read.
    public enum Arguments: Sendable {
        /// `key=value,…` checked against these parameters.
        case parameters([ParameterSpec])
        /// Free text the builder interprets itself (a command line, a path); `usage` shows
        /// its form in help and errors.
        case freeform(usage: String)
    }

    public var id: String
    public var summary: String
    public var backend: String
    public var arguments: Arguments
    /// Builds a factory from a checked request. Throws `FaceBenchError.invalidSpec` for
    /// values the parameter schema cannot see are wrong (a missing file, say).
    public var build: @Sendable (DetectorRequest) throws -> any DetectorFactory
    /// Whether this machine can run the kind (its model files present and intact), for
    /// `facebench list`; kinds that need nothing beyond the build are always available.
    public var availability: @Sendable () -> DetectorAvailability

    public init(
        id: String, summary: String, backend: String, arguments: Arguments,
        availability: @escaping @Sendable () -> DetectorAvailability = { .available(nil) },
        build: @escaping @Sendable (DetectorRequest) throws -> any DetectorFactory
    ) {
        self.id = id
        self.summary = summary
        self.backend = backend
        self.arguments = arguments
        self.availability = availability
        self.build = build
    }

    public var parameters: [ParameterSpec] {
        if case let .parameters(list) = arguments { return list }
        return []
    }
}

/// Everything a kind's builder needs to make a factory.
public struct DetectorRequest: Sendable {
    /// The spec as given, but for a free-form kind's `landmarks=` (taken off its arguments):
    /// parameter kinds read `parameters`, never the arguments' text.
    public var spec: DetectorSpec
    /// The id the detector should report: the spec's label, or one derived from the kind and
    /// the parameters the spec set. Builders of freeform kinds may derive a better one.
    public var id: String
    /// Checked values (for `.parameters` kinds; empty otherwise).
    public var parameters: ParameterValues
    public var context: DetectorContext

    /// The spec with every parameter spelled out.
    public var canonicalSpec: String {
        let list = parameters.canonicalList
        return list.isEmpty ? spec.kind : "\(spec.kind):\(list)"
    }
}

/// What a run offers detectors beyond their spec: where to keep files (an external
/// program's stderr) and which dataset is being run (imported detections are matched to
/// its images).
public struct DetectorContext: Sendable {
    public var outputDirectory: String?
    public var dataset: Dataset?

    public init(outputDirectory: String? = nil, dataset: Dataset? = nil) {
        self.outputDirectory = outputDirectory
        self.dataset = dataset
    }
}
