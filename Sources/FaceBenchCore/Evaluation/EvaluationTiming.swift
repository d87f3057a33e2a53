/// Times one accuracy protocol on predictions from a file or folder, single-threaded:
/// reading the predictions (the importer) and running the protocol (the evaluator: input
/// checks, matching, curves, summary numbers) are measured separately, each as the best of
/// `repeats` runs. `facebench official-eval --repeat` prints the report; `bench-eval` can call
/// it for any protocol; Benchmarks/wider-eval.sh sets it beside the reference implementation.
public enum EvaluationTiming {
    public struct Report: Sendable {
        public var images: Int
        public var faces: Int
        public var predictions: Int
        /// Best of the runs, in milliseconds.
        public var loadMilliseconds: Double
        public var evaluateMilliseconds: Double
        public var runs: Int
        /// The protocol's result of the last run.
        public var result: JSONValue
    }

    public static func run(
        evaluator: any AccuracyEvaluator, importer: any DetectionImporter, dataset: Dataset, predictions path: String,
        options: EvaluationOptions = EvaluationOptions(), repeats: Int = 5
    ) throws -> Report {
        precondition(repeats >= 1, "at least one run")
        var loadBest = Double.infinity, evaluateBest = Double.infinity
        var result: JSONValue = .null
        var count = 0
        for _ in 0..<repeats {
            let (byID, loadTime) = try MonotonicClock.measure { try importer.load(path, for: dataset) }
            loadBest = min(loadBest, loadTime)
            let detections = dataset.samples.map { byID[$0.id] ?? [] }
            count = detections.reduce(0) { $0 + $1.count }
            let (value, evaluateTime) = try MonotonicClock.measure {
                try evaluator.evaluate(dataset: dataset, samples: dataset.samples, detections: detections, options: options)
            }
            evaluateBest = min(evaluateBest, evaluateTime)
            result = value
        }
        return Report(
            images: dataset.samples.count, faces: dataset.faceCount, predictions: count,
            loadMilliseconds: loadBest, evaluateMilliseconds: evaluateBest, runs: repeats, result: result)
    }
}
