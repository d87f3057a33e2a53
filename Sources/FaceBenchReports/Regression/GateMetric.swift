import FaceBenchModel
import FaceBenchEvaluation

/// A metric `compare` can gate on, with its tolerance in its own unit. `all` is the one
/// declaration: `compare`'s `--tolerance` and `--gate-metrics` (their parsing, help and
/// errors), a baseline file's `gate` section and the gate itself read it.
///
/// The accuracy metrics are named as the statistics of results.json's `intervals`, whose
/// intervals tell their changes from noise; `slowdown` is the speed ratio `SpeedChange`
/// judges (after ÷ before).
public struct GateMetric: Sendable, Equatable {
    public var name: String
    /// What it is, for help and notes.
    public var title: String
    /// The tolerance's unit and sense, for help and errors: "AP, 0–1: the largest drop".
    public var unit: String
    public var direction: MetricDirection
    public var defaultTolerance: Double
    /// The tolerances accepted.
    public var range: ClosedRange<Double>
    /// Gating by default; the others' changes are reported as information.
    public var gatesByDefault: Bool
    /// The keys of a snapshot's `accuracy` it judges (none for speed).
    public var accuracyKeys: [String]

    public static let slowdown = GateMetric(
        name: "slowdown", title: "per-image time relative to the reference (or the median, --speed absolute)",
        unit: "a ratio ≥ 1: the largest growth factor; its inverse bounds 'faster'", direction: .lowerIsBetter,
        defaultTolerance: 1.15, range: 1...100, gatesByDefault: true, accuracyKeys: [])

    /// The ranking metrics (AP, COCO AP, recall, NME) gate by default: they are what a
    /// change of detector or setting is chosen by. Precision and F1 move whenever a setting
    /// trades false positives for misses (`haar:neighbors=6`: six false positives fewer,
    /// one face lost), so their changes are reported, not failed.
    public static let all: [GateMetric] = [
        GateMetric(
            name: "ap", title: "AP (VOC) at the run's IoU: the table's AP50 (VOC)", unit: "AP, 0–1: the largest drop",
            direction: .higherIsBetter, defaultTolerance: 0.01, range: 0...1, gatesByDefault: true, accuracyKeys: ["ap50", "ap"]),
        GateMetric(
            name: "coco_ap", title: "COCO AP (IoU 0.50:0.95)", unit: "AP, 0–1: the largest drop", direction: .higherIsBetter,
            defaultTolerance: 0.01, range: 0...1, gatesByDefault: true, accuracyKeys: ["coco.AP"]),
        GateMetric(
            name: "recall", title: "recall (1 − the miss rate)", unit: "a fraction, 0–1: the largest drop", direction: .higherIsBetter,
            defaultTolerance: 0.02, range: 0...1, gatesByDefault: true, accuracyKeys: ["recall"]),
        GateMetric(
            name: "nme_mean", title: "mean NME of the landmarks", unit: "normalised error: the largest rise", direction: .lowerIsBetter,
            defaultTolerance: 0.005, range: 0...1, gatesByDefault: true, accuracyKeys: ["landmarks.nme.mean"]),
        GateMetric(
            name: "precision", title: "precision", unit: "a fraction, 0–1: the largest drop", direction: .higherIsBetter,
            defaultTolerance: 0.02, range: 0...1, gatesByDefault: false, accuracyKeys: ["precision"]),
        GateMetric(
            name: "f1", title: "F1", unit: "0–1: the largest drop", direction: .higherIsBetter,
            defaultTolerance: 0.02, range: 0...1, gatesByDefault: false, accuracyKeys: ["f1"]),
        slowdown,
    ]

    public static var names: [String] { all.map(\.name) }

    public static func named(_ name: String) -> GateMetric? { all.first { $0.name == name } }

    /// The metric judging a snapshot's accuracy key (nil: shown, never judged).
    public static func judging(_ key: String) -> GateMetric? { all.first { $0.accuracyKeys.contains(key) } }

    /// Why `name` is not a gate metric (listing those that are), nil when it is one.
    public static func problem(name: String) -> String? {
        named(name) == nil ? "unknown gate metric '\(name)'; accepted: \(names.joined(separator: ", ")).\(NameSuggestion.hint(for: name, among: names))" : nil
    }

    /// Why `tolerance` is not one of this metric's, nil when it is.
    public func problem(tolerance: Double) -> String? {
        tolerance.isFinite && range.contains(tolerance)
            ? nil : "\(name): tolerance \(Formatting.shortest(tolerance)) is not a number in \(Formatting.shortest(range.lowerBound))…\(Formatting.shortest(range.upperBound)) (\(unit))"
    }

    /// `precision=0.02 (precision; a fraction, 0–1: the largest drop; information by default)`,
    /// for `compare --help`.
    public var helpText: String {
        "\(name)=\(Formatting.shortest(defaultTolerance)) (\(title); \(unit)\(gatesByDefault ? "" : "; information by default"))"
    }
}

/// Which metrics gate and with what tolerance, as far as a baseline file's `gate` section or
/// `compare`'s flags say; the rest is `GateMetric`'s defaults. Flags override the file.
public struct GateSettings: Sendable, Equatable {
    /// Metric name → tolerance, each checked against its metric.
    public private(set) var tolerances: [String: Double] = [:]
    /// The metrics that gate, when set (the others are information).
    public private(set) var gatedMetrics: [String]?

