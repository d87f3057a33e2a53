import FaceBenchModel
import FaceBenchHarness
import FaceBenchReports

enum ReportCommand: FaceBenchCommand {
    static let spec = CommandSpec(
        name: "report",
        abstract: "Turn results into comparison tables and a visual HTML report.",
        discussion: """
            RESULTS are results.json files, dataset folders holding one, or run folders (Results/runs/latest) \
            holding <dataset>/results.json. Several runs (two machines, two commits) are shown side by side, \
            labelled by the part of their paths that differs or by --label. Markdown: a table per dataset and \
            protocol, best value per column in bold; with several runs, rows grouped by detector with a change column. \
            CSV: a tidy table, a row per run × dataset × detector × metric (run, dataset, detector, metric, value). JSON: \
            the same tables with columns, directions and best rows. HTML: one self-contained file (inline SVG and \
            CSS, no scripts, no network) with precision-recall and ROC curves, latency box plots, accuracy against \
            latency with the Pareto front, recall by face size, and each detector's worst images drawn with ground \
            truth and detections (click one for full size) — the gallery reloads the dataset by name or by the root \
            stored in the results, and is left out with a note when it is not found. Each run's label, detector \
            specs, commit, machine and date head the page.
            """,
        options: ReportOptions.specs,
        arguments: [ArgumentSpec(name: "RESULTS", help: "results.json, or a folder of them.", repeated: true)],
        examples: [
            "facebench report Results/runs/latest --format markdown,html --out Results/comparison",
            "facebench report main/mit-cmu/results.json branch/mit-cmu/results.json --label main --label branch --format html --out diff",
        ])

    static func run(_ arguments: ParsedArguments, toolbox: Toolbox) throws -> Int32 {
        let options = try ReportOptions(arguments)
        let toolbox = toolbox.limitingImages(to: options.maximumMegapixels)
        let sources = try ResultsLocator.load(options.results, labels: options.labels)
        let comparisons = DatasetComparison.group(sources)
        for format in options.formats {
            let bytes: [UInt8]
            switch format {
            case .markdown: bytes = Array(MarkdownReport.document(comparisons, evaluators: toolbox.evaluators).utf8)
            case .csv: bytes = Array(CSVReport.document(comparisons).utf8)
            case .json: bytes = JSONWriter().bytes(try JSONReport.document(comparisons)) + [0x0A]
            case .html:
                var report = html(for: sources.map(\.results), toolbox: toolbox, galleryImages: options.galleryImages, imageSide: options.imageSide)
                bytes = Array(report.document(comparisons).utf8)
            case .text: preconditionFailure("not among ReportOptions.format's formats")
            }
            if let path = options.path(for: format) {
                try FileIO.writeAtomically(bytes, to: path)
                StandardStreams.error("facebench report: wrote \(path)\n")
            } else {
                StandardStreams.output(String(decoding: bytes, as: UTF8.self))
            }
        }
        return ExitStatus.success
    }

    /// An HTML report builder with the datasets of `results` reloaded for the gallery.
    static func html(for results: [RunResults], toolbox: Toolbox, galleryImages: Int, imageSide: Int) -> HTMLReport {
        var datasets: [String: Dataset] = [:]
        var unavailable: [String: String] = [:]
        for result in results where datasets[result.dataset.name] == nil && unavailable[result.dataset.name] == nil {
            do {
                datasets[result.dataset.name] = try toolbox.dataset(of: result)
            } catch {
                unavailable[result.dataset.name] = "\(error)"
            }
        }
        var gallery = Gallery(decoder: toolbox.decoder, encoder: toolbox.encoder)
        gallery.imagesPerDetector = galleryImages
        gallery.imageSide = imageSide
        return HTMLReport(
            evaluators: toolbox.evaluators, datasets: datasets, unavailable: unavailable,
            gallery: galleryImages > 0 ? gallery : nil)
    }
}
