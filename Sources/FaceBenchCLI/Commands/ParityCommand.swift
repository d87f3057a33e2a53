import FaceBenchReports
import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchHarness

enum ParityCommand: FaceBenchCommand {
    static let spec = CommandSpec(
        name: "parity",
        abstract: "Compare two implementations of one detector image by image: box agreement and latency, side by side.",
        discussion: """
            Runs REFERENCE and CANDIDATE on every image of each dataset, single-threaded and interleaved (their order \
            alternates run by run, so neither profits from a warmer cache or a quieter machine). Boxes are matched one to \
            one at --iou; the table counts each side's boxes, the matched ones, the unmatched ones on each side, the pairs \
            with identical boxes and agreeing scores, and each side's median per-image latency (the median of --repeat \
            runs per image) with the ratio CANDIDATE / REFERENCE. Images where the two differ at all are listed.
            """,
        options: ParityOptions.specs,
        arguments: [
            ArgumentSpec(name: "REFERENCE", help: "Detector spec of the reference (e.g. haar:cascade=alt2)."),
            ArgumentSpec(name: "CANDIDATE", help: "Detector spec of the implementation checked against it (e.g. swift-haar:cascade=alt2)."),
        ],
        examples: [
            "facebench parity haar:cascade=alt2 swift-haar:cascade=alt2 --dataset mit-cmu",
            "facebench parity lbp:cascade=improved swift-lbp:cascade=improved --dataset mit-cmu --dataset dlib-faces",
        ])

    static func run(_ arguments: ParsedArguments, toolbox: Toolbox) throws -> Int32 {
        let options = try ParityOptions(arguments, toolbox: toolbox)
        let toolbox = toolbox.limitingImages(to: options.maximumMegapixels)
        let iou = options.iouThreshold, repeats = options.repeats
        toolbox.registry.pinNativeThreads(1)
        let factories = try toolbox.factories(for: [options.reference, options.candidate], command: "parity")
        let detectors = try factories.map { try $0.makeDetector() }
        let names = factories.map(\.info.spec)
        let comparison = InterleavedParity(iouThreshold: iou, repeats: repeats)

        var table = MarkdownTable(headers: [
            "dataset", "images", "reference boxes", "candidate boxes", "matched (IoU ≥ \(Formatting.fixed(iou, 2)))",
            "unmatched reference", "unmatched candidate", "identical boxes", "equal scores",
            "reference median ms", "candidate median ms", "latency ratio",
        ])
        var differences: [String] = []
        for name in options.datasets {
            let dataset = try toolbox.catalog.resolve(name)
            let outcome = try comparison.compare(reference: detectors[0], candidate: detectors[1], on: dataset, decoder: toolbox.decoder)
            let parity = outcome.parity
            table.add([
                dataset.name, String(parity.images), String(parity.referenceBoxes), String(parity.candidateBoxes),
                "\(parity.matched) (\(Formatting.percent(parity.matchedFraction)))",
                String(parity.unmatchedReference),
                "\(parity.unmatchedCandidate) (\(Formatting.percent(parity.unmatchedCandidateFraction)))",
                String(parity.identicalBoxes), String(parity.agreeingScores),
                Formatting.milliseconds(outcome.referenceMedianMilliseconds), Formatting.milliseconds(outcome.candidateMedianMilliseconds),
                outcome.latencyRatio.map { Formatting.fixed($0, 2) + "x" } ?? "–",
            ])
            if !parity.differingImages.isEmpty {
                differences.append("\(dataset.name): \(parity.differingImages.count) images differ: \(parity.differingImages.prefix(20).joined(separator: ", "))")
            }
        }
        var out = "reference: \(names[0])\ncandidate: \(names[1])\n(single-threaded, \(repeats) interleaved runs per image)\n\n"
        out += table.text
        out += differences.isEmpty ? "\nEvery image: identical boxes.\n" : "\n" + differences.joined(separator: "\n") + "\n"
        StandardStreams.output(out)
        return ExitStatus.success
    }
}
