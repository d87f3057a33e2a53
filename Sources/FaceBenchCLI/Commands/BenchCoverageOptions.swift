import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchHarness

/// `bench-coverage`'s options, read and checked in one place.
struct BenchCoverageOptions {
    static let dataset = Option.value("dataset", "NAME|PATH", help: "The population's ground truth.", default: "mit-cmu")
    static let detector = Option.list(
        "detector", "NAME[,NAME…]", commaSeparated: true, help: "Simulated detectors: strong, middling, weak.", shown: "all three"
    ).map { names, arguments in
        let known = BootstrapCoverage.standardDetectors
        return try names.isEmpty ? known : names.map { name in
            guard let detector = known.first(where: { $0.name == name }) else {
                let hint = NameSuggestion.hint(for: name, among: known.map(\.name))
                throw arguments.invalid("detector", "unknown simulated detector '\(name)'.\(hint) Known: \(known.map(\.name).joined(separator: ", "))")
            }
            return detector
        }
    }
    static let datasets = Option.integer("datasets", atLeast: 1, atMost: BootstrapCoverage.maximumDraws, default: 1000, help: "Simulated datasets.")
    static let resamples = Option.integer(
        "resamples", atLeast: 1, atMost: ImageBootstrap.maximumResamples, default: ImageBootstrap.standardResamples,
        help: "Resamples per simulated dataset.")
    static let copies = Option<Int?>.integer(
        "copies", atLeast: 1, atMost: BootstrapCoverage.maximumTruthImages, help: "Copies of every image in each draw measuring the truth.",
        shown: "about 26,000 images per draw (200 for mit-cmu)")
    static let chunks = Option.integer(
        "chunks", atLeast: 2, atMost: BootstrapCoverage.maximumDraws, default: 20, help: "Draws measuring the truth (their mean is the truth).")
    static let seed = Option.integer("seed", atLeast: 0, default: 1, help: "Seed of the simulation.")
    static let jobs = Option.integer("jobs", atLeast: 1, atMost: ParsedArguments.maximumJobs, default: 1, help: "Simulated datasets at once.")
    static let bca = Option.flag("bca", help: "Also measure the BCa interval (a jackknife over every simulated dataset's images).")
    static let format = Option.format([.markdown, .json], default: .markdown)
    static let specs = [
        dataset.spec, detector.spec, datasets.spec, resamples.spec, copies.spec, chunks.spec, seed.spec, jobs.spec, bca.spec, format.spec,
    ]

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
        dataset = try arguments[Self.dataset]
        detectors = try arguments[Self.detector]
        datasets = try arguments[Self.datasets]
        resamples = try arguments[Self.resamples]
        copies = try arguments[Self.copies]
        chunks = try arguments[Self.chunks]
        seed = UInt64(try arguments[Self.seed])
        jobs = try arguments[Self.jobs]
        measuresBCa = try arguments[Self.bca]
        format = try arguments[Self.format]
    }
}
