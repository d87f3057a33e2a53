import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchHarness

/// The tables of a comparison: one of FaceBench's own metrics per dataset (accuracy at the
/// run's IoU threshold, latency, load time) and one per accuracy protocol found in the
/// results; plus the notes on how the numbers were measured. Every output format (Markdown,
/// CSV, JSON, HTML, `report.md` of a run) is built from these.
public enum ComparisonReport {
    public static func summaryTable(_ comparison: DatasetComparison) -> ComparisonTable {
        let accuracy = accuracyColumns(iouThresholds: Set(comparison.entries.map(\.results.settings.iouThreshold)))
        // Without ground truth what a detector found is counted instead.
        let annotated = comparison.entries.allSatisfy { $0.results.groundTruth == .annotations }
        let counts: [ComparisonTable.Column] = annotated ? [] : [
            .init(key: "detections", title: "Detections", direction: .neither, format: .integer),
            .init(key: "detections_per_image", title: "Per image", direction: .neither, format: .fixed(2)),
        ]
        let timing: [ComparisonTable.Column] = [
            .init(key: "latency_p50_ms", title: "p50 ms", direction: .lowerIsBetter, format: .milliseconds),
            .init(key: "latency_p90_ms", title: "p90 ms", direction: .lowerIsBetter, format: .milliseconds),
            .init(key: "images_per_second", title: "img/s", direction: .higherIsBetter, format: .fixed(1)),
            .init(key: "load_ms", title: "Load ms", direction: .lowerIsBetter, format: .milliseconds),
        ]
        // Scores against a reference detector are no accuracy: their titles name the detector,
        // their keys (CSV, JSON) say they are relative.
        let reference = commonReference(comparison)
        let shownAccuracy = accuracy.map { column -> ComparisonTable.Column in
            guard let reference else { return column }
            var relative = column
            relative.key += "_vs_reference"
            relative.title += " vs " + reference
            return relative
        }
        var table = ComparisonTable(dataset: comparison.dataset, metricSet: "summary", columns: shownAccuracy + counts + timing)
        for (entry, detector) in comparison.seriesByDetector {
            let values = (accuracy + counts + timing).map { summaryValue($0.key, of: detector) }
            let reason = unscoredReason(detector, in: entry.results)
            table.add(.init(
                run: entry.label, detector: detector.id, spec: detector.info.spec, note: note(detector), values: values,
                differencesToBest: detector.differencesToBest,
                medianLatencyInterval: detector.info.isImported ? nil : detector.latency?.medianCI95,
                absent: reason.map { reason in Dictionary(uniqueKeysWithValues: shownAccuracy.map { ($0.key, reason) }) } ?? [:]))
        }
        table.changeKeys = [shownAccuracy[0].key, shownAccuracy[accuracy.firstIndex { $0.key == "f1" }!].key, "latency_p50_ms"]
        return table
    }

    /// What a detector's accuracy cells say in place of numbers: "no ground truth" on images
    /// without annotations, "reference" for the detector the others are scored against.
    static func unscoredReason(_ detector: DetectorResult, in results: RunResults) -> String? {
        guard !detector.metrics.isScored else { return nil }
        return results.groundTruth == .detector(detector.id) ? "reference" : noGroundTruth
    }

    public static let noGroundTruth = "no ground truth"

    /// The detector every run of the comparison was scored against (`run --reference`), if one.
    public static func commonReference(_ comparison: DatasetComparison) -> String? {
        let references = Set(comparison.entries.map { entry -> String? in
            if case let .detector(id) = entry.results.groundTruth { id } else { nil }
        })
        return references.count == 1 ? references.first! : nil
    }

    /// What a run held, in parts: ["130 images", "511 faces"]; ["9 images", "no ground
    /// truth"]; ["9 images", "no ground truth: scored against yunet's detections"].
    public static func contents(_ results: RunResults) -> [String] {
        let images = "\(results.dataset.images) images"
        switch results.groundTruth {
        case .annotations: return [images, "\(results.dataset.faces) faces"]
        case .missing: return [images, noGroundTruth]
        case let .detector(id): return [images, noGroundTruth + ": scored against \(id)'s detections"]
        }
    }

