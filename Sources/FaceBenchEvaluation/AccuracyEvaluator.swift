import FaceBenchModel

/// Options every accuracy protocol may read; each protocol documents which it honours.
public struct EvaluationOptions: Sendable, Equatable {
    /// The IoU every protocol with one threshold uses when none is given.
    public static let standardIoUThreshold = 0.5

    /// IoU (or overlap) a detection needs to match a face; nil means the protocol's own
    /// standard value (0.5 for VOC, WIDER and FDDB; COCO uses its 0.50:0.95 range).
    public var iouThreshold: Double?
    /// COCO's maxDets (the last one is used for AP and the size-range numbers).
    public var cocoMaxDetections: [Int] = [1, 10, 100]
    /// False-positive counts at which detection rates are reported (Viola-Jones table).
    public var falsePositiveCounts: [Int] = [10, 31, 50, 65, 78, 95, 167]
    /// Which WIDER FACE evaluation the `wider` protocol reproduces.
    public var widerFlavor: WIDERFlavor = .matlab
    /// The scheme of the evaluated detector's landmarks (set per detector by `run`; `eval`
    /// reads it from a keypoint file's category, or from the point count).
    public var landmarkScheme: LandmarkScheme?

    public init(iouThreshold: Double? = nil) {
        self.iouThreshold = iouThreshold
    }
}

/// An accuracy protocol beyond the basic metrics (COCO, VOC 11-point, WIDER easy/medium/hard,
/// FDDB ROC, the Viola-Jones false-positive table, size breakdowns). Each returns its own
/// typed `Result`; `facebench run` stores each applicable protocol's result under
/// `detectors[].evaluation.<name>` of results.json; `facebench eval --protocol <name>`
/// selects them. Rendering the results is Reports' work (`ProtocolMarkdown`).
public protocol AccuracyEvaluator: Sendable {
    associatedtype Result: EvaluationResult
    /// The `--protocol` name and results key (`coco`, `voc`, `wider`, `fddb`, `fp_table`, …).
    var name: String { get }
    /// One line for `--help` and `facebench list`.
    var summary: String { get }
    /// Whether the protocol makes sense for this dataset (FDDB needs ellipses, WIDER its
    /// difficulty subsets, …).
    func applies(to dataset: Dataset) -> Bool
    /// `detections[i]` are the detections on `samples[i]` (never assumed sorted). Throws for
    /// input the protocol cannot score.
    func evaluate(dataset: Dataset, samples: [Sample], detections: [[Detection]], options: EvaluationOptions) throws -> Result
    /// Warnings about parameters that are legal but unusual for this protocol (an IoU other
    /// than the protocol's standard one), printed by `facebench eval` before the numbers.
    func parameterWarnings(_ options: EvaluationOptions) -> [String]
}

extension AccuracyEvaluator {
    public var name: String { Result.protocolName }

    public func parameterWarnings(_ options: EvaluationOptions) -> [String] { [] }

    /// `evaluate`'s result as the registry of protocols hands it on.
    public func evaluateAny(dataset: Dataset, samples: [Sample], detections: [[Detection]], options: EvaluationOptions) throws -> ProtocolResult {
        try evaluate(dataset: dataset, samples: samples, detections: detections, options: options).erased
    }
}

/// The protocols `run`, `report`, `merge` and `eval` offer, in the order their tables appear.
public enum AccuracyEvaluators {
    public static let standard: [any AccuracyEvaluator] = [
        COCOEvaluator(),
        VOCEvaluator(),
        FalsePositiveTable(),
        SizeBreakdown(),
        PerImageBreakdown(),
        ErrorAnalysisEvaluator(),
        WIDEREvaluator(),
        FDDBEvaluator(),
        LandmarkEvaluator(),
    ]
}
