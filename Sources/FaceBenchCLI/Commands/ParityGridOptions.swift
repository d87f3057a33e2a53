import Foundation
import FaceBenchModel

/// `parity-grid`'s options, read and checked in one place.
struct ParityGridOptions {
    /// The folder of OpenCV's reference files.
    var reference: String
    var datasets: [String]
    /// Cascades to check, every one when empty.
    var cascades: [String]
    /// Images checked at once.
    var workers: Int

    /// `known` lists every cascade a backend runs, for checking `--cascade`.
    init(_ arguments: ParsedArguments, checkout: String?, known: [String]) throws {
        guard let folder = arguments.string("reference") ?? checkout.map({ $0 + "/Tests/Fixtures/opencv-grid" }) else {
            throw FaceBenchError.usage("no --reference given and no checkout found beside the executable")
        }
        reference = folder
        datasets = arguments.strings("dataset").isEmpty ? ["mit-cmu", "dlib-faces"] : arguments.strings("dataset")
        cascades = arguments.strings("cascade")
        if let unknown = cascades.first(where: { !known.contains($0) }) {
            throw FaceBenchError.usage("unknown cascade '\(unknown)'; known: \(known.joined(separator: ", "))")
        }
        workers = try arguments.int("jobs", atLeast: 1, atMost: ParsedArguments.maximumJobs) ?? ProcessInfo.processInfo.activeProcessorCount
    }
}
