import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchIO
import FaceBenchHarness

/// Writes a run's files into its `RunFolder`, for `run` and `merge` alike: each dataset's
/// results.json, exports and report.md as the dataset finishes (`write`), then the reports of
/// every dataset together (`writeReports`). The HTML report is the run folder's alone: with
/// one dataset a second copy would be the same page.
public struct RunFolderWriter {
    public let folder: RunFolder
    public let exports: Exports
    let evaluators: [any AccuracyEvaluator]
    /// One gallery for the whole run, so each image is decoded and scaled once for the
    /// dataset's page and the run's.
    var html: HTMLReport
    /// What `write` wrote, in order.
    public private(set) var written: [RunResults] = []

    /// Which of the optional exports a run writes.
    public struct Exports: Sendable {
        /// `<detector>.wider/` for every dataset, not only WIDER-layout ones.
        public var widerFolders = false

        public init(widerFolders: Bool = false) { self.widerFolders = widerFolders }
    }

    public init(folder: RunFolder, evaluators: [any AccuracyEvaluator], decoder: any ImageDecoder, encoder: any ImageEncoder, exports: Exports = .init()) {
        self.folder = folder
        self.exports = exports
        self.evaluators = evaluators
        html = HTMLReport(evaluators: evaluators, gallery: Gallery(decoder: decoder, encoder: encoder))
    }

    /// A dataset's files: results.json, the COCO exports (gt.coco.json only with annotations; WIDER's and FDDB's layouts where
    /// they apply) and report.md.
    public mutating func write(_ results: RunResults, dataset: Dataset) throws {
        let files = try folder.dataset(results.dataset.name)
        try results.write(to: files.results())
        let recorded = RecordedSamples(results.records, in: dataset)
        let samples = recorded.samples
        // Images nobody annotated have no ground truth to export: a COCO tool would score them at AP 0.
        if dataset.hasGroundTruth {
            try FileIO.writeAtomically(JSONWriter().bytes(COCOWriter.groundTruth(dataset, samples: samples)), to: files.groundTruth())
        }
        for detector in results.detectors {
            try FileIO.writeAtomically(
                JSONWriter(indent: nil).bytes(COCOExport.detections(results.records, detector: detector.id)),
                to: files.detectorFile(detector.id, suffix: ".coco.json"))
            if let scheme = detector.setup.info.landmarkScheme {
                try FileIO.writeAtomically(
                    JSONWriter(indent: nil).bytes(COCOExport.keypointDetections(results.records, samples: samples, detector: detector.id, scheme: scheme)),
                    to: files.detectorFile(detector.id, suffix: ".keypoints.coco.json"))
            }
            // The layouts of WIDER's and FDDB's own evaluation tools, so they can re-score too.
            let found = recorded.detections(of: detector.id)
            if dataset.format == "wider" || exports.widerFolders {
                try WIDERPredictionFolder.write(found, samples: samples, to: files.detectorFile(detector.id, suffix: ".wider"))
            }
            if dataset.format == "fddb" {
                try FDDBDetectionFile.write(found, samples: samples, to: files.detectorFile(detector.id, suffix: ".fddb.txt"))
            }
        }
        try FileIO.writeAtomically(MarkdownReport.document([Self.comparison(results)], evaluators: evaluators), to: files.report())
        html.datasets[results.dataset.name] = dataset
        written.append(results)
    }

    /// `report.md`, `report.html` and `summary.csv` of every dataset written so far.
    public mutating func writeReports() throws {
        let comparisons = written.map(Self.comparison)
        try FileIO.writeAtomically(MarkdownReport.document(comparisons, evaluators: evaluators), to: folder.report("report.md"))
        try FileIO.writeAtomically(html.document(comparisons), to: folder.report("report.html"))
        try FileIO.writeAtomically(CSVReport.document(comparisons), to: folder.report("summary.csv"))
    }

    /// One run's results as the one entry of its dataset's comparison.
    public static func comparison(_ results: RunResults) -> DatasetComparison {
        DatasetComparison(dataset: results.dataset.name, entries: [LabelledResults(label: nil, path: "", results: results)])
    }
}
