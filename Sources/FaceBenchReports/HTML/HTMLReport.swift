import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchHarness

/// The comparison as one self-contained HTML page: inline CSS and SVG, thumbnails as data
/// URIs, no script and nothing fetched. Per dataset: the summary table (best values
/// highlighted), precision-recall and ROC curves, latency box plots, accuracy against
/// latency with the Pareto front, recall by face size, the AP lost per error type, landmark CED
/// curves, the protocol tables, each detector's worst images (and worst landmark faces), and
/// (folded) the latency statistics and how it was all measured.
///
/// Recall by face size comes from the `sizes` protocol stored in the results, or is
/// computed by the registered `sizes` evaluator when the dataset is at hand; the gallery needs the
/// dataset's images. Without the dataset both give way to a note saying why.
public struct HTMLReport {
    public var evaluators: [any AccuracyEvaluator]
    /// Datasets reloaded for the gallery and size breakdown, by name.
    public var datasets: [String: Dataset]
    /// Why a dataset could not be reloaded, by name.
    public var unavailable: [String: String]
    /// Thumbnails need a decoder and an encoder; nil leaves the gallery out.
    public var gallery: Gallery?

    public init(
        evaluators: [any AccuracyEvaluator] = [], datasets: [String: Dataset] = [:], unavailable: [String: String] = [:],
        gallery: Gallery? = nil
    ) {
        self.evaluators = evaluators
        self.datasets = datasets
        self.unavailable = unavailable
        self.gallery = gallery
    }

    public mutating func document(_ comparisons: [DatasetComparison], title: String = "FaceBench comparison") -> String {
        var out = "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<title>\(HTMLText.escape(title))</title>\n<style>\n\(ReportStylesheet.css)\n</style>\n</head>\n<body>\n"
        out += "<header class=\"page\"><h1>\(HTMLText.escape(title))</h1>\n"
        out += runsTable(RunDescription.list(comparisons))
        if comparisons.count > 1 {
            out += "<nav>" + comparisons.map { "<a href=\"#\(ReportSection.anchor($0.dataset))\">\(HTMLText.escape($0.dataset))</a>" }.joined() + "</nav>\n"
        }
        out += "</header>\n<main>\n"
        for comparison in comparisons { out += section(comparison) }
        out += "</main>\n<footer>FaceBench \(RunEnvironment.faceBenchVersion) · self-contained report: no scripts, nothing loaded from the network.</footer>\n</body>\n</html>\n"
        return out
    }

    /// The runs shown, one row each, in the header: what each ran, on which commit and
    /// machine, when.
    func runsTable(_ runs: [RunDescription]) -> String {
        guard !runs.isEmpty else { return "" }
        let labelled = runs.contains { $0.label != nil }
        var out = "<table class=\"runs\"><thead><tr>" + (labelled ? "<th>Run</th>" : "")
        out += "<th>Detectors</th><th>Commit</th><th>Machine</th><th>Date</th></tr></thead><tbody>\n"
        for run in runs {
            out += "<tr>" + (labelled ? "<td><strong>\(HTMLText.escape(run.label ?? ""))</strong></td>" : "")
            out += "<td>" + run.detectors.map { "<code class=\"spec\">\(HTMLText.breakingBetweenParameters($0))</code>" }.joined(separator: " ") + "</td>"
            out += "<td><code>\(HTMLText.escape(run.commit ?? "–"))</code>\(run.build.map { " (\(HTMLText.escape($0)) build)" } ?? "")</td>"
            out += "<td>\(HTMLText.escape(run.machine ?? "–"))</td><td>\(HTMLText.escape(run.date ?? "–"))</td></tr>\n"
        }
        return out + "</tbody></table>\n"
    }

    /// The dataset's `ReportSection` with the charts and galleries only HTML shows.
    mutating func section(_ comparison: DatasetComparison) -> String {
        let styles = SeriesStyle.styles(comparison)
        let annotated = comparison.entries.allSatisfy { $0.results.groundTruth == .annotations }
        let dataset = reloaded(comparison)
        let sizes = annotated ? sizeResults(comparison, dataset: dataset.value) : []
        // Without annotations only latency is drawn: the other charts are accuracy.
        let figures = (annotated ? [
            DetectionCurveCharts.precisionRecall(comparison, styles: styles),
            DetectionCurveCharts.roc(comparison, styles: styles),
            LatencyBoxPlot.chart(comparison, styles: styles),
            AccuracySpeedChart.chart(comparison, styles: styles),
            SizeRecallChart.chart(comparison, sizes: sizes, styles: styles),
            ErrorBreakdownChart.chart(comparison, styles: styles),
            CEDChart.chart(comparison, styles: styles),
        ] : [LatencyBoxPlot.chart(comparison, styles: styles)]).compactMap { $0 }
        var charts: [ReportDocument.Block] = [.charts(title: "Curves and trade-offs", figures)]
        if annotated, sizes.allSatisfy({ $0 == nil }), let reason = dataset.problem {
            charts.append(.html("<p class=\"note\">" + HTMLText.inline("Recall by face size needs the `sizes` protocol in the results, or the dataset: ")
                + HTMLText.escape(reason) + "</p>\n"))
        }
        let section = ReportSection(comparison, evaluators: evaluators, charts: charts, galleries: galleries(comparison, annotated: annotated, dataset: dataset, styles: styles))
        return ReportDocument([.section(section)]).html
    }

