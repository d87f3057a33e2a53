import FaceBenchModel

/// `parity`'s options, read and checked in one place.
struct ParityOptions {
    var maximumMegapixels: Double?
    var reference: String
    var candidate: String
    var iouThreshold: Double
    var repeats: Int
    var datasets: [String]

    /// `arguments` holds REFERENCE and CANDIDATE: the parser checked the two positionals.
    init(_ arguments: ParsedArguments, toolbox: Toolbox) throws {
        maximumMegapixels = try Toolbox.maximumMegapixels(arguments)
        reference = arguments.positionals[0]
        candidate = arguments.positionals[1]
        iouThreshold = try arguments.double("iou", in: 0.01...1) ?? 0.9
        repeats = try arguments.int("repeat", atLeast: 1, atMost: ParsedArguments.maximumRepeats) ?? 3
        datasets = arguments.strings("dataset").isEmpty ? toolbox.defaultDatasets : arguments.strings("dataset")
        guard !datasets.isEmpty else { throw FaceBenchError.usage("no --dataset given and no named dataset with images found") }
    }
}
