import Foundation
import FaceBenchModel

/// `merge`'s options, read and checked in one place.
struct MergeOptions {
    static let out = Option.value("out", "DIR", help: "Output folder.", shown: "Results/runs/merged-<UTC time>")
        .map { path, _ in path.map { URL(fileURLWithPath: $0).standardized.path } }
    static let dataset = Option.value(
        "dataset", "NAME|PATH", help: "Where to load the ground truth from.", shown: "the dataset named in the results, else its recorded folder")
    static let allowPartial = Option.flag(
        "allow-partial", help: "Exit 0 when shards are missing (images of the dataset in no shard); without it merge writes the partial result and exits 3.")
    static let specs = [out.spec, dataset.spec, allowPartial.spec, Toolbox.maximumMegapixels.spec]

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
        maximumMegapixels = try arguments[Toolbox.maximumMegapixels]
        shards = arguments.positionals
        out = try arguments[Self.out]
        dataset = try arguments[Self.dataset]
        allowPartial = try arguments[Self.allowPartial]
    }
}
