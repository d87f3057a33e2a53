/// Times FaceBench's WIDER FACE evaluation on a prediction folder, single-threaded: reading
/// the folder (`WIDERPredictionFolder`) and running the whole protocol (`WIDEREvaluator`:
/// input checks, sorting, normalisation, matching, the three settings' curves and APs) are
/// measured separately, each as the best of `repeats` runs. `facebench bench-wider` (and
/// `bench-eval`) print the report; Benchmarks/wider-eval.sh sets it beside the reference.
public enum WIDEREvaluationBenchmark {
    public struct Report: Sendable {
        public var images: Int
        public var faces: Int
        public var predictions: Int
        /// Best of the runs, in milliseconds.
        public var loadMilliseconds: Double
        public var evaluateMilliseconds: Double
        public var runs: Int
        /// The `wider` result of the last run.
        public var result: JSONValue

        /// The report as JSON, without the per-threshold curves.
        public var json: JSONValue {
            var summary: JSONObject = [
                "images": JSONValue(images), "faces": JSONValue(faces), "predictions": JSONValue(predictions),
                "load_ms": JSONValue(loadMilliseconds), "evaluate_ms": JSONValue(evaluateMilliseconds), "runs": JSONValue(runs),
            ]
            for setting in WIDERFaceLoader.settings {
                summary[setting] = .object(["ap": result[setting]?["ap"] ?? .null, "faces": result[setting]?["faces"] ?? .null])
            }
            return .object(summary)
        }
    }

    public static func run(dataset: Dataset, predictions folder: String, repeats: Int = 5) throws -> Report {
        precondition(repeats >= 1, "at least one run")
        var loadBest = Double.infinity, evaluateBest = Double.infinity
        var result: JSONValue = .null
        var count = 0
        for _ in 0..<repeats {
            let (byID, loadTime) = try MonotonicClock.measure { try WIDERPredictionFolder.read(folder, for: dataset) }
            loadBest = min(loadBest, loadTime)
            let detections = dataset.samples.map { byID[$0.id] ?? [] }
            count = detections.reduce(0) { $0 + $1.count }
            let (value, evaluateTime) = try MonotonicClock.measure {
                try WIDEREvaluator().evaluate(dataset: dataset, samples: dataset.samples, detections: detections, options: EvaluationOptions())
            }
            evaluateBest = min(evaluateBest, evaluateTime)
            result = value
        }
        return Report(
            images: dataset.samples.count, faces: dataset.faceCount, predictions: count,
            loadMilliseconds: loadBest, evaluateMilliseconds: evaluateBest, runs: repeats, result: result)
    }
}