    /// A sentence under the summary table of a run without annotations, saying what its
    /// numbers are and are not; nil for annotated runs.
    public static func groundTruthNote(_ comparison: DatasetComparison) -> String? {
        let cases = comparison.entries.map(\.results.groundTruth)
        if let reference = commonReference(comparison), cases.allSatisfy({ $0 != .annotations }) {
            return "No ground truth: every number in the columns marked \"vs \(reference)\" is relative to \(reference)'s detections taken as pseudo ground truth — precision is the share of a detector's detections \(reference) also found, recall the share of \(reference)'s detections it found — not accuracy. Counts, latency and throughput are measured as usual."
        }
        guard cases.contains(where: { $0 != .annotations }) else { return nil }
        return "No ground truth (images without annotations): nothing is scored; detections are counted, the detectors compared with each other (agreement), latency and throughput measured as usual. `run --reference KIND` scores the others against one detector's detections."
    }

    /// The summary table's accuracy columns (what a baseline keeps of FaceBench's own
    /// metrics). Every one is at the run's IoU; the AP column names it ("AP50 (VOC)" at 0.5,
    /// "AP30 (VOC)" at 0.3): all-point VOC AP, apart from COCO's 101-point AP50 and TIDE's.
    static func accuracyColumns(iouThresholds: Set<Double>) -> [ComparisonTable.Column] {
        func column(_ key: String, _ title: String, _ format: ComparisonTable.NumberFormat) -> ComparisonTable.Column {
            .init(key: key, title: title, direction: accuracyKinds[key]!.direction, format: format, statistic: pairedStatistics[key])
        }
        var columns: [ComparisonTable.Column]
        if iouThresholds == [EvaluationOptions.standardIoUThreshold] {
            columns = [column("ap50", "AP50 (VOC)", .fixed(4))]
        } else {
            columns = [column("ap", iouThresholds.count == 1 ? "\(apName(iou: iouThresholds.first!)) (VOC)" : "AP at run IoU (VOC)", .fixed(4))]
        }
        return columns + [
            column("precision", "Precision", .fixed(4)), column("recall", "Recall", .fixed(4)), column("f1", "F1", .fixed(4)),
            column("mean_iou", "Mean IoU", .fixed(3)), column("tp", "TP", .integer), column("fp", "FP", .integer),
            column("missed", "Missed", .integer),
        ]
    }

    /// The summary columns with paired comparisons, and their statistic of
    /// `DetectorResult.differencesToBest`.
    static let pairedStatistics = ["ap50": "ap", "ap": "ap", "precision": "precision", "recall": "recall", "f1": "f1"]

    /// "AP50" for IoU 0.5, "AP30" for 0.3, "AP@0.35" where the percentage is not whole.
    public static func apName(iou: Double) -> String {
        let percent = iou * 100
        return abs(percent - percent.rounded()) < 1e-9 ? "AP\(Int(percent.rounded()))" : "AP@\(Formatting.fixed(iou, 2))"
    }

    /// The kinds of FaceBench's own accuracy metrics (the summary table's accuracy columns).
    public static let accuracyKinds: [String: MetricKind] = [
        "ap50": .higherFraction, "ap": .higherFraction, "precision": .higherFraction, "recall": .higherFraction,
        "f1": .higherFraction, "mean_iou": .higherFraction, "tp": MetricKind(.higherIsBetter, .count),
        "fp": MetricKind(.lowerIsBetter, .count), "missed": MetricKind(.lowerIsBetter, .count),
    ]

