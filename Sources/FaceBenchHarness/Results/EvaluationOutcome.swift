import FaceBenchModel
import FaceBenchEvaluation

/// What one protocol gave for one detector: its result, or why it could not score it.
public enum EvaluationOutcome: Sendable, Equatable {
    case result(ProtocolResult)
    case failed(protocol: String, reason: String)

    public var protocolName: String {
        switch self {
        case let .result(result): result.name
        case let .failed(name, _): name
        }
    }

    public var result: ProtocolResult? {
        if case let .result(result) = self { return result }
        return nil
    }
}
