/// The comparison table of a run and `report.md`: one row per detector with accuracy at the
/// run's IoU threshold, latency and load time; then the run's settings and environment.
public enum ComparisonReport {
    public static func table(_ results: RunResults) -> MarkdownTable {
        var table = MarkdownTable(headers: [
            "Detector", "AP50", "Precision", "Recall", "F1", "Mean IoU", "TP", "FP", "Missed",
            "p50 ms", "p90 ms", "img/s", "Load ms",
        ])
        for detector in results.detectors {
            let m = detector.metrics
            let imported = detector.info.isImported
            table.add([
                detector.id + (detector.failures.isEmpty ? "" : " (\(detector.failures.count) failed)"),
                Formatting.fixed(m.averagePrecision50 ?? m.averagePrecision, 4), Formatting.fixed(m.precision, 4),
                Formatting.fixed(m.recall, 4), Formatting.fixed(m.f1, 4), Formatting.fixed(m.meanIoU, 3),
                String(m.truePositives), String(m.falsePositives), String(m.missed),
                imported ? "imported" : Formatting.milliseconds(detector.latency?.p50),
                imported ? "–" : Formatting.milliseconds(detector.latency?.p90),
                imported ? "–" : Formatting.fixed(detector.imagesPerSecond, 1),
                imported ? "–" : Formatting.milliseconds(detector.setup.loadMilliseconds.first),
            ])
        }
        return table
    }

    /// A loud warning when timings came from a debug build, else nil.
    public static func buildWarning(_ results: RunResults) -> String? {
        guard let environment = results.environment, !environment.isReleaseBuild else { return nil }
        return "**WARNING: debug build — latencies are not representative. Build with `swift build -c release`.**"
    }

    public static func markdown(_ results: RunResults) -> String {
        var out = "## \(results.dataset.name): \(results.dataset.images) images, \(results.dataset.faces) faces\n\n"
        if let warning = buildWarning(results) { out += warning + "\n\n" }
        if results.interrupted {
            out += "**Interrupted: \(results.dataset.images) of \(results.dataset.totalImages) images done; resume with `--resume`.**\n\n"
        }
        out += table(results).text + "\n"
        out += TimingTables.markdown(results) + "\n"
        out += settingsText(results)
        return out
    }

    static func settingsText(_ results: RunResults) -> String {
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
        return lines.map { "- " + $0 }.joined(separator: "\n") + "\n"
    }
}
