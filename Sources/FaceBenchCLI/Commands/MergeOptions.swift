import Foundation
import FaceBenchModel

/// `merge`'s options, read and checked in one place.
struct MergeOptions {
    var maximumMegapixels: Double?
    /// Shard outputs: run folders, dataset folders or results.json files.
    var shards: [String]
    /// The output folder, absolute; nil for a new `Results/runs/merged-<UTC time>`.
    var out: String?
    /// Where the ground truth comes from instead of the dataset the results name.
    var dataset: String?
    /// Images of the dataset that no shard covers are accepted (exit 0) instead of exit 3.
    var allowPartial: Bool

    init(_ arguments: ParsedArguments) throws {
        maximumMegapixels = try Toolbox.maximumMegapixels(arguments)
        shards = arguments.positionals
        out = arguments.string("out").map { URL(fileURLWithPath: $0).standardized.path }
        dataset = arguments.string("dataset")
        allowPartial = arguments.flag("allow-partial")
    }
}
