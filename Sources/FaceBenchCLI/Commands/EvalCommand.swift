import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchIO
import FaceBenchReports
import Foundation
import FaceBenchHarness

enum EvalCommand: FaceBenchCommand {
    static let spec = CommandSpec(
        name: "eval",
        abstract: "Score detections made elsewhere (COCO results JSON, …) against a dataset with every accuracy protocol.",
        discussion: """
            Reads the dataset's ground truth and each --predictions file (its format is recognised, or named with \
            --importer), checks the predictions (malformed boxes and scores are errors with file and line; a \
            pre-thresholded or collapsed score list is a warning), and runs every protocol that applies to the \
            dataset, or those given with --protocol. --format json prints {"dataset", "images", "faces", "label", \
            "predictions", "warnings", "timing", "<protocol>": {…}} for one predictions file and {"dataset", "images", \
            "faces", "runs": [that object less the dataset keys, …]} for several; \
            protocol keys: coco → AP, AP50, AP75, APs, APm, APl, AR1, AR10, AR100, ARs, ARm, ARl; voc → AP, AP11; \
            fp_table → detection_rate per false-positive count; sizes → buckets; per_image → list, worst first; \
            errors → ap and dap.{localization, duplicate, background, missed, false_positives, false_negatives} (TIDE, \
            equal to tidecv), counts and per-image labels; \
            wider → flavor and easy/medium/hard ap; fddb → discrete/continuous tpr_at_1000_fp and the roc. Timings (dataset \
            load, reading each predictions file, each protocol; with --repeat N the best of N runs, single-threaded) \
            go to stderr with --repeat and always, in JSON, under "timing": {"repeats", "dataset_ms", "read_ms", "evaluate_ms": {protocol: ms}}.
            """,
        options: EvalOptions.specs,
        examples: [
            "facebench eval --dataset gt.coco.json --predictions detector.coco.json",
            "facebench eval --dataset mit-cmu --predictions haar=Results/runs/latest/mit-cmu/haar.coco.json --protocol coco,fp_table --format json",
            "facebench eval --dataset wider-val --predictions results/wider --protocol wider --repeat 5 --format json",
            "facebench eval --dataset fddb --predictions dets.txt --protocol fddb --roc-out results/fddb-",
        ])

    static func run(_ arguments: ParsedArguments, toolbox: Toolbox) throws -> Int32 {
        let options = try EvalOptions(arguments)
        let (dataset, datasetTime) = try MonotonicClock.measure { try toolbox.dataset(options.dataset, command: "eval", reading: options.reading) }
        guard dataset.hasGroundTruth else {
            throw FaceBenchError.usage("\(options.dataset) is read as images without annotations: eval needs ground truth to score predictions against")
        }
        var session = try EvaluationSession(
            dataset: dataset, datasetMilliseconds: datasetTime, protocolNames: options.protocols, evaluators: toolbox.evaluators,
            options: options.evaluation, repeats: options.repeats, bootstrapResamples: options.bootstrapResamples)
        if options.rocPrefix != nil {
            guard session.protocols.contains(where: { $0.name == "fddb" }) else {
                throw FaceBenchError.usage("--roc-out writes the fddb protocol's ROC, which does not run on dataset \(dataset.name)")
            }
            guard options.predictions.count == 1 else { throw FaceBenchError.usage("--roc-out takes one --predictions file") }
        }
        Toolbox.warn(session.parameterWarnings, command: "eval")

        for (label, path) in options.predictions {
            let importer = try chooseImporter(options.importer, path: path, importers: Toolbox.importers)
            let run = try session.score(label: label, path: path, importer: importer) { warning in
                StandardStreams.error("facebench eval: \(warning)\n")
            }
            if let rocPrefix = options.rocPrefix, case let .fddb(fddb)? = run.results.first(where: { $0.name == "fddb" }) { try FDDBROCFiles.write(fddb, prefix: rocPrefix) }
        }
        if options.timesRequested {
            StandardStreams.error("facebench eval (best of \(options.repeats)): " + session.timings.joined(separator: ", ") + "\n")
        }
        if options.format == .json {
            StandardStreams.output(JSONWriter().string(session.json) + "\n")
        } else {
            StandardStreams.output(session.markdown)
        }
        return ExitStatus.success
    }

    static func chooseImporter(_ name: String?, path: String, importers: [any DetectionImporter]) throws -> any DetectionImporter {
        if name == nil, !FileIO.exists(path) { throw FaceBenchError.io(path: path, reason: "no such file or directory") }
        return try ImporterChoice.choose(name, for: path, among: importers, naming: "--importer FORMAT", notPredictions: NotPredictions.explanation, error: FaceBenchError.usage)
    }
}
