import FaceBenchCore

/// `facebench bench-wider`: the speed of FaceBench's WIDER FACE evaluation on a prediction
/// folder (see `WIDEREvaluationBenchmark`); Benchmarks/wider-eval.sh runs it beside the
/// reference and prints the ratio.
enum BenchWIDERCommand: FaceBenchCommand {
    static let spec = CommandSpec(
        name: "bench-wider",
        abstract: "Time FaceBench's WIDER FACE evaluation (easy/medium/hard AP) on a prediction folder.",
        discussion: "Reads EVENT/IMAGE.txt prediction files, then runs the official protocol; each step is timed separately, best of --repeat runs, single-threaded.",
        options: [
            OptionSpec("predictions", .value("DIR"), help: "WIDER prediction folder (EVENT/IMAGE.txt files)."),
            OptionSpec("dataset", .value("NAME|PATH"), help: "WIDER ground truth.", default: "wider-val"),
            OptionSpec("repeat", .value("N"), help: "Runs to take the best time of.", default: "5"),
            OptionSpec("json", .flag, help: "Print the report as JSON."),
            CommandSpec.helpOption,
        ],
        examples: ["facebench bench-wider --predictions /tmp/wider-bench --repeat 5"])

    static func run(_ arguments: ParsedArguments, toolbox: Toolbox) throws -> Int32 {
        guard let folder = arguments.string("predictions") else { throw FaceBenchError.usage("bench-wider: --predictions DIR is required") }
        let repeats = try arguments.int("repeat", atLeast: 1) ?? 5
        let (dataset, loadTime) = try MonotonicClock.measure { try toolbox.catalog.resolve(arguments.string("dataset") ?? "wider-val") }
        guard WIDEREvaluator().applies(to: dataset) else {
            throw FaceBenchError.usage("bench-wider: dataset \(dataset.name) has no WIDER difficulty subsets (needs the wider_*_val.mat files)")
        }
        let report = try WIDEREvaluationBenchmark.run(dataset: dataset, predictions: folder, repeats: repeats)
        if arguments.flag("json") {
            var json = report.json.object ?? JSONObject()
            json["ground_truth_load_ms"] = JSONValue(loadTime)
            StandardStreams.output(JSONWriter(indent: 1).string(.object(json)) + "\n")
            return ExitStatus.success
        }
        var out = "WIDER FACE evaluation: \(report.images) images, \(report.faces) faces, \(report.predictions) predictions\n"
        out += "ground truth load: \(Formatting.milliseconds(loadTime)) ms (once)\n"
        out += "prediction folder load: \(Formatting.milliseconds(report.loadMilliseconds)) ms (best of \(repeats))\n"
        out += "evaluation (easy, medium, hard): \(Formatting.milliseconds(report.evaluateMilliseconds)) ms (best of \(repeats))\n"
        for setting in WIDERFaceLoader.settings {
            out += "  \(setting) AP \(Formatting.fixed(report.result[setting]?["ap"]?.double, 6))\n"
        }
        StandardStreams.output(out)
        return ExitStatus.success
    }
}
