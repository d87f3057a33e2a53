import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchIO
import Foundation

/// `eval`'s options, read and checked in one place.
struct EvalOptions {
    static let dataset = Option.value(
        "dataset", "NAME|PATH",
        help: "Dataset name (see `facebench list`) or a ground-truth file/folder in a known format (COCO JSON, Pascal VOC XML, …).").required()
    static let predictions = Option.list(
        "predictions", "[LABEL=]PATH", help: "Detections to score; LABEL names them in tables (default: the file name).")
    static let protocols = Option.list(
        "protocol", "NAME[,NAME…]", commaSeparated: true, help: "Protocols to run (coco, voc, fp_table, sizes, per_image, errors, wider, fddb).",
        shown: "every one that applies to the dataset")
    static let importer = Option.value("importer", "FORMAT", help: "Format of the predictions when it cannot be recognised.", shown: "recognised from the file")
    static let iou = Option.number(
        "iou", "X", in: 0.01...1, help: "IoU threshold of the single-threshold protocols (voc, fp_table, sizes, per_image, …).",
        shown: "each protocol's standard, 0.5")
    static let maximumDetections = Option.value(
        "max-dets", "A,B,C", help: "COCO maxDets, three increasing counts; every COCO number honours them.", shown: "1,10,100"
    ).map { text, arguments -> [Int]? in
        guard let text else { return nil }
        let values = text.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard values.count == 3, let a = values[0], let b = values[1], let c = values[2], a > 0, a < b, b < c else {
            throw arguments.invalid("max-dets", "--max-dets expects three increasing positive counts like 1,10,100, got '\(text)'")
        }
        return [a, b, c]
    }
    static let falsePositiveCounts = Option.value(
        "fp-counts", "N,N,…", help: "False-positive counts of the fp_table.", shown: "10,31,50,65,78,95,167"
    ).map { text, arguments -> [Int]? in
        guard let text else { return nil }
        let values = text.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !values.isEmpty, values.allSatisfy({ ($0 ?? -1) >= 0 }) else {
            throw arguments.invalid("fp-counts", "--fp-counts expects non-negative integers like 10,31,50, got '\(text)'")
        }
        return values.compactMap { $0 }
    }
    static let widerFlavor = Option.choice(
        "wider-flavor", default: WIDERFlavor.matlab,
        help: "The WIDER FACE evaluation the wider protocol equals: the official MATLAB code or its Python port (evaluation.py).")
    static let bootstrap = Option.integer(
        "bootstrap", atLeast: 0, atMost: ImageBootstrap.maximumResamples, default: 0, shown: "0, none",
        help: "Resamples of the images for 95% intervals (as `run --bootstrap`), in JSON under \"intervals\"; its time under timing.bootstrap_ms.")
    static let format = Option.format([.markdown, .json], default: .markdown)
    static let repeats = Option<Int?>.integer(
        "repeat", atLeast: 1, atMost: ParsedArguments.maximumRepeats, help: "Read the predictions and run each protocol N times; report the best time.",
        shown: "1")
    static let rocPrefix = Option.value(
        "roc-out", "PREFIX",
        help: "With the fddb protocol and one predictions file: write PREFIXDiscROC.txt and PREFIXContROC.txt as the FDDB toolkit does.")
    static let specs = [
        dataset.spec, predictions.spec, protocols.spec, importer.spec, iou.spec, maximumDetections.spec, falsePositiveCounts.spec,
        widerFlavor.spec, bootstrap.spec, format.spec, repeats.spec, rocPrefix.spec,
    ] + Toolbox.datasetReadingOptions

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
        dataset = try arguments[Self.dataset]
        reading = try Toolbox.datasetReading(arguments)
        predictions = try arguments[Self.predictions].map(Self.splitLabel)
        guard !predictions.isEmpty else { throw FaceBenchError.usage("give at least one --predictions file") }
        protocols = try arguments[Self.protocols]
        importer = try arguments[Self.importer]
        format = try arguments[Self.format]
        let repeats = try arguments[Self.repeats]
        self.repeats = repeats ?? 1
        timesRequested = repeats != nil
        rocPrefix = try arguments[Self.rocPrefix]
        bootstrapResamples = try arguments[Self.bootstrap]
        evaluation = EvaluationOptions(iouThreshold: try arguments[Self.iou])
        evaluation.widerFlavor = try arguments[Self.widerFlavor]
        if let counts = try arguments[Self.maximumDetections] { evaluation.cocoMaxDetections = counts }
        if let counts = try arguments[Self.falsePositiveCounts] { evaluation.falsePositiveCounts = counts }
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
