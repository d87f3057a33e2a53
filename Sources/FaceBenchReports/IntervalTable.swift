import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchHarness

/// The 95 % intervals over images (`ImageBootstrap`) of each detector, under the summary
/// table of report.md and the HTML report: a value and its interval per statistic,
/// "0.832 [0.710, 0.986]", with a sentence saying how they were made.
public enum IntervalTable {
    /// The columns: the statistic's key in `DetectorResult.intervals`, its title, the value.
    static func columns(iou: Double) -> [(key: String, title: String, value: (DetectorResult) -> Double?)] {
        [
            ("ap", ComparisonReport.apName(iou: iou) + " (VOC)", { $0.metrics.averagePrecision }),
            ("coco_ap", "COCO AP", { $0.evaluations.results.lazy.compactMap { if case let .coco(c) = $0 { c.summary.stats[0] } else { nil } }.first }),
            ("precision", "Precision", { $0.metrics.precision }), ("recall", "Recall", { $0.metrics.recall }),
            ("f1", "F1", { $0.metrics.f1 }),
            ("miss_rate", "Miss rate", { $0.metrics.faces > 0 ? 1 - $0.metrics.recall : nil }),
            ("nme_mean", "Mean NME", { $0.evaluations.landmarks?.nme.mean }),
        ]
    }

    /// The table with the sentence saying how its intervals were made, nil when no detector
    /// has intervals.
    public static func document(_ comparison: DatasetComparison) -> ReportDocument? {
        let rows = comparison.seriesByDetector.filter { !$0.detector.intervals.isEmpty }
        guard let first = rows.first else { return nil }
        let settings = first.entry.results.settings
        let shown = columns(iou: settings.iouThreshold).filter { column in rows.contains { $0.detector.intervals[column.key] != nil } }
        var table = MarkdownTable(headers: ["Detector"] + shown.map(\.title))
        for (entry, detector) in rows {
            table.add([(entry.label.map { $0 + " / " } ?? "") + detector.id] + shown.map { column in
                guard let interval = detector.intervals[column.key] else { return "–" }
                let value = column.value(detector).map { Formatting.fixed($0, 3) + " " } ?? ""
                return value + "[\(Formatting.fixed(interval.low, 3)), \(Formatting.fixed(interval.high, 3))]"
            })
        }
        return ReportDocument([
            .paragraph("95% intervals over images (\(settings.bootstrapResamples) resamples of the \(first.entry.results.dataset.images) images with replacement, studentized intervals, seed \(settings.bootstrapSeed)):"),
            .table(table),
        ])
    }

    /// What the bold of a summary table with paired comparisons means, and the difference
    /// in AP the dataset can resolve: the median half-width of the paired 95 % intervals of
    /// the detectors against the best ("on these 130 images, AP50 (VOC) differences below
    /// ~0.040 are not distinguishable"). Nil without paired comparisons (one detector,
    /// `--bootstrap 0`, several runs side by side).
    public static func pairedNote(_ comparison: DatasetComparison, marking: String = "Bold") -> String? {
        guard ComparisonReport.summaryTable(comparison).marksPairedGroups, let results = comparison.entries.first?.results else { return nil }
        var note = "\(marking): the best and every detector not distinguishable from it, by the paired 95% interval of its difference to the best on the same resampled images."
        let halfWidths = results.detectors.compactMap { detector in
            detector.differencesToBest["ap"].flatMap { $0.best == detector.id ? nil : $0.interval.halfWidth }
        }.sorted()
        if !halfWidths.isEmpty {
            let median = LatencySummary.percentile(halfWidths, 50)
            note += " On these \(results.dataset.images) images, \(ComparisonReport.apName(iou: results.settings.iouThreshold)) (VOC) differences below ~\(Formatting.fixed(median, 3)) are not distinguishable."
        }
        return note
    }
}
