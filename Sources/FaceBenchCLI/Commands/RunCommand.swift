import FaceBenchModel
import FaceBenchIO
import FaceBenchHarness
import FaceBenchReports
import Foundation

enum RunCommand: FaceBenchCommand {
    static let spec = CommandSpec(
        name: "run",
        abstract: "Run detectors over datasets and print the comparison table.",
        discussion: """
            Each image is decoded once (timed separately), then every detector runs on it, in an order rotated \
            image by image. Each finished image is appended to DIR/<dataset>/images.jsonl, so an interrupted run \
            (Ctrl-C, kill, power loss) continues with --resume. Writes results.json, gt.coco.json, \
            <detector>.coco.json (COCO results) and report.md per dataset, <detector>.wider/ (one file per image, \
            for WIDER's tools) for WIDER-layout datasets or with --wider-files, <detector>.fddb.txt for FDDB sets; \
            and for all datasets together DIR/report.md, DIR/report.html and DIR/summary.csv (the tidy table of \
            `facebench report --format csv`). The terminal gets the headline table per dataset, one line \
            per finding (failed images, a debug build, a dominant error type) and where the report is; --verbose \
            prints every table of report.md instead. --detector takes comma lists: a piece that is a parameter key \
            of the spec before it continues that spec, anything else starts a new one (haar,lbp; \
            'haar:scale=1.05,neighbors=5,lbp'); `default` is the default comparison, `all` every kind that runs \
            without arguments; exec:, plugin: and file: specs take the rest of the value, commas included. \
            A folder of images without annotations runs too: detectors are timed, their detections counted and \
            compared with each other (the agreement matrix), and every accuracy column says "no ground truth"; \
            --reference KIND scores the others against one detector's detections, labelled as relative to it. \
            Exit status: 0; 3 when a detector failed on every image of a dataset (or on more than --max-failed), \
            after every file is written; 130 when interrupted.
            """,
        options: RunOptions.specs,
        examples: [
            "facebench run --dataset mit-cmu --detector haar,lbp,hog",
            "facebench run --dataset mit-cmu --detector default,fast=haar:scale=1.3 --format markdown",
            "facebench run --config bench.json --threads 1,2",
            "facebench run --dataset dlib-faces --detector 'haar:cascade=alt2,scale=1.05,neighbors=5' --threads 1,2",
            "facebench run --dataset mit-cmu --shard 2/4 --out shards/2",
        ])

