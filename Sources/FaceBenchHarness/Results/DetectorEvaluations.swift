import FaceBenchModel
import FaceBenchEvaluation

/// The accuracy protocols' outcomes for one detector (`detectors[].evaluation` of
/// results.json), in the order they ran, and the run's thread-consistency problems with it
/// (written last, under `thread_consistency`).
public struct DetectorEvaluations: Sendable, Equatable, Codable {
    public var outcomes: [EvaluationOutcome]
    public var threadConsistency: [ThreadConsistencyProblem]

    public init(outcomes: [EvaluationOutcome] = [], threadConsistency: [ThreadConsistencyProblem] = []) {
        self.outcomes = outcomes
        self.threadConsistency = threadConsistency
    }

    /// The result of protocol `name`, if it ran and scored.
    public subscript(name: String) -> ProtocolResult? {
        outcomes.first { $0.protocolName == name }?.result
    }

    public var results: [ProtocolResult] { outcomes.compactMap(\.result) }

    /// Replaces the outcome of the same protocol, or adds it last.
    public mutating func set(_ outcome: EvaluationOutcome) {
        if let index = outcomes.firstIndex(where: { $0.protocolName == outcome.protocolName }) {
            outcomes[index] = outcome
        } else {
            outcomes.append(outcome)
        }
    }

    public var sizes: SizeBreakdownResult? { results.lazy.compactMap { if case let .sizes(r) = $0 { r } else { nil } }.first }
    public var errors: ErrorAnalysisResult? { results.lazy.compactMap { if case let .errors(r) = $0 { r } else { nil } }.first }
    public var landmarks: LandmarkScores? { results.lazy.compactMap { if case let .landmarks(r) = $0 { r.scores } else { nil } }.first }

    static let threadConsistencyKey = "thread_consistency"

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NamedKey.self)
        for outcome in outcomes {
            switch outcome {
            case let .result(result): try result.result.encode(to: container.superEncoder(forKey: NamedKey(result.name)))
            case let .failed(name, reason):
                var failure = container.nestedContainer(keyedBy: NamedKey.self, forKey: NamedKey(name))
                try failure.encode(reason, forKey: NamedKey("error"))
            }
        }
        if !threadConsistency.isEmpty { try container.encode(threadConsistency, forKey: NamedKey(Self.threadConsistencyKey)) }
    }

    /// Strict: an unknown protocol, or a result missing or mistyping a field, is an error
    /// naming the field's path.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: NamedKey.self)
        outcomes = []
        threadConsistency = []
        for key in container.allKeys {
            if key.stringValue == Self.threadConsistencyKey {
                threadConsistency = try container.decode([ThreadConsistencyProblem].self, forKey: key)
                continue
            }
            if let failure = try? container.nestedContainer(keyedBy: NamedKey.self, forKey: key), failure.allKeys.map(\.stringValue) == ["error"] {
                outcomes.append(.failed(protocol: key.stringValue, reason: try failure.decode(String.self, forKey: NamedKey("error"))))
            } else {
                guard let type = ProtocolResult.type(named: key.stringValue) else {
                    throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath + [key], debugDescription: ProtocolResult.unknown(key.stringValue)))
                }
                let result = try type.init(from: container.superDecoder(forKey: key))
                if let problem = ProtocolResult.undeclaredMetric(of: result) {
                    throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath + [key], debugDescription: problem))
                }
                outcomes.append(.result(result.erased))
            }
        }
    }
}
