import FaceBenchHarness
import FaceBenchModel

/// `detect`'s options, read and checked in one place.
struct DetectOptions {
    static let formatOption = FormatOption([.text, .json], default: .text, help: "A line per face, or JSON.")

    var maximumMegapixels: Double?
    var image: String
    var format: OutputFormat
    /// `--draw`'s path, checked writable (`DetectCommand.checkedDrawingPath`).
    var drawing: String?
    var nativeThreads: Int
    var detectors: [String]
    var dataset: String?

    init(_ arguments: ParsedArguments, toolbox: Toolbox) throws {
        maximumMegapixels = try Toolbox.maximumMegapixels(arguments)
        image = arguments.positionals[0]
        format = try Self.formatOption.format(arguments)
        drawing = try arguments.string("draw").map(DetectCommand.checkedDrawingPath)
        nativeThreads = try arguments.int("native-threads", atLeast: 1, atMost: RunSettings.maximumThreads) ?? 1
        detectors = toolbox.detectorSpecs(arguments.strings("detector"), fallback: Toolbox.defaultDetectors)
        dataset = arguments.string("dataset")
    }
}
