import Foundation
import FaceBenchModel

/// `parity-grid`'s options, read and checked in one place.
struct ParityGridOptions {
    static let reference = Option.value("reference", "DIR", help: "Folder of reference files.", shown: "Tests/Fixtures/opencv-grid in the checkout")
    static let dataset = Option.list("dataset", "NAME", commaSeparated: true, help: "Datasets to check.", shown: "mit-cmu, dlib-faces")
    static let cascade = Option.list("cascade", "NAME", commaSeparated: true, help: "Cascades to check (default, alt, …, improved).", shown: "all")
    static let jobs = Option.integer(
        "jobs", atLeast: 1, atMost: ParsedArguments.maximumJobs, default: ProcessInfo.processInfo.activeProcessorCount, shown: "the number of cores",
        help: "Images checked at once.")
    static let specs = [reference.spec, dataset.spec, cascade.spec, jobs.spec]

    /// The folder of OpenCV's reference files.
    var reference: String
    var datasets: [String]
    /// Cascades to check, every one when empty.
    var cascades: [String]
    /// Images checked at once.
    var workers: Int

    /// `known` lists every cascade a backend runs, for checking `--cascade`.
    init(_ arguments: ParsedArguments, checkout: String?, known: [String]) throws {
        guard let folder = try arguments[Self.reference] ?? checkout.map({ $0 + "/Tests/Fixtures/opencv-grid" }) else {
            throw FaceBenchError.usage("no --reference given and no checkout found beside the executable")
        }
        reference = folder
        let named = try arguments[Self.dataset]
        datasets = named.isEmpty ? ["mit-cmu", "dlib-faces"] : named
        cascades = try arguments[Self.cascade]
        if let unknown = cascades.first(where: { !known.contains($0) }) {
            throw FaceBenchError.usage("unknown cascade '\(unknown)'; known: \(known.joined(separator: ", "))")
        }
        workers = try arguments[Self.jobs]
    }
}
