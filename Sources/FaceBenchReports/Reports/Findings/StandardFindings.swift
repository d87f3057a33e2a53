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
                "failed on \(count) of \(entry.results.dataset.images) images (\(first.image): \(first.reason)\(more)); they count as missed")
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
        comparison.series.compactMap { _, detector in
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
