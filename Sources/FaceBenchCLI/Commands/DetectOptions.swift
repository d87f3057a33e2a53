import FaceBenchHarness
import FaceBenchModel

/// `detect`'s options, read and checked in one place.
struct DetectOptions {
    enum Format: String { case text, json }

    var maximumMegapixels: Double?
    var image: String
    var format: Format
    /// `--draw`'s path, checked writable (`DetectCommand.checkedDrawingPath`).
    var drawing: String?
    var nativeThreads: Int
    var detectors: [String]
    var dataset: String?

    init(_ arguments: ParsedArguments, toolbox: Toolbox) throws {
        maximumMegapixels = try Toolbox.maximumMegapixels(arguments)
        image = arguments.positionals[0]
        let formatName = arguments.string("format") ?? "text"
        guard let format = Format(rawValue: formatName) else {
            throw FaceBenchError.usage("--format: unknown format '\(formatName)'; choose text or json")
        }
        self.format = format
        drawing = try arguments.string("draw").map(DetectCommand.checkedDrawingPath)
        nativeThreads = try arguments.int("native-threads", atLeast: 1, atMost: RunSettings.maximumThreads) ?? 1
        detectors = toolbox.detectorSpecs(arguments.strings("detector"), fallback: Toolbox.defaultDetectors)
        dataset = arguments.string("dataset")
    }
}
