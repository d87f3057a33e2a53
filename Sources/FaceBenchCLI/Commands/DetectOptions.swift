import FaceBenchHarness
import FaceBenchModel

/// `detect`'s options, read and checked in one place.
struct DetectOptions {
    static let detector = Option.list(
        "detector", "SPEC", help: "Detector spec.", shown: Toolbox.defaultDetectors.joined(separator: ", "))
    static let format = Option.format([.text, .json], default: .text, help: "A line per face, or JSON.")
    static let drawing = Option.value("draw", "OUT.png", help: "Write the image with the detections drawn: PNG, or JPEG for .jpg/.jpeg.")
        .map { path, _ in try path.map(DetectCommand.checkedDrawingPath) }
    static let dataset = Option.value("dataset", "NAME|PATH", help: "Dataset holding the image, for its ground truth.")
    static let specs = [detector.spec, format.spec, drawing.spec, dataset.spec, Toolbox.nativeThreads.spec, Toolbox.maximumMegapixels.spec]
        + Toolbox.datasetReadingOptions

    var maximumMegapixels: Double?
    var image: String
    var format: OutputFormat
    /// `--draw`'s path, checked writable (`DetectCommand.checkedDrawingPath`).
    var drawing: String?
    var nativeThreads: Int
    var detectors: [String]
    var dataset: String?

    init(_ arguments: ParsedArguments, toolbox: Toolbox) throws {
        maximumMegapixels = try arguments[Toolbox.maximumMegapixels]
        image = arguments.positionals[0]
        format = try arguments[Self.format]
        drawing = try arguments[Self.drawing]
        nativeThreads = try arguments[Toolbox.nativeThreads]
        detectors = toolbox.detectorSpecs(try arguments[Self.detector])
        dataset = try arguments[Self.dataset]
    }
}
