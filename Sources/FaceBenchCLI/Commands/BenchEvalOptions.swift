import Foundation
import FaceBenchModel
import FaceBenchHarness

/// `bench-eval`'s options, read and checked in one place.
struct BenchEvalOptions {
    static let formatOption = FormatOption([.markdown, .json], default: .markdown)

    var seed: Int
    var repeats: Int
    /// Reference tools to run, of `COCOEvaluationTiming.referenceTools`.
    var tools: [String]
    var format: OutputFormat
    var python: String
    /// The workload folder, absolute.
    var workload: String

    init(_ arguments: ParsedArguments) throws {
        seed = try arguments.int("seed", atLeast: 0) ?? 1
        repeats = try arguments.int("repeat", atLeast: 1, atMost: ParsedArguments.maximumRepeats) ?? 5
        let known = COCOEvaluationTiming.referenceTools
        tools = arguments.values["tools"] == nil ? known : arguments.strings("tools").filter { !$0.isEmpty }
        if let unknown = tools.first(where: { !known.contains($0) }) {
            throw FaceBenchError.usage("unknown tool '\(unknown)'; known: \(known.joined(separator: ", "))")
        }
        format = try Self.formatOption.format(arguments)
        python = arguments.string("python") ?? "python3"
        workload = URL(fileURLWithPath: arguments.string("workload") ?? "Results/bench-eval/workload-seed\(seed)").standardized.path
    }
}
