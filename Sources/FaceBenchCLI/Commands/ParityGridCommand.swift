import FaceBenchReports
import FaceBenchCascade
import FaceBenchCodecs
import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchOpenCV
import Foundation

enum ParityGridCommand: FaceBenchCommand {
    static let spec = CommandSpec(
        name: "parity-grid",
        abstract: "Check haar/lbp and swift-haar/swift-lbp against OpenCV's own detectMultiScale over a parameter grid.",
        discussion: """
            For every cascade with reference files in --reference (written by `scripts/opencv-reference.py --grid`: \
            OpenCV's detectMultiScale3 and detectMultiScale2 called directly, every scale 1.05/1.1/1.3 × neighbours \
            1/3/6 × min 0/30 × max 0/120), both backends detect every image of the dataset: each face's box, level \
            weight and neighbour count must be identical to OpenCV's. Prints a table per dataset (faces compared, \
            identical faces per backend, each backend's CPU seconds and their ratio) and lists every difference; exits 1 \
            when there is one. Combinations without a reference file are checked Swift engine against OpenCV backend. \
            Each image is scanned once per scale; the size limits and neighbour counts reuse that scan.
            """,
        options: ParityGridOptions.specs,
        examples: [
            "facebench parity-grid",
            "facebench parity-grid --dataset dlib-faces --cascade alt2,improved",
        ])

    static func run(_ arguments: ParsedArguments, toolbox: Toolbox) throws -> Int32 {
        let cascades = CascadeConfiguration.cascadeFiles.sorted { $0.key.rawValue < $1.key.rawValue }.flatMap { family, files in
            files.map { (family: family, name: $0.name) }
        }
        let options = try ParityGridOptions(arguments, checkout: toolbox.checkout, known: cascades.map(\.name))
        let folder = options.reference, datasetNames = options.datasets, chosen = options.cascades, workers = options.workers
        toolbox.registry.pinNativeThreads(1)

        var out = ""
        var differences: [String] = []
        var totals = (checks: 0, faces: 0, crossChecked: 0)
        for name in datasetNames {
            let dataset = try toolbox.catalog.resolve(name)
            let images = try dataset.samples.map { sample -> (name: String, image: GrayImage) in
                guard let path = sample.path else { throw FaceBenchError.imageFileMissing(image: "\(sample.name) of \(name)") }
                return (sample.name, try toolbox.decoder.decode(path).gray)
            }
            let gridSize = CascadeGrid.standard.combinations.count
            var table = MarkdownTable(headers: [
                "cascade", "images", "combinations covered", "OpenCV faces", "identical: OpenCV backend", "identical: Swift engine",
                "faces of uncovered combinations",
                "OpenCV backend s", "Swift engine s", "Swift / OpenCV",
            ])
            for cascade in cascades where chosen.isEmpty || chosen.contains(cascade.name) {
                let references = try CascadeConfiguration.Score.allCases.compactMap { score in
                    try OpenCVGridReference.load(folder: folder, dataset: name, family: cascade.family, cascade: cascade.name,
                                                 score: score, scales: CascadeGrid.standard.scales, zlib: SystemZlib())
                }
                let spec = "\(cascade.family.rawValue):cascade=\(cascade.name)"
                let native = try toolbox.registry.factory(for: spec)
                let swift = try toolbox.registry.factory(for: SwiftCascadeBackend.kindID(cascade.family) + ":cascade=\(cascade.name)")
                let backends = [native, swift].map { factory in
                    CascadeGridParity.Backend(name: factory.info.kind) { try Self.scanner(factory.makeDetector()) }
                }
                let outcome = try CascadeGridParity.check(images: images, references: references, backends: backends,
                                                          grid: .standard, workers: workers)
                let (opencv, ours) = (outcome.seconds[backends[0].name] ?? 0, outcome.seconds[backends[1].name] ?? 0)
                table.add([
                    cascade.name, String(outcome.images),
                    CascadeConfiguration.Score.allCases.map { "\($0.rawValue) \(outcome.covered[$0] ?? 0)/\(gridSize)" }.joined(separator: ", "),
                    String(outcome.referenceFaces), String(outcome.identicalFaces[backends[0].name] ?? 0),
                    String(outcome.identicalFaces[backends[1].name] ?? 0), String(outcome.crossCheckedFaces),
                    Formatting.fixed(opencv, 1), Formatting.fixed(ours, 1),
                    opencv > 0 ? Formatting.fixed(ours / opencv, 2) + "x" : "–",
                ])
                totals.checks += outcome.images * outcome.covered.values.reduce(0, +) * backends.count
                totals.faces += outcome.referenceFaces * backends.count
                totals.crossChecked += outcome.crossCheckedFaces
                differences += outcome.differences
            }
            out += "### \(name)\n\n" + table.text + "\n"
        }
        out += "\(totals.checks) image × combination × score × backend checks against OpenCV called directly: \(totals.faces) faces. "
            + "Combinations without a reference file: \(totals.crossChecked) faces of the OpenCV backend, which the Swift engine must equal.\n"
        out += differences.isEmpty ? "Every face identical to OpenCV's.\n" : "\(differences.count) differences:\n" + differences.joined(separator: "\n") + "\n"
        StandardStreams.output(out)
        return differences.isEmpty ? ExitStatus.success : ExitStatus.failure
    }

    static func scanner(_ detector: any FaceDetector) throws -> any CascadeScanning {
        guard let scanner = detector as? any CascadeScanning else { throw FaceBenchError.failed("\(type(of: detector)) is not a cascade backend") }
        return scanner
    }
}
