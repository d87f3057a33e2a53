import Foundation
import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchHarness

/// `bench-bootstrap`'s options, read and checked in one place.
struct BenchBootstrapOptions {
    static let resamples = Option.integer(
        "resamples", atLeast: 1, atMost: ImageBootstrap.maximumResamples, default: ImageBootstrap.standardResamples, help: "Resamples per detector.")
    static let repeats = Option.integer(
        "repeat", atLeast: 1, atMost: ParsedArguments.maximumRepeats, default: 3, help: "Timed runs per detector; the best counts.")
    static let seed = Option.integer("seed", atLeast: 0, default: 1, help: "Seed of the synthetic run.")
    static let jobs = Option.integer(
        "jobs", atLeast: 1, atMost: ParsedArguments.maximumJobs, default: ProcessInfo.processInfo.activeProcessorCount, shown: "the machine's cores",
        help: "Threads sharing a detector's resamples (1…256).")
    static let format = Option.format([.markdown, .json], default: .markdown)
    static let specs = [resamples.spec, repeats.spec, seed.spec, jobs.spec, format.spec]

    var resamples: Int
    var repeats: Int
    var seed: UInt64
    var jobs: Int
    var format: OutputFormat

    init(_ arguments: ParsedArguments) throws {
        resamples = try arguments[Self.resamples]
        repeats = try arguments[Self.repeats]
        seed = UInt64(try arguments[Self.seed])
        jobs = try arguments[Self.jobs]
        format = try arguments[Self.format]
    }
}
