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

    /// The table as Markdown, nil when no detector has intervals.
    public static func markdown(_ comparison: DatasetComparison) -> String? {
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
        return "95% intervals over images (\(settings.bootstrapResamples) resamples of the \(first.entry.results.dataset.images) images with replacement, percentile intervals, seed \(settings.bootstrapSeed)):\n\n"
            + table.text
    }
}
