import FaceBenchModel

/// `parity`'s options, read and checked in one place.
struct ParityOptions {
    static let dataset = Option.list("dataset", "NAME|PATH", help: "Dataset name or folder.", shown: "every named dataset with images found")
    static let iou = Option.number("iou", "T", in: 0.01...1, default: 0.9, help: "IoU at which two boxes match.")
    static let repeats = Option.integer("repeat", atLeast: 1, atMost: ParsedArguments.maximumRepeats, default: 3, help: "Timed runs of each detector per image.")
    static let specs = [dataset.spec, iou.spec, repeats.spec, Toolbox.maximumMegapixels.spec]

    var maximumMegapixels: Double?
    var reference: String
    var candidate: String
    var iouThreshold: Double
    var repeats: Int
    var datasets: [String]

    /// `arguments` holds REFERENCE and CANDIDATE: the parser checked the two positionals.
    init(_ arguments: ParsedArguments, toolbox: Toolbox) throws {
        maximumMegapixels = try arguments[Toolbox.maximumMegapixels]
        reference = arguments.positionals[0]
        candidate = arguments.positionals[1]
        iouThreshold = try arguments[Self.iou]
        repeats = try arguments[Self.repeats]
        let named = try arguments[Self.dataset]
        datasets = named.isEmpty ? toolbox.defaultDatasets : named
        guard !datasets.isEmpty else { throw FaceBenchError.usage("no --dataset given and no named dataset with images found") }
    }
}
