import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchHarness

/// Latencies of a debug build are not representative.
public struct BuildFindings: FindingSource {
    public init() {}

    public func findings(in comparison: DatasetComparison) -> [Finding] {
        let debug = comparison.entries.contains { entry in entry.results.environment.map { !$0.isReleaseBuild } ?? false }
        return debug ? [Finding(.warning, "debug build: latencies are not representative (build with: swift build -c release)")] : []
    }
}

/// A run stopped before every image was done.
public struct InterruptionFindings: FindingSource {
    public init() {}

    public func findings(in comparison: DatasetComparison) -> [Finding] {
        comparison.entries.filter(\.results.interrupted).map { entry in
            let dataset = entry.results.dataset
            return Finding(.warning, dataset: comparison.dataset, "interrupted after \(dataset.images) of \(dataset.totalImages) images; continue with --resume")
        }
    }
}

/// A detector that failed on some images: its numbers count those images as all missed.
public struct FailedImageFindings: FindingSource {
    public init() {}

    public func findings(in comparison: DatasetComparison) -> [Finding] {
        comparison.series.compactMap { entry, detector in
            guard let first = detector.failures.first else { return nil }
            let count = detector.failures.count
            let more = count > 1 ? " and \(count - 1) more" : ""
            return Finding(
                .warning, dataset: comparison.dataset, detector: detector.id,
                "failed on \(count) of \(entry.results.dataset.images) images (\(first.image): \(first.reason)\(more))"
                    + (entry.results.groundTruth == .missing ? "" : "; they count as missed"))
        }
    }

    /// Images shown per reason in `reasons`.
    static let imagesPerReason = 10

    /// Every distinct reason the detector failed for, in the order they first happened, each
    /// with the images it failed on (the reports' record, where the terminal names one).
    static func reasons(of detector: DetectorResult) -> [String] {
        var order: [String] = []
        var images: [String: [String]] = [:]
        for failure in detector.failures {
            if images[failure.reason] == nil { order.append(failure.reason) }
            images[failure.reason, default: []].append(failure.image)
        }
        return order.map { reason in
            let names = images[reason]!
            let shown = names.prefix(imagesPerReason).map { "`\($0)`" }.joined(separator: ", ")
            let more = names.count > imagesPerReason ? " and \(names.count - imagesPerReason) more" : ""
            return "\(shown)\(more): \(reason)"
        }
    }
}

/// An external program whose calls used more CPU time than wall time ran threads in
/// parallel, beyond the budget the built-in backends are held to (`--native-threads`): its
/// latency is not comparable with theirs. The ratio is over all calls, so /proc's clock-tick
/// resolution averages out; short runs say nothing.
public struct ProgramThreadFindings: FindingSource {
    /// CPU time per wall time above which a program is taken to run threads in parallel
    /// (a single-threaded program stays below 1).
    public var parallelRatio = 1.15
    /// Less CPU time than this in all says nothing (ticks are 10 ms).
    public var minimumCPUMilliseconds = 500.0

    public init() {}

    public func findings(in comparison: DatasetComparison) -> [Finding] {
        comparison.series.compactMap { entry, detector in
            guard let cpu = detector.cpuTime, let wall = detector.latency, cpu.count == wall.count, wall.mean > 0,
                  cpu.mean * Double(cpu.count) >= minimumCPUMilliseconds else { return nil }
            let ratio = cpu.mean / wall.mean
            guard ratio.isFinite, ratio > parallelRatio else { return nil }
            let budget = entry.results.settings.nativeThreads
            return Finding(
                .warning, dataset: comparison.dataset, detector: detector.id,
                "its program used \(Formatting.fixed(ratio, 1)) cores per call (CPU \(Formatting.milliseconds(cpu.mean)) ms, wall \(Formatting.milliseconds(wall.mean)) ms on average): it ran threads beyond --native-threads \(budget), so its latency is not comparable; make it follow FACEBENCH_NATIVE_THREADS (docs/plugins.md)")
        }
    }
}

/// A protocol that could not score a detector, or had notes on it (thread consistency).
public struct ProtocolProblemFindings: FindingSource {
    public init() {}

    public func findings(in comparison: DatasetComparison) -> [Finding] {
        comparison.series.flatMap { _, detector in
            Self.problems(of: detector).map { Finding(.warning, dataset: comparison.dataset, detector: detector.id, $0) }
        }
    }

    /// `protocol coco failed: …` per failed protocol, then one line for the thread-consistency
    /// problems, in the order results.json keeps them.
    static func problems(of detector: DetectorResult) -> [String] {
        var lines: [String] = []
        for case let .failed(name, reason) in detector.evaluations.outcomes {
            lines.append("protocol \(name) failed: \(reason)")
        }
        let consistency = detector.evaluations.threadConsistency
        if !consistency.isEmpty {
            lines.append("thread_consistency: " + consistency.map(\.description).joined(separator: "; "))
        }
        return lines
    }
}

/// When most of a detector's errors are of one kind, misses or false positives, say so:
/// the lever to pull differs (a lower threshold or smaller minimum size against misses, more
/// neighbours or a higher threshold against false positives).
public struct DominantErrorFindings: FindingSource {
    /// The share of the errors one kind must reach to be called dominant.
    public var share = 0.75
    /// Fewer errors than this say nothing.
    public var minimumErrors = 5

    public init() {}