    /// Where the detectors disagree (without annotations), else each detector's worst images
    /// and landmark faces; a note saying why when there are no thumbnails.
    mutating func galleries(
        _ comparison: DatasetComparison, annotated: Bool, dataset: (value: Dataset?, problem: String?), styles: [SeriesStyle]
    ) -> [ReportDocument.Block] {
        guard annotated else {
            guard var thumbnails = gallery else {
                return [.heading(level: 3, "Where the detectors disagree"), .remark(.note, "No gallery: no image codec available")]
            }
            defer { gallery = thumbnails }
            return [
                .heading(level: 3, "Where the detectors disagree"),
                .html("<p class=\"note\">The images with the most detections one detector found and another did not (summed over every pair), each detector's boxes in its own panel.</p>\n"),
                .html(thumbnails.disagreementHTML(comparison)),
            ]
        }
        guard let found = dataset.value, var thumbnails = gallery else {
            return [.heading(level: 3, "Worst images"), .html("<p class=\"note\">No gallery: \(HTMLText.escape(dataset.problem ?? "no image codec available"))</p>\n")]
        }
        defer { gallery = thumbnails }
        var blocks: [ReportDocument.Block] = [
            .heading(level: 3, "Worst images"), .remark(.note, "Per detector, the images with the most missed faces plus false positives."),
            .html(thumbnails.html(comparison, dataset: found, styles: styles)),
        ]
        let landmarks = thumbnails.landmarkHTML(comparison, dataset: found, styles: styles)
        if !landmarks.isEmpty {
            let colours = "true points \(FaceAnnotator.colourName(FaceAnnotator.groundTruth)), the detector's \(FaceAnnotator.colourName(FaceAnnotator.landmark))"
            blocks += [.heading(level: 3, "Worst landmark faces"), .html("<p class=\"note\">Per detector, the faces with the largest NME: \(colours).</p>\n"), .html(landmarks)]
        }
        return blocks
    }

    /// The dataset as the runs saw it, or why it cannot be used.
    func reloaded(_ comparison: DatasetComparison) -> (value: Dataset?, problem: String?) {
        guard let dataset = datasets[comparison.dataset] else {
            return (nil, unavailable[comparison.dataset] ?? "dataset \(comparison.dataset) is not available here")
        }
        for entry in comparison.entries {
            if let problem = Self.mismatch(entry.results, dataset) { return (nil, problem) }
        }
        return (dataset, nil)
    }

    /// Why `dataset` is not the one `results` were made on, or nil when every image of the
    /// results is there under the same id and name.
    public static func mismatch(_ results: RunResults, _ dataset: Dataset) -> String? {
        let samples = dataset.samplesByID
        for record in results.records where samples[record.sampleID]?.name != record.name {
            let here = samples[record.sampleID]?.name ?? "nothing"
            return "the dataset found at \(dataset.root) differs from the one of the results (image \(record.sampleID) is \(record.name) in the results, \(here) here)"
        }
        return nil
    }

    /// Each series' `sizes` result: stored, or computed from the records and the dataset
    /// by the same `sizes` evaluator `run` uses, so the two cannot differ.
    func sizeResults(_ comparison: DatasetComparison, dataset: Dataset?) -> [SizeBreakdownResult?] {
        let evaluator = evaluators.lazy.compactMap { $0 as? SizeBreakdown }.first
        return comparison.series.map { entry, detector in
            if let stored = detector.evaluations.sizes { return stored }
            guard let dataset, let evaluator else { return nil }
            let recorded = RecordedSamples(entry.results.records, in: dataset)
            return try? evaluator.evaluate(
                dataset: dataset, samples: recorded.samples, detections: recorded.detections(of: detector.id),
                options: entry.results.settings.evaluation)
        }
    }
}
