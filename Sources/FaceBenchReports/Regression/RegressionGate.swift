import FaceBenchModel
import FaceBenchEvaluation

/// Compares current results with a baseline, dataset by dataset and detector by detector
/// (matched by detector id), and says what regressed.
///
/// Accuracy: every gated metric (`DetectorSnapshot.gatedMetrics`: AP, precision, recall,
/// F1, mean IoU, protocol scores) that got worse by more than `maxAccuracyDrop` is a
/// regression, better by more than it an improvement. The default tolerance 0 suits
/// deterministic detectors: the same code on the same data gives the same bits.
///
/// Speed: a detector's time on each image is divided by a reference's time on the same
/// image in the same run — by default the `haar` detector (OpenCV's cascade, interleaved
/// with the others image by image, so a slower or busier machine slows both alike), else the
/// image's decode time — and the median of those ratios (`RelativeLatency`) is compared with
/// the baseline's. Grown by more than `maxSlowdown` it is a regression, shrunk by as much an
/// improvement — provided the change also holds at the far ends of both medians' 95%
/// bootstrap intervals; a change the noise could explain is reported as "within noise".
/// `absolute` compares the median latencies themselves, with the same interval rule. Speed
/// is not judged when either side is a debug build.
///
/// A detector or dataset of the baseline missing from the current results is a regression
/// unless `allowMissing`; one new in the current results is listed, not judged.
public struct RegressionGate: Sendable {
    public enum Speed: Sendable, Equatable {
        /// Relative to this detector's median in the same run, or to decoding (`decode`) when
        /// either side lacks it.
        case relative(reference: String)
        case absolute
        /// Shown, never judged (CI across machines).
        case reportOnly
    }

    public var maxAccuracyDrop: Double = 0
    public var maxSlowdown: Double = 1.15
    public var speed: Speed = .relative(reference: BenchmarkSnapshot.defaultReference)
    public var allowMissing = false

    public init() {}

    public enum Verdict: Sendable, Equatable {
        case unchanged, regressed, improved
    }

    /// One judged difference (or a missing or new detector).
    public struct Finding: Sendable, Equatable {
        public enum Kind: Sendable, Equatable { case regression, improvement, new }
        public var kind: Kind
        public var dataset: String
        public var detector: String?
        public var metric: String?
        public var message: String
        /// The compared values of a metric that moved (nil for missing and new entries).
        public var before: Double?
        public var after: Double?

        /// How far the metric moved, relative to where it was: what ranks the metrics named
        /// in a detector's verdict.
        public var relativeChange: Double {
            guard let before, let after else { return .infinity }
            return abs(after - before) / max(abs(before), 1e-12)
        }

        /// A metric of the headline (FaceBench's own, or speed) rather than one of a
        /// protocol's many (`coco.AR10`, `sizes.buckets.…`): named first in a verdict.
        public var isHeadline: Bool {
            guard let metric else { return true }
            return !metric.contains(".")
        }
    }

    /// A row of the side-by-side table.
    public struct Line: Sendable, Equatable {
        public var dataset: String
        public var detector: String
        public var metric: String
        public var baseline: String
        public var current: String
        public var change: String
        public var status: String
        /// Worth showing without `--all`: the value moved (accuracy), or the gate judged it
        /// (speed beyond tolerance), or the entry is missing or new.
        public var notable = true
    }

    public struct Outcome: Sendable, Equatable {
        public var findings: [Finding] = []
        public var lines: [Line] = []
        public var notes: [String] = []

        public var regressions: [Finding] { findings.filter { $0.kind == .regression } }
        public var improvements: [Finding] { findings.filter { $0.kind == .improvement } }
        public var newEntries: [Finding] { findings.filter { $0.kind == .new } }

        public var verdict: Verdict {
            if !regressions.isEmpty { return .regressed }
            return improvements.isEmpty ? .unchanged : .improved
        }

