import FaceBenchModel
import FaceBenchEvaluation

/// Compares current results with a baseline, dataset by dataset, each detector against its
/// own baseline: matched by id (its label), else by kind and parameters (the one detector of
/// the same kind whose spec differs least), with a note naming what changed.
///
/// What is judged and how far a change may go are `GateMetric`'s declarations, as
/// `settings` (a baseline file's `gate` section, `compare`'s flags) adjust them: AP, COCO
/// AP, recall and mean NME gate by default, precision and F1 are judged alike and reported
/// as information; a protocol's other numbers are shown, not judged. Where the runs have
/// intervals over images (`run --bootstrap`) and both sides are runs on the same images,
/// the change has a paired 95 % interval (`pairedChanges`): worse when the whole interval is
/// a drop beyond the metric's tolerance, better when it is a gain beyond it, else "within
/// noise". Against a baseline file (no per-image matches to pair with) the change is judged
/// against the dataset's resolution instead, the larger half-width of the two runs' own
/// intervals of that metric: a drop beyond tolerance + resolution is worse, a gain as large
/// better. Without intervals the tolerance alone decides.
///
/// Speed: a detector's time on each image is divided by a reference's time on the same
/// image in the same run — by default the `haar` detector (OpenCV's cascade, interleaved
/// with the others image by image, so a slower or busier machine slows both alike), provided
/// its spec is the same on both sides, else the image's decode time — and the median of those
/// ratios (`RelativeLatency`) is compared with the baseline's by `SpeedChange`, the rule
/// `report` uses too: slower when the ratio's 95 % interval lies beyond the `slowdown`
/// tolerance, faster when beyond its inverse, else the same ("within noise" when only the
/// medians moved that far). `absolute` compares the median latencies themselves, with the
/// same rule. Speed is not judged when either side is a debug build.
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

    /// Which metrics gate and their tolerances, over `GateMetric`'s defaults.
    public var settings = GateSettings()
    public var speed: Speed = .relative(reference: BenchmarkSnapshot.defaultReference)
    public var allowMissing = false
    /// Paired intervals of current − baseline (`PairedRunChanges`), when both sides are runs
    /// on the same images: they take the place of the resolution.
    public var pairedChanges: PairedRunChanges.Intervals = [:]

    public init() {}

    public enum Verdict: Sendable, Equatable {
        case unchanged, regressed, improved
    }

    /// One judged difference (or a missing or new detector).
    public struct Finding: Sendable, Equatable {
        /// `information`: a metric that does not gate moved beyond its tolerance, either way.
        public enum Kind: Sendable, Equatable { case regression, improvement, information, new }
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
        public var information: [Finding] { findings.filter { $0.kind == .information } }

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
        outcome.notes.append("accuracy: \(settings.summary)")
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
        let tolerance = "slowdown tolerance ×\(Formatting.fixed(settings.tolerance(of: .slowdown), 2))\(settings.gates(.slowdown) ? "" : ", information only")"
        switch speed {
        case let .relative(reference):
            return "speed: per-image time relative to \(reference == "decode" ? "the image's decode time" : "detector '\(reference)' on the same image") in the same run (decode time when a side lacks it), median over images; \(tolerance)"
        case .absolute:
            return "speed: absolute median latency; \(tolerance)"
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
        let pairs = Self.match(baseline: base.detectors, current: now.detectors)
        if pairedChanges[name] != nil {
            outcome.notes.append("\(name): accuracy changes judged by their paired 95% intervals over the \(now.images) images")
        } else if now.detectors.contains(where: { !$0.intervals.isEmpty }) || base.detectors.contains(where: { !$0.intervals.isEmpty }) {
            outcome.notes.append("\(name): accuracy changes judged against the intervals' resolution (no per-image records and ground truth to pair the two sides with)")
        }
        let reference = speedReference(now, base)
        if let problem = reference.problem { outcome.notes.append("\(name): speed not judged: \(problem)") }
        if let note = reference.note { outcome.notes.append("\(name): \(note)") }
        for (baseDetector, match) in pairs {
            guard let nowDetector = match else {
                let id = baseDetector.id
                let message = "\(name) / \(id): detector missing from the current results"
                if allowMissing {
                    outcome.notes.append(message + " (allowed)")
                } else {
                    outcome.findings.append(Finding(kind: .regression, dataset: name, detector: id, message: message))
                    outcome.lines.append(Line(dataset: name, detector: id, metric: "—", baseline: "present", current: "missing", change: "", status: "REGRESSED"))
                }
                continue
            }
            let changes = nowDetector.parameterChanges(from: baseDetector).joined(separator: ", ")
            if nowDetector.id != baseDetector.id {
                outcome.notes.append("\(name) / \(nowDetector.id): judged against the baseline's \(baseDetector.id), the same kind (\(changes.isEmpty ? "same parameters" : changes))")
            } else if nowDetector.spec != baseDetector.spec {
                outcome.notes.append("\(name) / \(nowDetector.id): spec changed: \(baseDetector.spec) → \(nowDetector.spec)\(changes.isEmpty ? "" : " (\(changes))")")
            }
            compareAccuracy(nowDetector, baseDetector, dataset: name, into: &outcome)
            compareSpeed(nowDetector, baseDetector, dataset: name, reference: reference, into: &outcome)
        }
        let matched = Set(pairs.compactMap { $0.current?.id })
        for detector in now.detectors where !matched.contains(detector.id) {
            outcome.findings.append(Finding(kind: .new, dataset: name, detector: detector.id, message: "\(name) / \(detector.id): new, not in the baseline"))
            outcome.lines.append(Line(dataset: name, detector: detector.id, metric: "—", baseline: "absent", current: "present", change: "", status: "new"))
        }
    }

    /// Each baseline detector with the current detector judged against it: the one with its
    /// id, else among the current detectors of its kind not matched by id the one whose spec
    /// differs in the fewest parameters (none when two differ as little).
    static func match(baseline: [DetectorSnapshot], current: [DetectorSnapshot]) -> [(baseline: DetectorSnapshot, current: DetectorSnapshot?)] {
        let ids = Set(baseline.map(\.id))
        var unclaimed = current.filter { !ids.contains($0.id) }
        return baseline.map { base in
            if let same = current.first(where: { $0.id == base.id }) { return (base, same) }
            let candidates = unclaimed.filter { $0.kind == base.kind }.map { ($0, $0.parameterChanges(from: base).count) }
            guard let fewest = candidates.map(\.1).min(), candidates.filter({ $0.1 == fewest }).count == 1,
                  let chosen = candidates.first(where: { $0.1 == fewest })?.0 else { return (base, nil) }
            unclaimed.removeAll { $0.id == chosen.id }
            return (base, chosen)
        }
    }

    func compareAccuracy(_ now: DetectorSnapshot, _ base: DetectorSnapshot, dataset: String, into outcome: inout Outcome) {
        // With intervals on either side, only the metrics that have one are judged, against
        // the larger of their half-widths.
        let noiseAware = !now.intervals.isEmpty || !base.intervals.isEmpty
        for (key, baseValue) in base.accuracy.pairs {
            guard let before = baseValue.double else { continue }
            let prefix = "\(dataset) / \(now.id): \(key)"
            let resolution = [now.interval(of: key), base.interval(of: key)].compactMap { $0?.halfWidth }.max()
            let metric = GateMetric.judging(key).flatMap { !noiseAware || resolution != nil ? $0 : nil }
            let gates = metric.map(settings.gates) ?? false
            guard let after = now.accuracy[key]?.double else {
                if gates {
                    outcome.findings.append(Finding(kind: .regression, dataset: dataset, detector: now.id, metric: key, message: "\(prefix) missing from the current results"))
                }
                outcome.lines.append(Line(dataset: dataset, detector: now.id, metric: key, baseline: Self.number(before), current: "–", change: "", status: gates ? "REGRESSED" : ""))
                continue
            }
            var status = after == before ? "=" : ""
            if let metric {
                let tolerance = settings.tolerance(of: metric)
                let higherIsBetter = metric.direction == .higherIsBetter
                let gain = higherIsBetter ? after - before : before - after
                // The least and the most gain the noise allows.
                var least = gain - (resolution ?? 0), most = gain + (resolution ?? 0)
                var allowed = resolution.map { "tolerance \(Self.number(tolerance)) + resolution ±\(Self.number($0))" } ?? "tolerance \(Self.number(tolerance))"
                if let paired = pairedChanges[dataset]?[now.id]?[metric.name] {
                    (least, most) = higherIsBetter ? (paired.low, paired.high) : (-paired.high, -paired.low)
                    allowed = "paired 95% interval \(Self.change(from: 0, to: paired.low))…\(Self.change(from: 0, to: paired.high)), tolerance \(Self.number(tolerance))"
                }
                let change = "\(Self.number(before, against: after)) → \(Self.number(after, against: before)) (\(Self.change(from: before, to: after)), \(allowed))"
                let notGated = gates ? "" : " (not gated)"
                if most < -tolerance {
                    status = gates ? "REGRESSED" : "worse, not gated"
                    outcome.findings.append(Finding(
                        kind: gates ? .regression : .information, dataset: dataset, detector: now.id, metric: key,
                        message: "\(prefix) got worse\(notGated): \(change)", before: before, after: after))
                } else if least > tolerance {
                    status = gates ? "improved" : "better, not gated"
                    outcome.findings.append(Finding(
                        kind: gates ? .improvement : .information, dataset: dataset, detector: now.id, metric: key,
                        message: "\(prefix) got better\(notGated): \(change)", before: before, after: after))
                } else if abs(gain) > tolerance {
                    status = "within noise"
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

    /// The reference speed is judged against (`absolute` for none), or why it cannot be, and
    /// a note when it is not the one asked for.
    struct SpeedReference {
        var name: String?
        var problem: String?
        var note: String?
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
            var why: String?
            if let current = now.detector(reference), let before = base.detector(reference) {
                if current.spec == before.spec { return SpeedReference(name: reference) }
                why = "detector '\(reference)' changed (\(current.parameterChanges(from: before).joined(separator: ", ")))"
            } else {
                why = "detector '\(reference)' is not on both sides"
            }
            if now.decodeP50 != nil, base.decodeP50 != nil, reference != "decode" {
                return SpeedReference(name: "decode", note: "speed relative to the decode time: \(why!)")
            }
            return SpeedReference(problem: "\(why!), and neither side has decode times")
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
        let maxSlowdown = settings.tolerance(of: .slowdown), gates = settings.gates(.slowdown)
        guard let change = SpeedChange(
            before: old.median, beforeInterval: old.interval, after: new.median, afterInterval: new.interval, maxSlowdown: maxSlowdown) else {
            line.status = "not judged"
            outcome.lines.append(line)
            return
        }
        line.change = "×" + Self.number(change.ratio)
        let detail = "×\(Self.number(change.ratio)), ×\(Self.number(change.least))–×\(Self.number(change.most)) within the 95% intervals; tolerance ×\(Self.number(maxSlowdown))"
        switch change.verdict {
        case .slower:
            line.status = gates ? "REGRESSED" : "slower, not gated"
            line.notable = true
            outcome.findings.append(Finding(
                kind: gates ? .regression : .information, dataset: dataset, detector: now.id, metric: line.metric,
                message: "\(dataset) / \(now.id): slower\(gates ? "" : " (not gated)"): \(line.metric) \(line.baseline) → \(line.current) (\(detail))",
                before: old.median, after: new.median))
        case .faster:
            line.status = gates ? "improved" : "faster, not gated"
            line.notable = true
            outcome.findings.append(Finding(
                kind: gates ? .improvement : .information, dataset: dataset, detector: now.id, metric: line.metric,
                message: "\(dataset) / \(now.id): faster\(gates ? "" : " (not gated)"): \(line.metric) \(line.baseline) → \(line.current) (\(detail))",
                before: old.median, after: new.median))
        case .same:
            line.status = change.isWithinNoise ? "within noise" : "within tolerance"
            line.notable = change.isWithinNoise
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
