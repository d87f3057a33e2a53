import Foundation
import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchIO

/// `facebench eval`'s work on one dataset: the protocols chosen for it, then each file of
/// detections made elsewhere read (its format recognised or named), checked (malformed boxes
/// and scores are errors; suspicious score lists are warnings) and scored by every protocol,
/// each step timed as the best of `repeats`. `json` and `markdown` (Reports) assemble the output.
public struct EvaluationSession {
    /// One predictions file scored.
    public struct Run {
        public var label: String
        public var path: String
        /// What `PredictionChecks` found suspicious in the detections.
        public var warnings: [String]
        /// Each protocol's result, in protocol order.
        public var results: [ProtocolResult]
        public var readMilliseconds: Double
        /// Each protocol's best time by its name.
        public var evaluateMilliseconds: JSONObject
        /// 95 % intervals over images (`ImageBootstrap`), with `--bootstrap N`.
        public var intervals: [String: ConfidenceInterval] = [:]
        public var bootstrapMilliseconds: Double?
    }

    public let dataset: Dataset
    public let datasetMilliseconds: Double
    public let protocols: [any AccuracyEvaluator]
    public let options: EvaluationOptions
    public let repeats: Int
    /// Resamples for the intervals (0: none), on `ImageBootstrap.standardSeed`'s stream.
    public let bootstrapResamples: Int
    public private(set) var runs: [Run] = []
    /// Every step's time as a phrase ("dataset 12.3 ms", "haar: read coco 4.5 ms", "haar: voc 1.2 ms"), in order.
    public private(set) var timings: [String]

    /// `protocolNames` empty: every evaluator that applies to the dataset; else those, each of
    /// which must exist and apply (usage errors naming it).
    public init(
        dataset: Dataset, datasetMilliseconds: Double, protocolNames: [String], evaluators: [any AccuracyEvaluator],
        options: EvaluationOptions, repeats: Int, bootstrapResamples: Int = 0
    ) throws {
        precondition(repeats >= 1, "at least one run")
        self.bootstrapResamples = bootstrapResamples
        self.dataset = dataset
        self.datasetMilliseconds = datasetMilliseconds
        self.protocols = try Self.chooseProtocols(protocolNames, evaluators: evaluators, dataset: dataset)
        self.options = options
        self.repeats = repeats
        timings = ["dataset \(Formatting.milliseconds(datasetMilliseconds)) ms"]
    }

    /// What the protocols say about parameters they do not honour as given.
    public var parameterWarnings: [String] { protocols.flatMap { $0.parameterWarnings(options) } }

    /// Reads `path` with `importer`, checks and scores the detections and appends the run.
    /// `warn` gets each warning as it is found, as "warning: …" (the importer's) or
    /// "LABEL: warning: …" (the detections').
    @discardableResult
    public mutating func score(label: String, path: String, importer: any DetectionImporter, warn: (String) -> Void) throws -> Run {
        let (byID, readTime) = try Self.bestOf(repeats) { try importer.load(path, for: dataset) }
        try CoordinateBounds.check(byID, from: path, dataset: dataset)
        for warning in importer.warnings(path, for: dataset, loaded: byID) { warn("warning: \(warning)") }
        timings.append("\(label): read \(importer.name) \(Formatting.milliseconds(readTime)) ms")
        let detections = dataset.samples.map { byID[$0.id] ?? [] }
        try PredictionChecks.validate(detections, samples: dataset.samples)
        let warnings = PredictionChecks.warnings(detections, samples: dataset.samples)
        for warning in warnings { warn("\(label): warning: \(warning)") }
        var results: [ProtocolResult] = [], evaluateTimes = JSONObject()
        // A face API's points are in the importer's scheme; other files' are told by their count.
        var fileOptions = options
        fileOptions.landmarkScheme = importer.landmarkScheme(of: byID)
        for evaluator in protocols {
            let (result, time) = try Self.bestOf(repeats) {
                try evaluator.evaluateAny(dataset: dataset, samples: dataset.samples, detections: detections, options: fileOptions)
            }
            results.append(result)
            evaluateTimes[evaluator.name] = JSONValue(time)
            timings.append("\(label): \(evaluator.name) \(Formatting.milliseconds(time)) ms")
        }
        var run = Run(label: label, path: path, warnings: warnings, results: results, readMilliseconds: readTime, evaluateMilliseconds: evaluateTimes)
        if bootstrapResamples > 0 {
            let landmarks = results.lazy.compactMap { if case let .landmarks(result) = $0 { result.scores } else { nil } }.first
            let samples = dataset.samples, resamples = bootstrapResamples
            let threshold = options.iouThreshold ?? EvaluationOptions.standardIoUThreshold
            let (intervals, time) = try Self.bestOf(repeats) {
                ImageBootstrap.intervals(
                    [ResamplableResults(samples: samples, detections: detections, iouThreshold: threshold, landmarks: landmarks)],
                    resamples: resamples, seed: ImageBootstrap.standardSeed, jobs: ProcessInfo.processInfo.activeProcessorCount)[0]
            }
            run.intervals = intervals
            run.bootstrapMilliseconds = time
            timings.append("\(label): bootstrap \(resamples) resamples \(Formatting.milliseconds(time)) ms")
        }
        runs.append(run)
        return run
    }