    static func run(_ arguments: ParsedArguments, toolbox: Toolbox) throws -> Int32 {
        let options = try RunOptions(arguments, toolbox: toolbox)
        let toolbox = toolbox.limitingImages(to: options.maximumMegapixels)
        // Every dataset is found before anything runs or a run folder is made, so a mistyped
        // second name neither waits for the first dataset nor leaves an empty run as `latest`.
        let datasets = try options.datasets.map { try toolbox.dataset($0, command: "run", reading: options.reading) }
        if options.reference != nil, let annotated = datasets.first(where: \.hasGroundTruth) {
            throw FaceBenchError.usage(
                "--reference scores detectors against one of them where there is no ground truth; dataset \(annotated.name) has annotations (run it without --reference)")
        }
        let folder = try options.out.map(RunFolder.init) ?? (options.resume ? RunFolder.latest() : RunFolder.timestamped())
        toolbox.registry.pinNativeThreads(options.settings.nativeThreads)

        let stop = StopSignal()
        let interruption = InterruptHandler(stop: stop)
        defer { interruption.cancel() }
        let environment = toolbox.environment()
        var writer = RunFolderWriter(
            folder: folder, evaluators: toolbox.evaluators, decoder: toolbox.decoder, encoder: toolbox.encoder,
            exports: .init(widerFolders: options.widerFolders))
        var interrupted = false
        for dataset in datasets {
            let directory = try folder.dataset(dataset.name).path
            // WIDER's layout names a file after each image: a name that cannot be one fails
            // here, before the run, not after it (WIDER's own loaders refuse such names).
            if options.widerFolders { for sample in dataset.samples { _ = try WIDERPredictionFolder.fileName(of: sample) } }
            let context = DetectorContext(outputDirectory: directory, dataset: dataset)
            let factories = try toolbox.factories(for: options.detectors, context: context, command: "run")
            var settings = options.settings
            settings.reference = try options.reference.map { try RunOptions.referenceID($0, among: factories.map(\.info)) }
            let runner = BenchmarkRunner(
                .init(
                    dataset: dataset, factories: factories, decoder: toolbox.decoder, settings: settings,
                    workers: options.threads.first ?? 1, outputDirectory: directory, resume: options.resume, environment: environment,
                    evaluators: toolbox.evaluators),
                stop: stop)
            let results = try runner.run()
            Toolbox.warn(results.decodeWarnings, command: "run")
            try writer.write(results, dataset: dataset)
            if let drawings = options.drawings {
                let folder = drawings + "/" + dataset.name
                let count = try AnnotatedImageFolder(decoder: toolbox.decoder, encoder: toolbox.encoder).write(results, dataset: dataset, to: folder)
                StandardStreams.error("facebench run: drew \(count) annotated images in \(folder)\n")
            }
            if options.verbosity == .verbose, options.format != .json {
                StandardStreams.output(MarkdownReport.section(RunFolderWriter.comparison(results), evaluators: toolbox.evaluators) + "\n\n")
            }
            if results.interrupted {
                interrupted = true
                break
            }
        }
        try writer.writeReports()
        // Only now: a run that failed before writing its results leaves `latest` where it was.
        if options.out == nil, !options.resume { folder.linkAsLatest() }
        let finished = writer.written
        let comparisons = finished.map(RunFolderWriter.comparison)
        let summary = RunSummary(comparisons: comparisons, findings: RunFindings.collect(comparisons, from: toolbox.findingSources), folder: folder.root)
        // --verbose printed every table as each dataset finished; the findings and paths follow.
        let tables = options.verbosity == .normal
        switch (options.verbosity, options.format) {
        case (.quiet, _): break
        case (_, .json): StandardStreams.output(JSONWriter().string(summary.json) + "\n")
        case (_, .markdown): StandardStreams.output(summary.markdown(tables: tables))
        case (_, .text):
            StandardStreams.output(summary.text(styled: StandardStreams.outputIsStyledTerminal, tables: tables, width: StandardStreams.outputColumns))
        case (_, .csv), (_, .html): preconditionFailure("not among RunOptions.format's formats")
        }
        if interrupted {
            StandardStreams.error("facebench run: interrupted; continue with: facebench run --resume --out \(folder.root) (same options)\n")
            return ExitStatus.interrupted
        }
        let failed = tooManyFailures(finished, maximum: options.maximumFailedImages)
        for line in failed { StandardStreams.error("facebench run: error: \(line)\n") }
        return failed.isEmpty ? ExitStatus.success : ExitStatus.incomplete
    }

    /// "dataset / detector: failed on N of M images" for each detector beyond `maximum`
    /// failed images, or, without one, that failed on every image it ran on.
    static func tooManyFailures(_ results: [RunResults], maximum: Int?) -> [String] {
        results.flatMap { result in
            result.detectors.compactMap { detector -> String? in
                let failed = detector.failures.count, images = result.dataset.images
                let tooMany = maximum.map { failed > $0 } ?? (images > 0 && failed == images)
                guard tooMany else { return nil }
                let limit = maximum.map { " (--max-failed \($0))" } ?? ""
                return "\(result.dataset.name) / \(detector.id): failed on \(failed) of \(images) images\(limit)"
            }
        }
    }
}

/// Ctrl-C: the first asks the run to stop after the images in flight and write what is
/// done; a second one exits at once.
final class InterruptHandler {
    let source: any DispatchSourceSignal

    init(stop: StopSignal) {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler {
            if stop.isRequested { exit(ExitStatus.interrupted) }
            StandardStreams.error("\nfacebench: stopping after the images in flight (Ctrl-C again to quit now)\n")
            stop.request()
        }
        source.resume()
        self.source = source
    }

    func cancel() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