        /// One verdict per dataset and detector compared (detector nil for a dataset missing
        /// or not comparable as a whole), in the order compared.
        public var entries: [Entry] {
            var keys: [EntryKey] = []
            for key in lines.map({ EntryKey(dataset: $0.dataset, detector: $0.detector) }) + findings.map({ EntryKey(dataset: $0.dataset, detector: $0.detector) })
            where !keys.contains(key) {
                keys.append(key)
            }
            return keys.map { key in
                let found = findings.filter { $0.dataset == key.dataset && $0.detector == key.detector }
                let kinds = Set(found.map(\.kind))
                let verdict: Entry.Verdict = kinds.contains(.regression) ? .regressed : kinds.contains(.improvement) ? .improved : kinds.contains(.new) ? .new : .same
                let ranked = found.filter { $0.kind != .new }.sorted {
                    $0.isHeadline != $1.isHeadline ? $0.isHeadline : $0.relativeChange > $1.relativeChange
                }
                return Entry(dataset: key.dataset, detector: key.detector, verdict: verdict, findings: ranked)
            }
        }
    }

    struct EntryKey: Equatable {
        var dataset: String
        var detector: String?
    }

    /// The gate's word on one detector of one dataset.
    public struct Entry: Sendable, Equatable {
        public enum Verdict: String, Sendable, Equatable, CaseIterable { case regressed, improved, same, new }
        public var dataset: String
        public var detector: String?
        public var verdict: Verdict
        /// What made the verdict: headline metrics first, each group by how far it moved.
        public var findings: [Finding]
    }

    public func compare(current: BenchmarkSnapshot, baseline: BenchmarkSnapshot) -> Outcome {
        var outcome = Outcome()
        outcome.notes.append(speedNote)
        for base in baseline.datasets {
            guard let now = current.dataset(base.name) else {
                let message = "\(base.name): dataset missing from the current results"
                if allowMissing {
                    outcome.notes.append(message + " (allowed)")
                } else {
                    outcome.findings.append(Finding(kind: .regression, dataset: base.name, message: message))
                }
                continue
            }
            compare(now, base, into: &outcome)
        }
        for now in current.datasets where baseline.dataset(now.name) == nil {
            outcome.findings.append(Finding(kind: .new, dataset: now.name, message: "\(now.name): dataset not in the baseline"))
        }
        return outcome
    }

    var speedNote: String {
        switch speed {
        case let .relative(reference):
            return "speed: per-image time relative to \(reference == "decode" ? "the image's decode time" : "detector '\(reference)' on the same image") in the same run (decode time when a side lacks it), median over images; slowdown tolerance ×\(Formatting.fixed(maxSlowdown, 2))"
        case .absolute:
            return "speed: absolute median latency; slowdown tolerance ×\(Formatting.fixed(maxSlowdown, 2))"
        case .reportOnly:
            return "speed: shown, not judged"
        }
    }

    func compare(_ now: DatasetSnapshot, _ base: DatasetSnapshot, into outcome: inout Outcome) {
        let name = base.name
        if now.images != base.images || now.faces != base.faces || now.iouThreshold != base.iouThreshold {
            outcome.findings.append(Finding(
                kind: .regression, dataset: name,
                message: "\(name): not comparable — baseline \(base.images) images, \(base.faces) faces, IoU \(base.iouThreshold); current \(now.images) images, \(now.faces) faces, IoU \(now.iouThreshold)"))
            return
        }
        if now.interrupted { outcome.notes.append("\(name): the current run was interrupted") }
        let reference = speedReference(now, base)
        if let problem = reference.problem { outcome.notes.append("\(name): speed not judged: \(problem)") }
        if case let .relative(wanted) = speed, let used = reference.name, used != wanted {
            outcome.notes.append("\(name): speed relative to the \(used) time: detector '\(wanted)' is not on both sides")
        }
        for baseDetector in base.detectors {
            let id = baseDetector.id
            guard let nowDetector = now.detector(id) else {
                let message = "\(name) / \(id): detector missing from the current results"
                if allowMissing {
                    outcome.notes.append(message + " (allowed)")
                } else {
                    outcome.findings.append(Finding(kind: .regression, dataset: name, detector: id, message: message))
                    outcome.lines.append(Line(dataset: name, detector: id, metric: "—", baseline: "present", current: "missing", change: "", status: "REGRESSED"))
                }
                continue
            }
            if nowDetector.spec != baseDetector.spec {
                outcome.notes.append("\(name) / \(id): spec changed: \(baseDetector.spec) → \(nowDetector.spec)")
            }
            compareAccuracy(nowDetector, baseDetector, dataset: name, into: &outcome)
            compareSpeed(nowDetector, baseDetector, dataset: name, reference: reference, into: &outcome)
        }
        for detector in now.detectors where base.detector(detector.id) == nil {
            outcome.findings.append(Finding(kind: .new, dataset: name, detector: detector.id, message: "\(name) / \(detector.id): new, not in the baseline"))
            outcome.lines.append(Line(dataset: name, detector: detector.id, metric: "—", baseline: "absent", current: "present", change: "", status: "new"))
        }
    }