    public init() {}

    /// Checked settings; the error says which name or value is wrong and what is accepted.
    public init(tolerances: [String: Double], gatedMetrics: [String]?) throws {
        for name in tolerances.keys.sorted() + (gatedMetrics ?? []) {
            if let problem = GateMetric.problem(name: name) { throw GateSettingsError(message: problem) }
        }
        for (name, tolerance) in tolerances.sorted(by: { $0.key < $1.key }) {
            if let problem = GateMetric.named(name)!.problem(tolerance: tolerance) { throw GateSettingsError(message: problem) }
        }
        self.tolerances = tolerances
        self.gatedMetrics = gatedMetrics
    }

    /// `compare`'s `--tolerance NAME=X` values and `--gate-metrics NAME` values (empty: not given).
    public init(flags tolerances: [String], gatedMetrics: [String]) throws {
        var parsed: [String: Double] = [:]
        for text in tolerances {
            let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2 else {
                throw GateSettingsError(message: "--tolerance expects NAME=X (e.g. recall=0.03), got '\(text)'; names: \(GateMetric.names.joined(separator: ", "))")
            }
            if let problem = GateMetric.problem(name: parts[0]) { throw GateSettingsError(message: "--tolerance: " + problem) }
            guard let value = Double(parts[1]) else {
                throw GateSettingsError(message: "--tolerance \(parts[0]) expects a number (\(GateMetric.named(parts[0])!.unit)), got '\(parts[1])'")
            }
            parsed[parts[0]] = value
        }
        for name in gatedMetrics {
            if let problem = GateMetric.problem(name: name) { throw GateSettingsError(message: "--gate-metrics: " + problem) }
        }
        do {
            try self.init(tolerances: parsed, gatedMetrics: gatedMetrics.isEmpty ? nil : gatedMetrics)
        } catch let error as GateSettingsError {
            throw GateSettingsError(message: "--tolerance " + error.message)
        }
    }

    /// These settings with `other`'s on top (a flag over the baseline file's section).
    public func overridden(by other: GateSettings) -> GateSettings {
        var merged = self
        merged.tolerances.merge(other.tolerances) { _, new in new }
        merged.gatedMetrics = other.gatedMetrics ?? gatedMetrics
        return merged
    }

    public func tolerance(of metric: GateMetric) -> Double { tolerances[metric.name] ?? metric.defaultTolerance }

    public func gates(_ metric: GateMetric) -> Bool { gatedMetrics.map { $0.contains(metric.name) } ?? metric.gatesByDefault }

    /// `gated (tolerance): ap 0.01, …; information: precision 0.02, f1 0.02`, for compare's notes.
    public var summary: String {
        func list(_ metrics: [GateMetric]) -> String {
            metrics.isEmpty ? "none" : metrics.map { "\($0.name) \(Formatting.shortest(tolerance(of: $0)))" }.joined(separator: ", ")
        }
        return "gated (tolerance): \(list(GateMetric.all.filter(gates))); information: \(list(GateMetric.all.filter { !gates($0) }))"
    }
}

public struct GateSettingsError: Error, Sendable, Equatable {
    public var message: String
}

/// A baseline file's `gate` section: `{"metrics": ["ap", …], "tolerances": {"recall": 0.03}}`,
/// both optional, checked where it is read (known names, finite tolerances in range).
extension GateSettings: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case metrics, tolerances
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(gatedMetrics, forKey: .metrics)
        if !tolerances.isEmpty {
            var nested = container.nestedContainer(keyedBy: NamedKey.self, forKey: .tolerances)
            for metric in GateMetric.all {
                if let tolerance = tolerances[metric.name] { try nested.encode(tolerance, forKey: NamedKey(metric.name)) }
            }
        }
    }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: NamedKey.self)
        if let unknown = keys.allKeys.first(where: { CodingKeys(rawValue: $0.stringValue) == nil }) {
            throw DecodingError.dataCorruptedError(
                forKey: unknown, in: keys, debugDescription: "not a key of the gate section (metrics, tolerances)")
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let metrics = try container.decodeIfPresent([String].self, forKey: .metrics)
        for (index, name) in (metrics ?? []).enumerated() {
            if let problem = GateMetric.problem(name: name) {
                throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath + [CodingKeys.metrics, NamedKey(index: index)], debugDescription: problem))
            }
        }
        var tolerances: [String: Double] = [:]
        if container.contains(.tolerances) {
            let nested = try container.nestedContainer(keyedBy: NamedKey.self, forKey: .tolerances)
            for key in nested.allKeys {
                if let problem = GateMetric.problem(name: key.stringValue) {
                    throw DecodingError.dataCorruptedError(forKey: key, in: nested, debugDescription: problem)
                }
                let tolerance = try nested.decode(Double.self, forKey: key)
                if let problem = GateMetric.named(key.stringValue)!.problem(tolerance: tolerance) {
                    throw DecodingError.dataCorruptedError(forKey: key, in: nested, debugDescription: problem)
                }
                tolerances[key.stringValue] = tolerance
            }
        }
        // Every name and tolerance was checked above, where the error can name its key.
        self.tolerances = tolerances
        self.gatedMetrics = metrics
    }
}
