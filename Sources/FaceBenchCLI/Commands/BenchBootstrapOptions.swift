import Foundation
import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchHarness

/// `bench-bootstrap`'s options, read and checked in one place.
struct BenchBootstrapOptions {
    static let formatOption = FormatOption([.markdown, .json], default: .markdown)

    var resamples: Int
    var repeats: Int
    var seed: UInt64
    var jobs: Int
    var format: OutputFormat

    init(_ arguments: ParsedArguments) throws {
        resamples = try arguments.int("resamples", atLeast: 1, atMost: ImageBootstrap.maximumResamples) ?? ImageBootstrap.standardResamples
        repeats = try arguments.int("repeat", atLeast: 1, atMost: ParsedArguments.maximumRepeats) ?? 3
        seed = UInt64(try arguments.int("seed", atLeast: 0) ?? 1)
        jobs = try arguments.int("jobs", atLeast: 1, atMost: ParsedArguments.maximumJobs) ?? ProcessInfo.processInfo.activeProcessorCount
        format = try Self.formatOption.format(arguments)
    }
}
