import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchIO
import FaceBenchReports
import Foundation

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
            OptionSpec("format", .value("markdown|json"), help: "Output format.", default: "markdown"),
            OptionSpec("repeat", .value("N"), help: "Read the predictions and run each protocol N times; report the best time.", default: "1"),
            OptionSpec("roc-out", .value("PREFIX"), help: "With the fddb protocol and one predictions file: write PREFIXDiscROC.txt and PREFIXContROC.txt as the FDDB toolkit does."),
        ],
        examples: [
            "facebench eval --dataset gt.coco.json --predictions detector.coco.json",
            "facebench eval --dataset mit-cmu --predictions haar=Results/runs/latest/mit-cmu/haar.coco.json --protocol coco,fp_table --format json",
            "facebench eval --dataset wider-val --predictions results/wider --protocol wider --repeat 5 --format json",
            "facebench eval --dataset fddb --predictions dets.txt --protocol fddb --roc-out results/fddb-",
        ])

    static func run(_ arguments: ParsedArguments, toolbox: Toolbox) throws -> Int32 {
        let choices = try EvalOptions(arguments)
        let predictions = choices.predictions, options = choices.evaluation, repeats = choices.repeats, rocPrefix = choices.rocPrefix

        let (dataset, datasetTime) = try MonotonicClock.measure { try toolbox.dataset(choices.dataset, command: "eval") }
        let protocols = try chooseProtocols(choices.protocols, evaluators: toolbox.evaluators, dataset: dataset)
        if rocPrefix != nil {
            guard protocols.contains(where: { $0.name == "fddb" }) else {
                throw FaceBenchError.usage("--roc-out writes the fddb protocol's ROC, which does not run on dataset \(dataset.name)")
            }
            guard predictions.count == 1 else { throw FaceBenchError.usage("--roc-out takes one --predictions file") }
        }
        let parameterWarnings = protocols.flatMap { $0.parameterWarnings(options) }
        for warning in parameterWarnings { StandardStreams.error("facebench eval: warning: \(warning)\n") }

        var timings = ["dataset \(Formatting.milliseconds(datasetTime)) ms"]
        var runs: [(label: String, path: String, warnings: [String], results: [ProtocolResult], timing: JSONObject)] = []
        for entry in predictions {
            let (label, path) = splitLabel(entry)
            let importer = try chooseImporter(choices.importer, path: path, importers: Toolbox.importers)
            let (byID, readTime) = try bestOf(repeats) { try importer.load(path, for: dataset) }
            try CoordinateBounds.check(byID, from: path, dataset: dataset)
            for warning in importer.warnings(path, for: dataset, loaded: byID) { StandardStreams.error("facebench eval: warning: \(warning)\n") }
            timings.append("\(label): read \(importer.name) \(Formatting.milliseconds(readTime)) ms")
            let detections = dataset.samples.map { byID[$0.id] ?? [] }
            try PredictionChecks.validate(detections, samples: dataset.samples)
            let warnings = PredictionChecks.warnings(detections, samples: dataset.samples)
            for warning in warnings { StandardStreams.error("facebench eval: \(label): warning: \(warning)\n") }
            var results: [ProtocolResult] = [], evaluateTimes = JSONObject()
            for evaluator in protocols {
                let (result, time) = try bestOf(repeats) {
                    try evaluator.evaluateAny(dataset: dataset, samples: dataset.samples, detections: detections, options: options)
                }
                results.append(result)
                evaluateTimes[evaluator.name] = JSONValue(time)
                timings.append("\(label): \(evaluator.name) \(Formatting.milliseconds(time)) ms")
            }
            if let rocPrefix, case let .fddb(fddb)? = results.first(where: { $0.name == "fddb" }) { try FDDBROCFiles.write(fddb, prefix: rocPrefix) }
            let timing: JSONObject = [
                "repeats": JSONValue(repeats), "dataset_ms": JSONValue(datasetTime), "read_ms": JSONValue(readTime),
                "evaluate_ms": .object(evaluateTimes),
            ]
            runs.append((label, path, warnings, results, timing))
        }
        if choices.timesRequested {
            StandardStreams.error("facebench eval (best of \(repeats)): " + timings.joined(separator: ", ") + "\n")
        }

        if choices.format == .json {
            var objects: [JSONObject] = []
            for run in runs {
                var object: JSONObject = [
                    "label": JSONValue(run.label), "predictions": JSONValue(run.path), "warnings": JSONValue(run.warnings + parameterWarnings),
                ]
                for result in run.results { object[result.name] = result.json }
                object["timing"] = .object(run.timing)
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
            StandardStreams.output(JSONWriter().string(.object(output)) + "\n")
        } else {
            var out = "## \(dataset.name): \(dataset.samples.count) images, \(dataset.faceCount) faces\n\n"
            for run in runs where !run.warnings.isEmpty {
                out += run.warnings.map { "- **Warning** (\(run.label)): \($0)\n" }.joined()
            }
            if runs.contains(where: { !$0.warnings.isEmpty }) { out += "\n" }
            for evaluator in protocols {
                let rows = runs.compactMap { run in run.results.first { $0.name == evaluator.name }.map { (detector: run.label, result: $0) } }
                out += "### \(evaluator.name)\n\n" + ProtocolMarkdown.markdown(rows) + "\n"
            }
            StandardStreams.output(out)
        }
        return ExitStatus.success
    }

    /// The value of the last of `repeats` runs of `body` and the fastest run's milliseconds.
    static func bestOf<T>(_ repeats: Int, _ body: () throws -> T) throws -> (value: T, milliseconds: Double) {
        var (value, best) = try MonotonicClock.measure(body)
        for _ in 1..<repeats {
            let run = try MonotonicClock.measure(body)
            value = run.value
            best = min(best, run.milliseconds)
        }
        return (value, best)
    }

    static func chooseProtocols(_ names: [String], evaluators: [any AccuracyEvaluator], dataset: Dataset) throws -> [any AccuracyEvaluator] {
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

    static func chooseImporter(_ name: String?, path: String, importers: [any DetectionImporter]) throws -> any DetectionImporter {
        if name == nil, !FileIO.exists(path) { throw FaceBenchError.io(path: path, reason: "no such file or directory") }
        return try ImporterChoice.choose(name, for: path, among: importers, naming: "--importer FORMAT", error: FaceBenchError.usage)
    }

    /// `LABEL=PATH` or `PATH` (labelled by its file name without `.json` / `.coco.json`).
    static func splitLabel(_ entry: String) -> (label: String, path: String) {
        if let equals = entry.firstIndex(of: "="), !entry[..<equals].contains("/") {
            return (String(entry[..<equals]), String(entry[entry.index(after: equals)...]))
        }
        var label = URL(fileURLWithPath: entry).lastPathComponent
        for suffix in [".coco.json", ".json", ".txt"] where label.hasSuffix(suffix) {
            label = String(label.dropLast(suffix.count))
            break
        }
        return (label, entry)
    }
}
