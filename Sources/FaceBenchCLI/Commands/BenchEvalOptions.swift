import Foundation
import FaceBenchModel
import FaceBenchHarness

/// `bench-eval`'s options, read and checked in one place.
struct BenchEvalOptions {
    static let workload = Option.value(
        "workload", "DIR", help: "Folder of the workload (made there if missing).", shown: "Results/bench-eval/workload-seed<SEED>")
    static let seed = Option.integer("seed", atLeast: 0, default: 1, help: "Seed of the synthetic detections.")
    static let repeats = Option.integer("repeat", atLeast: 1, atMost: ParsedArguments.maximumRepeats, default: 5, help: "Timed runs per tool; the best counts.")
    /// Given empty (`--tools ''`): FaceBench alone.
    static let tools = Option.list(
        "tools", "NAME[,NAME…]", commaSeparated: true, help: "Reference tools to run (none: FaceBench alone).",
        shown: COCOEvaluationTiming.referenceTools.joined(separator: ", ")
    ).map { names, arguments in
        let known = COCOEvaluationTiming.referenceTools
        let tools = arguments.values["tools"] == nil ? known : names.filter { !$0.isEmpty }
        if let unknown = tools.first(where: { !known.contains($0) }) {
            throw FaceBenchError.usage("unknown tool '\(unknown)'; known: \(known.joined(separator: ", "))")
        }
        return tools
    }
    static let python = Option.value("python", "PATH", help: "Python with the reference tools installed.", shown: "python3 on PATH")
    static let format = Option.format([.markdown, .json], default: .markdown)
    static let specs = [workload.spec, seed.spec, repeats.spec, tools.spec, python.spec, format.spec]

    var seed: Int
    var repeats: Int
    /// Reference tools to run, of `COCOEvaluationTiming.referenceTools`.
    var tools: [String]
    var format: OutputFormat
    var python: String
    /// The workload folder, absolute.
    var workload: String

    init(_ arguments: ParsedArguments) throws {
        seed = try arguments[Self.seed]
        repeats = try arguments[Self.repeats]
        tools = try arguments[Self.tools]
        format = try arguments[Self.format]
        python = try arguments[Self.python] ?? "python3"
        workload = URL(fileURLWithPath: try arguments[Self.workload] ?? "Results/bench-eval/workload-seed\(seed)").standardized.path
    }
}
