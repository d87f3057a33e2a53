import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchIO
import Foundation

/// `eval`'s options, read and checked in one place.
struct EvalOptions {
    static let formatOption = FormatOption([.markdown, .json], default: .markdown)

    var dataset: String
    var reading: DatasetReading
    /// Each `--predictions` value as its label and path.
    var predictions: [(label: String, path: String)]
    var protocols: [String]
    var importer: String?
    var evaluation: EvaluationOptions
    var format: OutputFormat
    var repeats: Int
    /// `--repeat` was given: the timings are what the user asked for, so they are printed.
    var timesRequested: Bool
    var rocPrefix: String?
    var bootstrapResamples: Int

    init(_ arguments: ParsedArguments) throws {
        guard let dataset = arguments.string("dataset") else { throw FaceBenchError.usage("--dataset is required") }
        self.dataset = dataset
        reading = Toolbox.datasetReading(arguments)
        predictions = arguments.strings("predictions").map(Self.splitLabel)
        guard !predictions.isEmpty else { throw FaceBenchError.usage("give at least one --predictions file") }
        protocols = arguments.strings("protocol")
        importer = arguments.string("importer")
        format = try Self.formatOption.format(arguments)
        repeats = try arguments.int("repeat", atLeast: 1, atMost: ParsedArguments.maximumRepeats) ?? 1
        timesRequested = arguments.string("repeat") != nil
        rocPrefix = arguments.string("roc-out")
        bootstrapResamples = try arguments.int("bootstrap", atLeast: 0, atMost: ImageBootstrap.maximumResamples) ?? 0
        evaluation = EvaluationOptions(iouThreshold: try arguments.double("iou", in: 0.01...1))
        evaluation.widerFlavor = try arguments.choice("wider-flavor", default: .matlab)
        if let text = arguments.string("max-dets") {
            let values = text.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard values.count == 3, let a = values[0], let b = values[1], let c = values[2], a > 0, a < b, b < c else {
                throw arguments.invalid("max-dets", "--max-dets expects three increasing positive counts like 1,10,100, got '\(text)'")
            }
            evaluation.cocoMaxDetections = [a, b, c]
        }
        if let text = arguments.string("fp-counts") {
            let values = text.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard !values.isEmpty, values.allSatisfy({ ($0 ?? -1) >= 0 }) else {
                throw arguments.invalid("fp-counts", "--fp-counts expects non-negative integers like 10,31,50, got '\(text)'")
            }
            evaluation.falsePositiveCounts = values.map { $0! }
        }
    }

    /// `LABEL=PATH` or `PATH` (labelled by its file name without `.json` / `.coco.json`).
    static func splitLabel(_ entry: String) -> (label: String, path: String) {
        if let equals = entry.firstIndex(of: "="), !entry[..<equals].contains("/") {
            return (String(entry[..<equals]), String(entry[entry.index(after: equals)...]))
        }
        var label = URL(fileURLWithPath: entry).lastPathComponent
        for suffix in [".coco.json", ".json", ".txt"] where label.hasSuffix(suffix) {
            label = String(label.dropLast(suffix.count))
            break
        }
        return (label, entry)
    }
}
