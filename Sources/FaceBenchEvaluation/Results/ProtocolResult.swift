import FaceBenchModel

/// Any protocol's result, as the registry of protocols hands them on. An enum rather than an
/// existential: the set of protocols is closed (each has its evaluator in this module), so
/// renderers switch over it exhaustively and the compiler points at every one a new protocol
/// needs; results.json is decoded by protocol name into the one type that name means.
public enum ProtocolResult: Sendable, Equatable {
    case coco(COCOResult)
    case voc(VOCResult)
    case wider(WIDERResult)
    case fddb(FDDBResult)
    case falsePositives(FalsePositiveTableResult)
    case sizes(SizeBreakdownResult)
    case perImage(PerImageResult)
    case landmarks(LandmarkResult)
    case errors(ErrorAnalysisResult)

    /// Every protocol's result type, each named by its `protocolName`.
    public static let types: [any EvaluationResult.Type] = [
        COCOResult.self, VOCResult.self, WIDERResult.self, FDDBResult.self, FalsePositiveTableResult.self, SizeBreakdownResult.self,
        PerImageResult.self, LandmarkResult.self, ErrorAnalysisResult.self,
    ]

    public var result: any EvaluationResult {
        switch self {
        case let .coco(result): result
        case let .voc(result): result
        case let .wider(result): result
        case let .fddb(result): result
        case let .falsePositives(result): result
        case let .sizes(result): result
        case let .perImage(result): result
        case let .landmarks(result): result
        case let .errors(result): result
        }
    }

    public var name: String { Swift.type(of: result).protocolName }

    public var metrics: [Metric] { result.metrics }

    /// False when there is nothing to show: a detector without landmarks, an empty image list.
    public var hasContent: Bool {
        switch self {
        case let .landmarks(result): result.scores != nil
        case let .perImage(result): !result.images.isEmpty
        default: true
        }
    }

    public var json: JSONValue {
        // Encoding plain structs of numbers, strings and arrays into a JSONValue cannot fail.
        try! JSONValueCoding.encode(result)
    }

    /// The result type of protocol `name`.
    public static func type(named name: String) -> (any EvaluationResult.Type)? {
        types.first { $0.protocolName == name }
    }

    /// "unknown protocol 'x' (known: coco, voc, …)".
    public static func unknown(_ name: String) -> String {
        "unknown protocol '\(name)' (known: \(types.map { $0.protocolName }.joined(separator: ", ")))"
    }

    /// The result of protocol `name` from its JSON, strictly; `path` names the file it was read from.
    public static func decode(protocol name: String, from json: JSONValue, path: String) throws -> ProtocolResult {
        guard let type = type(named: name) else { throw FaceBenchError.malformed(path: path, location: nil, reason: unknown(name)) }
        let result = try JSONValueCoding.decode(type, from: json, path: path)
        if let problem = undeclaredMetric(of: result) { throw FaceBenchError.malformed(path: path, location: nil, reason: problem) }
        return result.erased
    }

    /// Why a result read from a file cannot be shown, or nil: keys built from stored labels
    /// (`buckets.<label>.recall`, fp_table's counts) must be ones its type declares, and an
    /// empty label or one holding '.' names none.
    public static func undeclaredMetric(of result: any EvaluationResult) -> String? {
        let resultType = Swift.type(of: result)
        guard let key = result.figures.map(\.key).first(where: { resultType.kind(of: $0) == nil }) else { return nil }
        return "'\(key)' is not a metric of \(resultType.protocolName) (a label that is empty or holds '.'?)"
    }

    /// The declared kind of protocol `name`'s metric `key` (`AP50`, `easy.ap`): what the
    /// regression gate reads for a baseline's keys.
    public static func kind(protocol name: String, metric key: String) -> MetricKind? {
        type(named: name)?.kind(of: key)
    }
}
