import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchHarness
import FaceBenchIO
import Foundation

/// `run`'s options, read from the command line (and `--config`) and checked in one place;
/// the command itself works only with these values.
struct RunOptions {
    static let dataset = Option.list(
        "dataset", "NAME|PATH", help: "Dataset name (see `facebench list`) or a folder/file in a known format.",
        shown: "every named dataset with images found")
    static let detector = Option.list(
        "detector", "SPEC[,SPEC…]", help: "Detector specs, e.g. haar:cascade=alt2,neighbors=5,lbp; default or all.",
        shown: "default = " + Toolbox.defaultDetectors.joined(separator: ", "))
    static let out = Option.value("out", "DIR", help: "Output folder.", shown: "Results/runs/<UTC time>, linked as Results/runs/latest")
    static let resume = Option.flag(
        "resume", help: "Continue the interrupted run in --out (default Results/runs/latest) without repeating finished images.")
    static let iou = Option.number(
        "iou", "X", in: 0.01...1,
        help: "IoU a detection needs to match a face, in the headline table and every protocol (as `eval --iou`; COCO keeps its 0.50:0.95).",
        shown: "each protocol's standard, 0.5")
    static let widerFlavor = Option.choice(
        "wider-flavor", default: WIDERFlavor.matlab, help: "The WIDER FACE evaluation the wider protocol equals (see `facebench eval`).")
    static let bootstrap = Option.integer(
        "bootstrap", atLeast: 0, atMost: ImageBootstrap.maximumResamples, default: ImageBootstrap.standardResamples,
        help: "Resamples of the images for the 95% intervals of AP, COCO AP, precision, recall, F1, miss rate and NME (seed 23, docs/evaluation.md); 0: none.")
    static let targetPrecision = Option.number(
        "target-precision", "P", in: 0.01...1, default: OperatingPoints.standardTargetPrecision,
        help: "Precision the second operating point must reach: per detector, the lowest score threshold keeping precision at least P (beside the threshold maximising F1), in results.json and report.md.")
    static let falsePositivesPerImage = Option.number(
        "fp-per-image", "N", in: 0...OperatingPoints.maximumFalsePositivesPerImage, default: OperatingPoints.standardFalsePositivesPerImage,
        help: "False positives per image the third operating point may have: per detector, the lowest score threshold with at most N × images false positives, the most recall that budget allows.")
    static let warmup = Option.integer(
        "warmup", atLeast: 0, atMost: RunSettings.maximumPasses, default: 2, help: "Untimed calls per detector and worker before measuring.")
    static let repetitions = Option.integer(
        "repetitions", atLeast: 1, atMost: RunSettings.maximumPasses, default: 1, help: "Timed calls per detector and image (all kept).")
    static let threads = Option.integers(
        "threads", "N[,N…]", atLeast: 1, atMost: RunSettings.maximumThreads,
        help: "Worker counts: the first runs the benchmark, each gets a throughput pass (images/s, scaling efficiency).", shown: "1, no throughput pass")
    static let shard = Option.value(
        "shard", "K/N", help: "Run only the K-th of N deterministic slices of each dataset (combine with `facebench merge`)."
    ).map { text, arguments in
        try text.map { text in
            do { return try Shard(parsing: text) } catch let FaceBenchError.usage(message) { throw arguments.invalid("shard", message) }
        }
    }
    static let widerFiles = Option.flag(
        "wider-files", help: "Write <detector>.wider/ (WIDER's one file per image) for datasets not in WIDER's layout too.")
    static let drawAll = Option.value(
        "draw-all", "DIR",
        help: "Also draw every image per detector (ground truth, detections with score and IoU, counts, legend) into DIR/<dataset>/<detector>/<image>.jpg."
    ).map { path, _ in path.map { URL(fileURLWithPath: $0).standardized.path } }
    static let reference = Option.value(
        "reference", "KIND",
        help: "On images without annotations, score the other detectors against this detector's detections (by id or kind), labelled as relative to it in every table: never accuracy.")
    static let maximumFailed = Option<Int?>.integer(
        "max-failed", atLeast: 0, help: "Exit with status 3 (after writing everything) when a detector failed on more than N images of a dataset.",
        shown: "exit 3 only when a detector failed on every image")
    /// json: the summary as one JSON object (`RunSummary.json`).
    static let format = Option.format(
        [.text, .markdown, .json], default: .text,
        help: "What stdout gets: aligned tables (bold and colour on a terminal), Markdown, or the summary as JSON.")
    static let verbose = Option.flag(
        "verbose", help: "Print every table of the report (COCO, VOC, sizes, per image, latency, settings), not only the headline.")
    static let quiet = Option.flag("quiet", help: "Print nothing on stdout; the results are in the files.")
    static let specs = [
        dataset.spec, detector.spec, out.spec, resume.spec, iou.spec, widerFlavor.spec, bootstrap.spec, targetPrecision.spec,
        falsePositivesPerImage.spec, warmup.spec, repetitions.spec, threads.spec, Toolbox.nativeThreads.spec, shard.spec, widerFiles.spec,
        drawAll.spec, reference.spec, maximumFailed.spec, format.spec, verbose.spec, quiet.spec, ConfigFile.option.spec,
        Toolbox.maximumMegapixels.spec,
    ] + Toolbox.datasetReadingOptions

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
        maximumMegapixels = try arguments[Toolbox.maximumMegapixels]
        settings = RunSettings()
        settings.evaluation.iouThreshold = try arguments[Self.iou]
        settings.warmup = try arguments[Self.warmup]
        settings.repetitions = try arguments[Self.repetitions]
        threads = try arguments[Self.threads]
        settings.throughputThreads = threads
        settings.nativeThreads = try arguments[Toolbox.nativeThreads]
        settings.bootstrapResamples = try arguments[Self.bootstrap]
        settings.targetPrecision = try arguments[Self.targetPrecision]
        settings.falsePositivesPerImage = try arguments[Self.falsePositivesPerImage]
        settings.shard = try arguments[Self.shard]
        settings.evaluation.widerFlavor = try arguments[Self.widerFlavor]
        resume = try arguments[Self.resume]
        out = try arguments[Self.out]
        let named = try arguments[Self.dataset]
        datasets = named.isEmpty ? toolbox.defaultDatasets : named
        guard !datasets.isEmpty else {
            throw FaceBenchError.usage("no --dataset given and no named dataset with images found on \(toolbox.catalog.searchPath.joined(separator: ":"))")
        }
        reading = try Toolbox.datasetReading(arguments)
        detectors = toolbox.detectorSpecs(try arguments[Self.detector])
        format = try arguments[Self.format]
        switch (try arguments[Self.quiet], try arguments[Self.verbose]) {
        case (true, true): throw FaceBenchError.usage("--quiet and --verbose exclude each other")
        case (true, false): verbosity = .quiet
        case (false, true): verbosity = .verbose
        case (false, false): verbosity = .normal
        }
        widerFolders = try arguments[Self.widerFiles]
        maximumFailedImages = try arguments[Self.maximumFailed]
        drawings = try arguments[Self.drawAll]
        reference = try arguments[Self.reference]
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
