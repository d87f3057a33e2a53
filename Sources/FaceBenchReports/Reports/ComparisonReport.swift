import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchHarness

/// The tables of a comparison: one of FaceBench's own metrics per dataset (accuracy at the
/// run's IoU threshold, latency, load time) and one per accuracy protocol found in the
/// results; plus the notes on how the numbers were measured. Every output format (Markdown,
/// CSV, JSON, HTML, `report.md` of a run) is built from these.
public enum ComparisonReport {
    public static func summaryTable(_ comparison: DatasetComparison) -> ComparisonTable {
        let columns = accuracyColumns(iouThresholds: Set(comparison.entries.map(\.results.settings.iouThreshold))) + [
            .init(key: "latency_p50_ms", title: "p50 ms", direction: .lowerIsBetter, format: .milliseconds),
            .init(key: "latency_p90_ms", title: "p90 ms", direction: .lowerIsBetter, format: .milliseconds),
            .init(key: "images_per_second", title: "img/s", direction: .higherIsBetter, format: .fixed(1)),
            .init(key: "load_ms", title: "Load ms", direction: .lowerIsBetter, format: .milliseconds),
        ]
        var table = ComparisonTable(dataset: comparison.dataset, metricSet: "summary", columns: columns)
        for (entry, detector) in comparison.seriesByDetector {
            let values = columns.map { summaryValue($0.key, of: detector) }
            table.add(.init(run: entry.label, detector: detector.id, spec: detector.info.spec, note: note(detector), values: values))
        }
        table.changeKeys = ["ap50", "f1", "latency_p50_ms"]
        return table
    }

    /// The summary table's accuracy columns (what a baseline keeps of FaceBench's own
    /// metrics): AP at the run's IoU appears beside AP50 only when that IoU is not 0.5.
    static func accuracyColumns(iouThresholds: Set<Double>) -> [ComparisonTable.Column] {
        var columns: [ComparisonTable.Column] = [.init(key: "ap50", title: "AP50", direction: .higherIsBetter, format: .fixed(4))]
        if iouThresholds != [0.5] {
            let title = iouThresholds.count == 1 ? "AP@\(Formatting.fixed(iouThresholds.first, 2))" : "AP@run IoU"
            columns.append(.init(key: "ap", title: title, direction: .higherIsBetter, format: .fixed(4)))
        }
        return columns + [
            .init(key: "precision", title: "Precision", direction: .higherIsBetter, format: .fixed(4)),
            .init(key: "recall", title: "Recall", direction: .higherIsBetter, format: .fixed(4)),
            .init(key: "f1", title: "F1", direction: .higherIsBetter, format: .fixed(4)),
            .init(key: "mean_iou", title: "Mean IoU", direction: .higherIsBetter, format: .fixed(3)),
            .init(key: "tp", title: "TP", direction: .higherIsBetter, format: .integer),
            .init(key: "fp", title: "FP", direction: .lowerIsBetter, format: .integer),
            .init(key: "missed", title: "Missed", direction: .lowerIsBetter, format: .integer),
        ]
    }

    /// A value of the summary table by column key (nil for timings of imported detections).
    public static func summaryValue(_ key: String, of detector: DetectorResult) -> Double? {
        let m = detector.metrics
        let timed = !detector.info.isImported
        switch key {
        case "ap50": return m.averagePrecision50 ?? (m.iouThreshold == 0.5 ? m.averagePrecision : nil)
        case "ap": return m.averagePrecision
        case "precision": return m.precision
        case "recall": return m.recall
        case "f1": return m.f1
        case "mean_iou": return m.meanIoU
        case "tp": return Double(m.truePositives)
        case "fp": return Double(m.falsePositives)
        case "missed": return Double(m.missed)
        case "latency_p50_ms": return timed ? detector.latency?.p50 : nil
        case "latency_p90_ms": return timed ? detector.latency?.p90 : nil
        case "images_per_second": return timed ? detector.imagesPerSecond : nil
        case "load_ms": return timed ? detector.setup.loadMilliseconds.first : nil
        default: return nil
        }
    }

    static func note(_ detector: DetectorResult) -> String? {
        var notes: [String] = []
        if detector.info.isImported { notes.append("imported") }
        if !detector.failures.isEmpty { notes.append("\(detector.failures.count) failed") }
        return notes.isEmpty ? nil : notes.joined(separator: ", ")
    }

    /// Protocol names present in the results, in order of first appearance: objects, or
    /// lists of objects (per-image breakdowns). Failed protocols and notes such as
    /// `thread_consistency` (a list of strings) are left to `warnings`.
    public static func protocols(_ comparison: DatasetComparison) -> [String] {
        var names: [String] = []
        for (_, detector) in comparison.series {
            for (name, value) in detector.evaluations.pairs where !names.contains(name) && isProtocolResult(value) {
                names.append(name)
            }
        }
        return names
    }