    func compareAccuracy(_ now: DetectorSnapshot, _ base: DetectorSnapshot, dataset: String, into outcome: inout Outcome) {
        let gated = Dictionary(base.gatedMetrics.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        for (key, baseValue) in base.accuracy.pairs {
            guard let before = baseValue.double else { continue }
            let prefix = "\(dataset) / \(now.id): \(key)"
            guard let after = now.accuracy[key]?.double else {
                if gated[key] != nil {
                    outcome.findings.append(Finding(kind: .regression, dataset: dataset, detector: now.id, metric: key, message: "\(prefix) missing from the current results"))
                }
                outcome.lines.append(Line(dataset: dataset, detector: now.id, metric: key, baseline: Self.number(before), current: "–", change: "", status: gated[key] != nil ? "REGRESSED" : ""))
                continue
            }
            var status = after == before ? "=" : ""
            if let metric = gated[key] {
                let gain = metric.direction == .higherIsBetter ? after - before : before - after
                let change = "\(Self.number(before, against: after)) → \(Self.number(after, against: before)) (\(Self.change(from: before, to: after)), tolerance \(Self.number(maxAccuracyDrop)))"
                if gain < -maxAccuracyDrop {
                    status = "REGRESSED"
                    outcome.findings.append(Finding(kind: .regression, dataset: dataset, detector: now.id, metric: key, message: "\(prefix) got worse: \(change)", before: before, after: after))
                } else if gain > maxAccuracyDrop {
                    status = "improved"
                    outcome.findings.append(Finding(kind: .improvement, dataset: dataset, detector: now.id, metric: key, message: "\(prefix) got better: \(change)", before: before, after: after))
                } else if after != before {
                    status = "within tolerance"
                }
            }
            outcome.lines.append(Line(
                dataset: dataset, detector: now.id, metric: key, baseline: Self.number(before, against: after),
                current: Self.number(after, against: before), change: after == before ? "" : Self.change(from: before, to: after), status: status,
                notable: after != before))
        }
    }

    /// The reference speed is judged against (`absolute` for none), or why it cannot be.
    struct SpeedReference {
        var name: String?
        var problem: String?
    }

    func speedReference(_ now: DatasetSnapshot, _ base: DatasetSnapshot) -> SpeedReference {
        if !now.isReleaseBuild || !base.isReleaseBuild {
            let which = !base.isReleaseBuild && !now.isReleaseBuild ? "both sides are" : !base.isReleaseBuild ? "the baseline is" : "the current run is"
            return SpeedReference(problem: "\(which) not a release build (or its build is unknown)")
        }
        switch speed {
        case .reportOnly: return SpeedReference()
        case .absolute: return SpeedReference(name: "absolute")
        case let .relative(reference):
            if now.detector(reference) != nil, base.detector(reference) != nil { return SpeedReference(name: reference) }
            if now.decodeP50 != nil, base.decodeP50 != nil { return SpeedReference(name: "decode") }
            return SpeedReference(problem: "neither side has both the reference detector '\(reference)' and decode times")
        }
    }

    func compareSpeed(_ now: DetectorSnapshot, _ base: DetectorSnapshot, dataset: String, reference: SpeedReference, into outcome: inout Outcome) {
        guard let before = base.latency, let after = now.latency, !now.imported, !base.imported else { return }
        var line = Line(
            dataset: dataset, detector: now.id, metric: "p50 ms", baseline: Self.number(before.p50),
            current: Self.number(after.p50), change: "×" + Self.number(after.p50 / before.p50), status: "", notable: false)
        guard let name = reference.name, name != now.id else {
            line.status = reference.name == nil ? "not judged" : "reference"
            outcome.lines.append(line)
            return
        }
        let compared: (before: RelativeLatency, after: RelativeLatency)
        if name == "absolute" {
            compared = (
                RelativeLatency(reference: name, median: before.p50, interval: before.medianCI95),
                RelativeLatency(reference: name, median: after.p50, interval: after.medianCI95))
        } else {
            outcome.lines.append(line)
            guard let old = base.relativeLatency(to: name), let new = now.relativeLatency(to: name) else {
                outcome.notes.append("\(dataset) / \(now.id): speed not judged: no latency relative to \(name) on both sides")
                return
            }
            compared = (old, new)
            line.metric = "per-image time / \(name)"
            line.baseline = Self.number(old.median)
            line.current = Self.number(new.median)
        }
        let (old, new) = compared
        guard old.interval.lowerBound > 0, new.interval.lowerBound > 0 else {
            // A zero-width start of an interval (sub-resolution timings) cannot bound a ratio.
            line.status = "not judged"
            outcome.lines.append(line)
            return
        }
        let slowdown = new.median / old.median
        // The least and the most change the two 95% intervals allow.
        let least = new.interval.lowerBound / old.interval.upperBound
        let most = new.interval.upperBound / old.interval.lowerBound
        line.change = "×" + Self.number(slowdown)
        let detail = "×\(Self.number(slowdown)), at least ×\(Self.number(least)) within the 95% intervals; tolerance ×\(Self.number(maxSlowdown))"
        if slowdown > maxSlowdown, least > 1 {
            line.status = "REGRESSED"
            line.notable = true
            outcome.findings.append(Finding(
                kind: .regression, dataset: dataset, detector: now.id, metric: line.metric,
                message: "\(dataset) / \(now.id): slower: \(line.metric) \(line.baseline) → \(line.current) (\(detail))",
                before: old.median, after: new.median))
        } else if slowdown < 1 / maxSlowdown, most < 1 {
            line.status = "improved"
            line.notable = true
            outcome.findings.append(Finding(
                kind: .improvement, dataset: dataset, detector: now.id, metric: line.metric,
                message: "\(dataset) / \(now.id): faster: \(line.metric) \(line.baseline) → \(line.current) (×\(Self.number(slowdown)))",
                before: old.median, after: new.median))
        } else if slowdown > maxSlowdown || slowdown < 1 / maxSlowdown {
            line.status = "within noise"
            line.notable = true
        } else {
            line.status = "within tolerance"
        }
        outcome.lines.append(line)
    }

    /// Every number of the gate's report, one way: integers as such when both sides are,
    /// otherwise four significant digits (at least four decimals below 1, so AP-like metrics
    /// line up), with more decimals, up to 8, where fewer would show two different values
    /// alike.
    public static func number(_ value: Double, against other: Double? = nil) -> String {
        Formatting.fixed(value, decimals(value, against: other))
    }

    /// A change `after - before` with a sign, to the decimals its values are shown with (more
    /// when that would round it to zero).
    public static func change(from before: Double, to after: Double) -> String {
        let difference = after - before
        var places = decimals(before, against: after)
        while places < 8, difference != 0, Formatting.fixed(abs(difference), places).allSatisfy({ $0 == "0" || $0 == "." }) { places += 1 }
        return (difference > 0 ? "+" : "") + Formatting.fixed(difference, places)
    }

    static func decimals(_ value: Double, against other: Double?) -> Int {
        guard value.isFinite else { return 0 }
        let integral = { (x: Double) in x == x.rounded() && abs(x) < 1e9 }
        if integral(value), other.map(integral) ?? true { return 0 }
        let sized = [value, other ?? value].map { abs($0) }.filter { $0 > 0 }.min() ?? 0
        var places = max(0, min(8, 3 - Int(saturating: sized.log10Floor)))
        if let other, other != value {
            while places < 8, Formatting.fixed(value, places) == Formatting.fixed(other, places) { places += 1 }
        }
        return places
    }
}

extension Double {
    /// ⌊log10(self)⌋ for positive values, by scaling into [1, 10).
    var log10Floor: Double {
        var exponent = 0.0, scaled = self
        while scaled >= 10 { scaled /= 10; exponent += 1 }
        while scaled < 1, scaled > 0 { scaled *= 10; exponent -= 1 }
        return exponent
    }
}
