import FaceBenchReports
import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchDlib
import FaceBenchOpenCV

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
        options: [
            OptionSpec("dataset", .repeated("NAME|PATH", commaSeparated: false), help: "Dataset name or folder.", default: "every named dataset with images found"),
            OptionSpec("iou", .value("T"), help: "IoU at which two boxes match.", default: "0.9"),
            OptionSpec("repeat", .value("N"), help: "Timed runs of each detector per image.", default: "3"),
            Toolbox.maxMegapixelsOption,
        ],
        arguments: [
            ArgumentSpec(name: "REFERENCE", help: "Detector spec of the reference (e.g. haar:cascade=alt2)."),
            ArgumentSpec(name: "CANDIDATE", help: "Detector spec of the implementation checked against it (e.g. swift-haar:cascade=alt2)."),
        ],
        examples: [
            "facebench parity haar:cascade=alt2 swift-haar:cascade=alt2 --dataset mit-cmu",
            "facebench parity lbp:cascade=improved swift-lbp:cascade=improved --dataset mit-cmu --dataset dlib-faces",
        ])

    static func run(_ arguments: ParsedArguments, toolbox: Toolbox) throws -> Int32 {
        let toolbox = try toolbox.limitingImages(arguments)
        guard arguments.positionals.count == 2 else {
            throw FaceBenchError.usage("parity takes two detector specs, REFERENCE and CANDIDATE (got \(arguments.positionals.count))")
        }
        let iou = try arguments.double("iou", in: 0.01...1) ?? 0.9
        let repeats = try arguments.int("repeat", atLeast: 1) ?? 3
        let datasetNames = arguments.strings("dataset").isEmpty ? toolbox.defaultDatasets : arguments.strings("dataset")
        guard !datasetNames.isEmpty else { throw FaceBenchError.usage("no --dataset given and no named dataset with images found") }
        OpenCVBackend.setThreads(1)
        DlibBackend.setThreads(1)
        let factories = try toolbox.registry.factories(for: arguments.positionals)
        let detectors = try factories.map { try $0.makeDetector() }
        let names = factories.map(\.info.spec)

        var table = MarkdownTable(headers: [
            "dataset", "images", "reference boxes", "candidate boxes", "matched (IoU ≥ \(Formatting.fixed(iou, 2)))",
            "unmatched reference", "unmatched candidate", "identical boxes", "equal scores",
            "reference median ms", "candidate median ms", "latency ratio",
        ])
        var differences: [String] = []
        for name in datasetNames {
            let dataset = try toolbox.catalog.resolve(name)
            var parity = DetectionParity(iouThreshold: iou)
            var latencies: [[Double]] = [[], []]
            for sample in dataset.samples {
                guard let path = sample.path else { continue }
                let input = DetectorInput(decoded: try toolbox.decoder.decode(path), name: sample.name, path: path)
                var results: [[Detection]] = [[], []]
                var times: [[Double]] = [[], []]
                for run in 0..<repeats {
                    for k in (run % 2 == 0 ? [0, 1] : [1, 0]) {
                        let (found, milliseconds) = try MonotonicClock.measure { try detectors[k].checkedDetect(input) }
                        results[k] = found
                        times[k].append(milliseconds)
                    }
                }
                for k in 0..<2 { latencies[k].append(LatencySummary(times[k])!.p50) }
                parity.add(image: sample.name, reference: results[0], candidate: results[1])
            }
            let medians = latencies.map { LatencySummary($0)?.p50 }
            table.add([
                dataset.name, String(parity.images), String(parity.referenceBoxes), String(parity.candidateBoxes),
                "\(parity.matched) (\(Formatting.percent(parity.matchedFraction)))",
                String(parity.unmatchedReference),
                "\(parity.unmatchedCandidate) (\(Formatting.percent(parity.unmatchedCandidateFraction)))",
                String(parity.identicalBoxes), String(parity.agreeingScores),
                Formatting.milliseconds(medians[0]), Formatting.milliseconds(medians[1]),
                medians[0].flatMap { r in medians[1].map { Formatting.fixed($0 / r, 2) + "x" } } ?? "–",
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
