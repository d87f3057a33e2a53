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
                let change = "\(Self.number(before)) → \(Self.number(after)) (\(Self.signed(after - before)), tolerance \(Self.number(maxAccuracyDrop)))"
                if gain < -maxAccuracyDrop {
                    status = "REGRESSED"
                    outcome.findings.append(Finding(kind: .regression, dataset: dataset, detector: now.id, metric: key, message: "\(prefix) got worse: \(change)"))
                } else if gain > maxAccuracyDrop {
                    status = "improved"
                    outcome.findings.append(Finding(kind: .improvement, dataset: dataset, detector: now.id, metric: key, message: "\(prefix) got better: \(change)"))
                } else if after != before {
                    status = "within tolerance"
                }
            }
            outcome.lines.append(Line(
                dataset: dataset, detector: now.id, metric: key, baseline: Self.number(before), current: Self.number(after),
                change: after == before ? "" : Self.signed(after - before), status: status))
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
            dataset: dataset, detector: now.id, metric: "p50 ms", baseline: Formatting.milliseconds(before.p50),
            current: Formatting.milliseconds(after.p50), change: "×" + Formatting.fixed(after.p50 / before.p50, 3), status: "")
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
            line.baseline = Formatting.fixed(old.median, 3)
            line.current = Formatting.fixed(new.median, 3)
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
        line.change = "×" + Formatting.fixed(slowdown, 3)
        let detail = "×\(Formatting.fixed(slowdown, 3)), at least ×\(Formatting.fixed(least, 3)) within the 95% intervals; tolerance ×\(Formatting.fixed(maxSlowdown, 2))"
        if slowdown > maxSlowdown, least > 1 {
            line.status = "REGRESSED"
            outcome.findings.append(Finding(
                kind: .regression, dataset: dataset, detector: now.id, metric: line.metric,
                message: "\(dataset) / \(now.id): slower: \(line.metric) \(line.baseline) → \(line.current) (\(detail))"))
        } else if slowdown < 1 / maxSlowdown, most < 1 {
            line.status = "improved"
            outcome.findings.append(Finding(
                kind: .improvement, dataset: dataset, detector: now.id, metric: line.metric,
                message: "\(dataset) / \(now.id): faster: \(line.metric) \(line.baseline) → \(line.current) (×\(Formatting.fixed(slowdown, 3)))"))
        } else if slowdown > maxSlowdown || slowdown < 1 / maxSlowdown {
            line.status = "within noise"
        } else {
            line.status = "within tolerance"
        }
        outcome.lines.append(line)
    }

    /// Integers as such; fractions to 4 decimals, or 8 when that would hide the difference.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e9 { return Formatting.fixed(value, 0) }
        return Formatting.fixed(value, abs(value) < 0.001 ? 8 : 4)
    }

    static func signed(_ value: Double) -> String {
        (value > 0 ? "+" : "") + number(value)
    }
}
