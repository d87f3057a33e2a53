import FaceBenchCore

/// `facebench official-eval`: scores a WIDER FACE prediction folder or an FDDB detection
/// file exactly as the official tools do, optionally writing their output files and timing
/// the run (`EvaluationTiming`). Scripts under Benchmarks/ and scripts/ use it to compare
/// FaceBench with the reference implementations.
enum OfficialEvalCommand: FaceBenchCommand {
    static let protocols: [(evaluator: any AccuracyEvaluator, importer: any DetectionImporter, dataset: String)] = [
        (WIDEREvaluator(), WIDERPredictionImporter(), "wider-val"),
        (FDDBEvaluator(), FDDBDetectionImporter(), "fddb"),
    ]

    static let spec = CommandSpec(
        name: "official-eval",
        abstract: "Score WIDER FACE predictions or FDDB detections exactly as the official evaluation tools do.",
        discussion: """
            wider: PATH is a folder of EVENT/IMAGE.txt files; prints easy/medium/hard AP (official MATLAB semantics).
            fddb: PATH is an FDDB detection file; prints the true positive rate at 1000 false positives and, with --out, \
            writes PREFIXDiscROC.txt and PREFIXContROC.txt as the FDDB toolkit does.
            With --repeat N, reading and scoring are timed separately (best of N, single-threaded).
            """,
        options: [
            OptionSpec("protocol", .value("wider|fddb"), help: "Which official evaluation."),
            OptionSpec("predictions", .value("PATH"), help: "Prediction folder (wider) or detection file (fddb)."),
            OptionSpec("dataset", .value("NAME|PATH"), help: "Ground truth.", default: "wider-val or fddb"),
            OptionSpec("out", .value("PREFIX"), help: "Write the result as PREFIX.json (and, for fddb, PREFIXDiscROC.txt and PREFIXContROC.txt)."),
            OptionSpec("repeat", .value("N"), help: "Time N runs and report the best.", default: "1"),
            OptionSpec("json", .flag, help: "Print a JSON summary instead of text."),
            CommandSpec.helpOption,
        ],
        examples: [
            "facebench official-eval --protocol wider --predictions results/wider --repeat 5",
            "facebench official-eval --protocol fddb --predictions dets.txt --out results/fddb-",
        ])

    static func run(_ arguments: ParsedArguments, toolbox: Toolbox) throws -> Int32 {
        let names = protocols.map(\.evaluator.name)
        guard let name = arguments.string("protocol"), let chosen = protocols.first(where: { $0.evaluator.name == name }) else {
            throw FaceBenchError.usage("official-eval: --protocol must be one of \(names.joined(separator: ", "))")
        }
        guard let path = arguments.string("predictions") else { throw FaceBenchError.usage("official-eval: --predictions PATH is required") }
        let repeats = try arguments.int("repeat", atLeast: 1) ?? 1
        let (dataset, groundTruthTime) = try MonotonicClock.measure { try toolbox.catalog.resolve(arguments.string("dataset") ?? chosen.dataset) }
        guard chosen.evaluator.applies(to: dataset) else {
            throw FaceBenchError.usage("official-eval: the \(name) protocol does not apply to dataset \(dataset.name)")
        }
        let report = try EvaluationTiming.run(evaluator: chosen.evaluator, importer: chosen.importer, dataset: dataset, predictions: path, repeats: repeats)
        if let prefix = arguments.string("out") {
            try FileIO.writeAtomically(JSONWriter().string(report.result) + "\n", to: prefix + ".json")
            if name == "fddb" { try FDDBROCFiles.write(report.result, prefix: prefix) }
        }
        var summary: JSONObject = [
            "protocol": JSONValue(name), "images": JSONValue(report.images), "faces": JSONValue(report.faces),
            "predictions": JSONValue(report.predictions), "ground_truth_load_ms": JSONValue(groundTruthTime),
            "predictions_load_ms": JSONValue(report.loadMilliseconds), "evaluate_ms": JSONValue(report.evaluateMilliseconds),
            "runs": JSONValue(repeats),
        ]
        var lines = ["\(name): \(report.images) images, \(report.faces) faces, \(report.predictions) predictions"]
        if name == "wider" {
            for setting in WIDERFaceLoader.settings {
                let ap = report.result[setting]?["ap"] ?? .null
                summary[setting] = .object(["ap": ap])
                lines.append("  \(setting) AP \(Formatting.fixed(ap.double, 6))")
            }
        } else {
            for kind in ["discrete", "continuous"] {
                let rate = report.result[kind]?["tpr_at_1000_fp"] ?? .null
                summary[kind] = .object(["tpr_at_1000_fp": rate])
                lines.append("  \(kind) TPR at 1000 FP \(Formatting.fixed(rate.double, 6))")
            }
        }
        lines.append("ground truth load \(Formatting.milliseconds(groundTruthTime)) ms; best of \(repeats): predictions load \(Formatting.milliseconds(report.loadMilliseconds)) ms, evaluation \(Formatting.milliseconds(report.evaluateMilliseconds)) ms")
        StandardStreams.output(arguments.flag("json") ? JSONWriter(indent: 1).string(.object(summary)) + "\n" : lines.joined(separator: "\n") + "\n")
        return ExitStatus.success
    }
}