    /// One object for one predictions file: {"dataset", "images", "faces", "label", "predictions",
    /// "warnings", "<protocol>": {…}, "timing"}; for several, the dataset keys and "runs": [the
    /// per-file objects].
    public var json: JSONValue {
        var objects: [JSONObject] = []
        for run in runs {
            var object: JSONObject = [
                "label": JSONValue(run.label), "predictions": JSONValue(run.path), "warnings": JSONValue(run.warnings + parameterWarnings),
            ]
            for result in run.results { object[result.name] = result.json }
            if !run.intervals.isEmpty {
                object["intervals"] = .object(JSONObject(ResamplableResults.statistics.compactMap { key in
                    run.intervals[key].map { (key, JSONValue.array([JSONValue($0.low), JSONValue($0.high)])) }
                }))
            }
            var timing: JSONObject = [
                "repeats": JSONValue(repeats), "dataset_ms": JSONValue(datasetMilliseconds), "read_ms": JSONValue(run.readMilliseconds),
                "evaluate_ms": .object(run.evaluateMilliseconds),
            ]
            if let milliseconds = run.bootstrapMilliseconds { timing["bootstrap_ms"] = JSONValue(milliseconds) }
            object["timing"] = .object(timing)
            objects.append(object)
        }
        var output: JSONObject = [
            "dataset": JSONValue(dataset.name), "images": JSONValue(dataset.samples.count), "faces": JSONValue(dataset.faceCount),
        ]
        if objects.count == 1 {
            for (key, value) in objects[0].pairs { output[key] = value }
        } else {
            output["runs"] = .array(objects.map { .object($0) })
        }
        return .object(output)
    }

    /// The value of the last of `repeats` runs of `body` and the fastest run's milliseconds.
    public static func bestOf<T>(_ repeats: Int, _ body: () throws -> T) throws -> (value: T, milliseconds: Double) {
        var (value, best) = try MonotonicClock.measure(body)
        for _ in 1..<max(repeats, 1) {
            let run = try MonotonicClock.measure(body)
            value = run.value
            best = min(best, run.milliseconds)
        }
        return (value, best)
    }

    public static func chooseProtocols(_ names: [String], evaluators: [any AccuracyEvaluator], dataset: Dataset) throws -> [any AccuracyEvaluator] {
        guard !names.isEmpty else { return evaluators.filter { $0.applies(to: dataset) } }
        return try names.map { name in
            guard let evaluator = evaluators.first(where: { $0.name == name }) else {
                let known = evaluators.map(\.name)
                let hint = NameSuggestion.closest(to: name, among: known, within: 3).map { " Did you mean '\($0)'?" } ?? ""
                throw FaceBenchError.usage("unknown protocol '\(name)'.\(hint) Protocols: \(known.joined(separator: ", "))")
            }
            guard evaluator.applies(to: dataset) else {
                throw FaceBenchError.usage("protocol '\(name)' does not apply to dataset \(dataset.name) (\(evaluator.summary))")
            }
            return evaluator
        }
    }
}
