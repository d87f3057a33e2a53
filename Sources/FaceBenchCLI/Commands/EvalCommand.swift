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
        options: [
            OptionSpec("dataset", .value("NAME|PATH"), help: "Dataset name (see `facebench list`) or a ground-truth file/folder in a known format (COCO JSON, Pascal VOC XML, …)."),
            OptionSpec("predictions", .repeated("[LABEL=]PATH", commaSeparated: false), help: "Detections to score; LABEL names them in tables (default: the file name)."),
            OptionSpec("protocol", .repeated("NAME[,NAME…]", commaSeparated: true), help: "Protocols to run (coco, voc, fp_table, sizes, per_image, errors, wider, fddb).", default: "every one that applies to the dataset"),
            OptionSpec("importer", .value("FORMAT"), help: "Format of the predictions when it cannot be recognised.", default: "recognised from the file"),
            OptionSpec("iou", .value("X"), help: "IoU threshold of the single-threshold protocols (voc, fp_table, sizes, per_image, …).", default: "each protocol's standard, 0.5"),
            OptionSpec("max-dets", .value("A,B,C"), help: "COCO maxDets, three increasing counts; every COCO number honours them.", default: "1,10,100"),
            OptionSpec("fp-counts", .value("N,N,…"), help: "False-positive counts of the fp_table.", default: "10,31,50,65,78,95,167"),
            OptionSpec("wider-flavor", .value("matlab|python"), help: "The WIDER FACE evaluation the wider protocol equals: the official MATLAB code or its Python port (evaluation.py).", default: "matlab"),
            OptionSpec("bootstrap", .value("N"), help: "Resamples of the images for 95% intervals (as `run --bootstrap`), in JSON under \"intervals\"; its time under timing.bootstrap_ms.", default: "0, none"),
            EvalOptions.formatOption.spec,
            OptionSpec("repeat", .value("N"), help: "Read the predictions and run each protocol N times; report the best time.", default: "1"),
            OptionSpec("roc-out", .value("PREFIX"), help: "With the fddb protocol and one predictions file: write PREFIXDiscROC.txt and PREFIXContROC.txt as the FDDB toolkit does."),
        ] + Toolbox.datasetReadingOptions,
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
