/// The accuracy protocols' outcomes for one detector (`detectors[].evaluation` of
/// results.json), in the order they ran, and the run's thread-consistency problems with it
/// (written last, under `thread_consistency`).
public struct DetectorEvaluations: Sendable, Equatable {
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

    public func json(detector: String) -> JSONObject {
        var object = JSONObject()
        for outcome in outcomes {
            switch outcome {
            case let .result(result): object[result.name] = result.json
            case let .failed(name, reason): object[name] = .object(["error": JSONValue(reason)])
            }
        }
        if !threadConsistency.isEmpty {
            object[Self.threadConsistencyKey] = JSONValue(threadConsistency.map { $0.text(detector: detector) })
        }
        return object
    }

    /// Strict: an unknown protocol, or a result missing or mistyping a field, is an error
    /// naming the file and the field's path.
    public init(json: JSONObject, detector: String, path: String, field: String) throws {
        outcomes = []
        threadConsistency = []
        for (name, value) in json.pairs {
            let what = "\(path): \(field).\(name)"
            if name == Self.threadConsistencyKey {
                guard let notes = value.array else { throw FaceBenchError.failed("\(what): expected a list of sentences") }
                threadConsistency = try notes.enumerated().map { index, note in
                    guard let text = note.string, let problem = ThreadConsistencyProblem(text: text, detector: detector) else {
                        throw FaceBenchError.failed("\(what)[\(index)]: not a thread-consistency sentence about \(detector)")
                    }
                    return problem
                }
            } else if let object = value.object, object.keys == ["error"] {
                guard let reason = object["error"]?.string else { throw FaceBenchError.failed("\(what).error: expected a string") }
                outcomes.append(.failed(protocol: name, reason: reason))
            } else {
                outcomes.append(.result(try ProtocolResult.decode(protocol: name, from: value, what: what)))
            }
        }
    }
}