    /// A value of the summary table by column key (nil for timings of imported detections).
    public static func summaryValue(_ key: String, of detector: DetectorResult) -> Double? {
        let m = detector.metrics
        let timed = !detector.info.isImported
        if !m.isScored, accuracyKinds[key] != nil { return nil }
        switch key {
        case "detections": return Double(m.detections)
        case "detections_per_image": return m.detectionsPerImage
        case "ap50": return m.averagePrecision50 ?? (m.iouThreshold == EvaluationOptions.standardIoUThreshold ? m.averagePrecision : nil)
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

    /// Protocol names with a result to show, in order of first appearance. Failed protocols
    /// and thread-consistency problems are left to `warnings`.
    public static func protocols(_ comparison: DatasetComparison) -> [String] {
        var names: [String] = []
        for (_, detector) in comparison.series {
            for result in detector.evaluations.results where !names.contains(result.name) && result.hasContent {
                names.append(result.name)
            }
        }
        return names
    }

    /// Detector `detector`'s result of protocol `name`, when it has one to show.
    static func shownResult(_ name: String, of detector: DetectorResult) -> ProtocolResult? {
        detector.evaluations[name].flatMap { $0.hasContent ? $0 : nil }
    }

    /// The protocol tables with numbers to show (a per-image list has none to tabulate).
    public static func protocolTables(_ comparison: DatasetComparison) -> [ComparisonTable] {
        protocols(comparison).map { protocolTable($0, comparison) }.filter { !$0.columns.isEmpty }
    }

    /// Which AP an AP column is, since COCO's 101-point AP50, VOC's all-point AP and TIDE's
    /// AP are three different numbers: "COCO AP50", "VOC AP", "TIDE ap", "WIDER easy.ap".
    static func protocolColumnTitle(_ protocolName: String, _ key: String) -> String {
        let owners = ["coco": "COCO", "voc": "VOC", "errors": "TIDE", "wider": "WIDER"]
        guard let owner = owners[protocolName], key.split(separator: ".").last?.lowercased().hasPrefix("ap") == true else { return key }
        return owner + " " + key
    }

    /// The numbers of one protocol, flattened to columns (`easy.ap`, `AP50`, …), with each
    /// metric's declared direction.
    public static func protocolTable(_ name: String, _ comparison: DatasetComparison) -> ComparisonTable {
        var keys: [String] = []
        var kinds: [String: MetricKind] = [:]
        var rows: [(LabelledResults, DetectorResult, [String: Double])] = []
        for (entry, detector) in comparison.seriesByDetector {
            guard let result = shownResult(name, of: detector) else { continue }
            var values: [String: Double] = [:]
            for metric in result.metrics {
                if values[metric.key] == nil, !keys.contains(metric.key) { keys.append(metric.key) }
                values[metric.key] = metric.value
                kinds[metric.key] = metric.kind
            }
            rows.append((entry, detector, values))
        }
        let columns = keys.map { key in
            let integral = rows.allSatisfy { row in row.2[key].map { $0 == $0.rounded() } ?? true }
            return ComparisonTable.Column(
                key: name + "." + key, title: protocolColumnTitle(name, key), direction: kinds[key]?.direction ?? .neither, format: integral ? .integer : .fixed(4))
        }
        var table = ComparisonTable(dataset: comparison.dataset, metricSet: name, columns: columns)
        for (entry, detector, values) in rows {
            table.add(.init(run: entry.label, detector: detector.id, spec: detector.info.spec, note: note(detector), values: keys.map { values[$0] }))
        }
        return table
    }

    /// Warnings and non-numeric evaluation entries worth reading (images a detector failed on,
    /// with why; failed protocols, thread consistency problems, debug builds, interrupted runs).
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
            if let busy = BusyMachineFindings().sentence(results) {
                lines.append(prefix + "**Busy machine:** " + busy + ".")
            }
            for detector in results.detectors {
                if !detector.failures.isEmpty {
                    lines.append(prefix + "`\(detector.id)` failed on \(detector.failures.count) of \(results.dataset.images) images"
                        + (results.groundTruth == .missing ? "" : " (counted as missed)") + ": " + FailedImageFindings.reasons(of: detector).joined(separator: "; "))
                }
                lines += ProtocolProblemFindings.problems(of: detector).map { prefix + "`\(detector.id)`: " + $0 }
            }
        }
        return lines
    }

    /// How each run measured, what each detector is, and where it ran (Markdown inline).
    public static func settingsLines(_ results: RunResults) -> [String] {
        let s = results.settings
        var lines: [String] = []
        let iou = "IoU ≥ \(Formatting.fixed(s.iouThreshold, 2))"
        switch results.groundTruth {
        case .annotations:
            lines.append("\(iou) matches a face (greedy by score) in every table of the run; \(apName(iou: s.iouThreshold)) (VOC) is all-point interpolated (VOC 2010+), COCO AP50 is COCO's 101-point AP at IoU 0.5 and TIDE's AP its own.")
        case .missing:
            lines.append("No ground truth: nothing is scored; \(iou) pairs two detectors' boxes in the agreement matrix (maximum one-to-one matching).")
        case let .detector(reference):
            lines.append("\(iou) matches a detection to one of \(reference)'s (greedy by score) in the columns marked vs \(reference), and pairs two detectors' boxes in the agreement matrix (maximum one-to-one matching).")
        }
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