    public func findings(in comparison: DatasetComparison) -> [Finding] {
        comparison.series.compactMap { entry, detector in
            // Misses and false positives against a reference detector are not errors.
            guard entry.results.groundTruth == .annotations else { return nil }
            let missed = detector.metrics.missed, falsePositives = detector.metrics.falsePositives
            let errors = missed + falsePositives
            guard errors >= minimumErrors else { return nil }
            let counted = "\(missed) missed, \(falsePositives) false positive\(falsePositives == 1 ? "" : "s")"
            if Double(missed) >= share * Double(errors) {
                return Finding(.note, dataset: comparison.dataset, detector: detector.id, "most errors are misses (\(counted))")
            }
            if Double(falsePositives) >= share * Double(errors) {
                return Finding(.note, dataset: comparison.dataset, detector: detector.id, "most errors are false positives (\(counted))")
            }
            return nil
        }
    }
}

/// A detector whose recall is far below another setting of the same model on the same
/// images: the setting, not the model, is what misses the faces (BlazeFace's short range
/// finds 0.23 of dlib-faces' faces, its full range 0.95), which a reader comparing models
/// should know before dismissing the model.
public struct SameModelRecallFindings: FindingSource {
    /// The other setting finds at least this much more (absolute recall)…
    public var margin = 0.2
    /// …and at least this many times as much.
    public var ratio = 2.0

    public init() {}

    public func findings(in comparison: DatasetComparison) -> [Finding] {
        let series = comparison.series.filter { $0.entry.results.groundTruth == .annotations }.map(\.detector)
        return series.compactMap { detector in
            let recall = detector.metrics.recall
            guard recall.isFinite, !detector.info.isImported else { return nil }
            let better = series.filter { other in
                other.info.kind == detector.info.kind && other.info.spec != detector.info.spec && other.metrics.recall.isFinite
                    && other.metrics.recall - recall >= margin && other.metrics.recall >= ratio * recall
            }.max { $0.metrics.recall < $1.metrics.recall }
            guard let better else { return nil }
            return Finding(
                .note, dataset: comparison.dataset, detector: detector.id,
                "recall \(Formatting.fixed(recall, 2)), far below \(better.id)'s \(Formatting.fixed(better.metrics.recall, 2)) on the same images: this setting of \(detector.info.kind), not the model, misses the faces")
        }
    }
}

/// The machine was busy while the run timed. Repeated calls of a detector on the same image
/// (`--repetitions` 2 or more) do the same work on the same pixels, so what sets them apart
/// is the machine, not the detector or the image: on an idle machine they agree to a few
/// percent, while a call that had to wait for a core (other processes, a build) takes longer
/// by the time it waited. The measure is each image's slowest call ÷ its fastest, over every
/// timed detector and image; the machine is called busy when the 90th percentile of those
/// ratios exceeds `busySpread`: a tenth of the images or more lost a fifth of a call to
/// waiting. The 90th percentile rather than the median, because contention that slows every
/// call alike leaves consecutive calls close (measured on this project's 2-core machine at
/// load 5: median ×1.08, p90 ×1.27). With one call per image (the default) the spread cannot
/// be told from the images' differences, and nothing is said. (docs/evaluation.md, "Busy
/// machine")
public struct BusyMachineFindings: FindingSource {
    /// The 90th percentile of the slowest ÷ fastest call on an image above which the machine
    /// is called busy.
    public var busySpread = 1.2
    /// Fewer detector × image pairs with repeated calls than this say nothing (the 90th
    /// percentile of fewer is about their maximum: one slow call).
    public var minimumPairs = 10
    /// Calls shorter than this are left out: the clock's resolution and the call's own
    /// overhead would make their ratios.
    public var minimumMilliseconds = 0.1

    public init() {}

    public func findings(in comparison: DatasetComparison) -> [Finding] {
        comparison.entries.compactMap { entry in
            sentence(entry.results).map { Finding(.warning, dataset: comparison.dataset, (entry.label.map { "run \($0): " } ?? "") + $0) }
        }
    }

    /// The finding's sentence for one run, nil when its repeated calls agree (or there are
    /// too few to tell).
    public func sentence(_ results: RunResults) -> String? {
        let spreads = repeatSpreads(results)
        guard spreads.count >= minimumPairs else { return nil }
        let p90 = LatencySummary.percentile(spreads, 90)
        guard p90 > busySpread else { return nil }
        return "the machine was busy while timing: repeated calls on the same image differed by ×\(Formatting.fixed(p90, 2)) at p90 (median ×\(Formatting.fixed(LatencySummary.percentile(spreads, 50), 2)), \(spreads.count) detector × image pairs; an idle machine keeps them within a few percent): latencies and images/s are inflated and noisy, so measure again on an idle machine (compare's per-image ratios to a reference detector suffer less)"
    }

    /// Each timed detector's slowest ÷ fastest call on each image with repeated calls, sorted.
    func repeatSpreads(_ results: RunResults) -> [Double] {
        let imported = Set(results.detectors.filter(\.info.isImported).map(\.id))
        var spreads: [Double] = []
        for record in results.records {
            for (id, result) in record.results where !imported.contains(id) && result.failure == nil && result.latencies.count >= 2 {
                guard let fastest = result.latencies.min(), let slowest = result.latencies.max(), fastest >= minimumMilliseconds else { continue }
                spreads.append(slowest / fastest)
            }
        }
        return spreads.sorted()
    }
}