    static func isProtocolResult(_ value: JSONValue) -> Bool {
        if let items = value.array { return !items.isEmpty && items.allSatisfy { $0.object != nil } }
        return value.object != nil && value["error"] == nil
    }

    /// The protocol tables with numbers to show (a per-image list has none to tabulate).
    public static func protocolTables(_ comparison: DatasetComparison) -> [ComparisonTable] {
        protocols(comparison).map { protocolTable($0, comparison) }.filter { !$0.columns.isEmpty }
    }

    /// The numbers of one protocol, flattened to columns (`easy.ap`, `AP50`, …), with the
    /// direction read from each key (see `MetricDirection.of(key:)`).
    public static func protocolTable(_ name: String, _ comparison: DatasetComparison) -> ComparisonTable {
        var keys: [String] = []
        var rows: [(LabelledResults, DetectorResult, [String: Double])] = []
        for (entry, detector) in comparison.seriesByDetector {
            guard let result = detector.evaluations[name], isProtocolResult(result) else { continue }
            var values: [String: Double] = [:]
            for (key, value) in result.numericLeaves {
                if values[key] == nil, !keys.contains(key) { keys.append(key) }
                values[key] = value
            }
            rows.append((entry, detector, values))
        }
        let columns = keys.map { key in
            let integral = rows.allSatisfy { row in row.2[key].map { $0 == $0.rounded() } ?? true }
            return ComparisonTable.Column(
                key: name + "." + key, title: key, direction: MetricDirection.of(key: key), format: integral ? .integer : .fixed(4))
        }
        var table = ComparisonTable(dataset: comparison.dataset, metricSet: name, columns: columns)
        for (entry, detector, values) in rows {
            table.add(.init(run: entry.label, detector: detector.id, spec: detector.info.spec, note: note(detector), values: keys.map { values[$0] }))
        }
        return table
    }

    /// Warnings and non-numeric evaluation entries worth reading (failed protocols, thread
    /// consistency problems, debug builds, interrupted runs).
    public static func warnings(_ comparison: DatasetComparison) -> [String] {
        var lines: [String] = []
        for entry in comparison.entries {
            let results = entry.results
            let prefix = entry.label.map { "`\($0)`: " } ?? ""
            if let environment = results.environment, !environment.isReleaseBuild {
                lines.append(prefix + "**WARNING: debug build — latencies are not representative. Build with `swift build -c release`.**")
            }
            if results.interrupted {
                lines.append(prefix + "**Interrupted: \(results.dataset.images) of \(results.dataset.totalImages) images done; resume with `--resume`.**")
            }
            for detector in results.detectors {
                for (name, value) in detector.evaluations.pairs {
                    if let error = value["error"]?.string {
                        lines.append(prefix + "`\(detector.id)`: protocol \(name) failed: \(error)")
                    } else if let notes = value.array?.compactMap(\.string), !notes.isEmpty {
                        lines.append(prefix + "`\(detector.id)`: \(name): " + notes.joined(separator: "; "))
                    }
                }
            }
        }
        return lines
    }

    /// How each run measured, what each detector is, and where it ran (Markdown inline).
    public static func settingsLines(_ results: RunResults) -> [String] {
        let s = results.settings
        var lines: [String] = []
        lines.append("IoU ≥ \(Formatting.fixed(s.iouThreshold, 2)) matches a face (greedy by score); AP is all-point interpolated (VOC 2010+).")
        lines.append("Latency: per call, decode excluded, \(s.warmup) warm-up call(s) per detector, \(s.repetitions) timed call(s) per image; detectors rotated image by image.")
        if let decode = results.decodeLatency {
            lines.append("Decode (\(results.decoderLibrary ?? "?")): p50 \(Formatting.milliseconds(decode.p50)) ms per image.")
        }
        if let shard = s.shard { lines.append("Shard \(shard) of the dataset.") }
        for detector in results.detectors {
            lines.append("`\(detector.id)`: `\(detector.info.spec)` — \(detector.info.backend)\(detector.info.library.isEmpty ? "" : ", " + detector.info.library); score = \(detector.info.scoreMeaning).")
        }
        for environment in results.environments {
            lines.append("Machine: \(environment.cpuModel), \(environment.cores) cores, \(environment.operatingSystem), \(environment.kernel); Swift \(environment.swiftVersion), \(environment.buildConfiguration) build; FaceBench \(environment.faceBenchVersion) (\(environment.commit.prefix(12))); \(environment.date).")
        }
        return lines
    }
}
