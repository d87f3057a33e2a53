import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchHarness

/// `bench-coverage`'s options, read and checked in one place.
struct BenchCoverageOptions {
    static let formatOption = FormatOption([.markdown, .json], default: .markdown)

    var dataset: String
    var detectors: [BootstrapCoverage.SimulatedDetector]
    var datasets: Int
    var resamples: Int
    /// nil: enough for about `BootstrapCoverage.truthImages` images per draw.
    var copies: Int?
    var chunks: Int
    var seed: UInt64
    var jobs: Int
    var measuresBCa: Bool
    var format: OutputFormat

    init(_ arguments: ParsedArguments) throws {
        dataset = arguments.string("dataset") ?? "mit-cmu"
        let known = BootstrapCoverage.standardDetectors
        let names = arguments.strings("detector")
        detectors = try names.isEmpty ? known : names.map { name in
            guard let detector = known.first(where: { $0.name == name }) else {
                let hint = NameSuggestion.hint(for: name, among: known.map(\.name))
                throw arguments.invalid("detector", "unknown simulated detector '\(name)'.\(hint) Known: \(known.map(\.name).joined(separator: ", "))")
            }
            return detector
        }
        datasets = try arguments.int("datasets", atLeast: 1, atMost: BootstrapCoverage.maximumDraws) ?? 1000
        resamples = try arguments.int("resamples", atLeast: 1, atMost: ImageBootstrap.maximumResamples) ?? ImageBootstrap.standardResamples
        copies = try arguments.int("copies", atLeast: 1, atMost: BootstrapCoverage.maximumTruthImages)
        chunks = try arguments.int("chunks", atLeast: 2, atMost: BootstrapCoverage.maximumDraws) ?? 20
        seed = UInt64(try arguments.int("seed", atLeast: 0) ?? 1)
        jobs = try arguments.int("jobs", atLeast: 1, atMost: ParsedArguments.maximumJobs) ?? 1
        measuresBCa = arguments.flag("bca")
        format = try Self.formatOption.format(arguments)
    }
}
