import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchHarness
import FaceBenchIO
import Foundation

/// `run`'s options, read from the command line (and `--config`) and checked in one place;
/// the command itself works only with these values.
struct RunOptions {
    /// json: the summary as one JSON object (`RunSummary.json`).
    static let formatOption = FormatOption(
        [.text, .markdown, .json], default: .text,
        help: "What stdout gets: aligned tables (bold and colour on a terminal), Markdown, or the summary as JSON.")

    enum Verbosity {
        /// Nothing on stdout: the files and errors only.
        case quiet
        /// The headline tables, findings and where the report is.
        case normal
        /// Every table of the report, as in report.md.
        case verbose
    }

    var datasets: [String]
    /// `--dataset-format`, `--images`, `--class`: how datasets given by path are read.
    var reading: DatasetReading
    var detectors: [String]
    var out: String?
    var resume: Bool
    var settings: RunSettings
    /// The first runs the benchmark; each gets a throughput pass.
    var threads: [Int]
    var format: OutputFormat
    var verbosity: Verbosity
    var maximumMegapixels: Double?
    /// `<detector>.wider/` for every dataset, not only WIDER-layout ones.
    var widerFolders: Bool
    /// `--draw-all`'s folder, absolute.
    var drawings: String?
    /// A detector that failed on more images than this makes the run exit 3; nil: only one
    /// that failed on every image does.
    var maximumFailedImages: Int?
    /// `--reference`: the detector (id or kind) the others are scored against on images
    /// without annotations.
    var reference: String?

    /// Reads the options of `toolbox` (the one `--max-megapixels` has not limited yet:
    /// only the catalog is used).
    init(_ arguments: ParsedArguments, toolbox: Toolbox) throws {
        maximumMegapixels = try Toolbox.maximumMegapixels(arguments)
        settings = RunSettings()
        settings.evaluation.iouThreshold = try arguments.double("iou", in: 0.01...1)
        settings.warmup = try arguments.int("warmup", atLeast: 0, atMost: RunSettings.maximumPasses) ?? 2
        settings.repetitions = try arguments.int("repetitions", atLeast: 1, atMost: RunSettings.maximumPasses) ?? 1
        threads = try arguments.ints("threads", atLeast: 1, atMost: RunSettings.maximumThreads)
        settings.throughputThreads = threads
        settings.nativeThreads = try arguments.int("native-threads", atLeast: 1, atMost: RunSettings.maximumThreads) ?? 1
        settings.bootstrapResamples = try arguments.int("bootstrap", atLeast: 0, atMost: ImageBootstrap.maximumResamples) ?? ImageBootstrap.standardResamples
        settings.targetPrecision = try arguments.double("target-precision", in: 0.01...1) ?? OperatingPoints.standardTargetPrecision
        settings.falsePositivesPerImage = try arguments.double("fp-per-image", in: 0...OperatingPoints.maximumFalsePositivesPerImage)
            ?? OperatingPoints.standardFalsePositivesPerImage
        settings.shard = try arguments.string("shard").map { text in
            do { return try Shard(parsing: text) } catch let FaceBenchError.usage(message) { throw arguments.invalid("shard", message) }
        }
        settings.evaluation.widerFlavor = try arguments.choice("wider-flavor", default: .matlab)
        resume = arguments.flag("resume")
        out = arguments.string("out")
        datasets = arguments.strings("dataset").isEmpty ? toolbox.defaultDatasets : arguments.strings("dataset")
        guard !datasets.isEmpty else {
            throw FaceBenchError.usage("no --dataset given and no named dataset with images found on \(toolbox.catalog.searchPath.joined(separator: ":"))")
        }
        reading = Toolbox.datasetReading(arguments)
        detectors = toolbox.detectorSpecs(arguments.strings("detector"))
        format = try Self.formatOption.format(arguments)
        switch (arguments.flag("quiet"), arguments.flag("verbose")) {
        case (true, true): throw FaceBenchError.usage("--quiet and --verbose exclude each other")
        case (true, false): verbosity = .quiet
        case (false, true): verbosity = .verbose
        case (false, false): verbosity = .normal
        }
        widerFolders = arguments.flag("wider-files")
        maximumFailedImages = try arguments.int("max-failed", atLeast: 0)
        drawings = arguments.string("draw-all").map { URL(fileURLWithPath: $0).standardized.path }
        reference = arguments.string("reference")
    }

    /// The id of the run's detector `--reference` names: its id, or the kind of exactly one.
    static func referenceID(_ name: String, among detectors: [DetectorInfo]) throws -> String {
        if detectors.contains(where: { $0.id == name }) { return name }
        let ofKind = detectors.filter { $0.kind == name }
        if ofKind.count == 1 { return ofKind[0].id }
        let ids = detectors.map(\.id)
        if ofKind.count > 1 {
            throw FaceBenchError.usage("--reference \(name): the run has \(ofKind.count) detectors of that kind (\(ofKind.map(\.id).joined(separator: ", "))); name one by its id")
        }
        throw FaceBenchError.usage(
            "--reference \(name) is none of the run's detectors.\(NameSuggestion.hint(for: name, among: ids)) Detectors: \(ids.joined(separator: ", ")) (add it with --detector)")
    }
}
