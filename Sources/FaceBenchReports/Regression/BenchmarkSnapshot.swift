import FaceBenchModel
import FaceBenchHarness
import FaceBenchEvaluation

/// What the regression gate compares, and what a baseline file holds: per dataset and
/// detector, the accuracy figures and a latency summary — not the per-image records, so a
/// baseline stays a few kilobytes and can be committed.
///
/// Built from a run's `results.json`, or read back from a baseline file (`facebench.baseline/3`,
/// written by `facebench baseline update`):
///
///     {"schema": "facebench.baseline/3", "created": "2026-…Z",
///      "gate": {"metrics": ["ap", "recall"], "tolerances": {"recall": 0.03}},   optional
///      "datasets": [{"name": "mit-cmu", "format": "mit-cmu", "images": 130, "faces": 511,
///        "iou_threshold": 0.5, "interrupted": false, "decode_p50_ms": 2.3,
///        "reference": "haar", "environment": {…},
///        "detectors": [{"id": "haar", "spec": "haar:cascade=default,…", "imported": false,
///          "accuracy": {"ap50": 0.8363, "precision": …, "recall": …, "f1": …, "mean_iou": …,
///                       "tp": 436, "fp": 68, "missed": 75, "sizes.buckets.16-32.recall": …},
///          "latency_ms": {"count": 130, "min": …, "p25": …, "p50": 148.2, "p75": …, "p90": 544,
///                         "p99": …, "max": …, "mean": …, "std": …, "mad": …,
///                         "p50_ci95": [140.1, 160.3]},   the run's latency summary
///          "relative_latency": {"lbp": {"p50": 2.61, "p50_ci95": [2.5, 2.7]},
///                               "decode": {"p50": 64.6, "p50_ci95": […]}},
///          "images_per_second": 3.8, "load_ms": 93.7,
///          "intervals": {"ap": [0.79, 0.88], "precision": …}}]}]}   the run's 95% intervals over
///                                        images (absent with --bootstrap 0 and before /3)
///
/// `accuracy` holds FaceBench's own metrics and every number of the protocol results whose
/// direction is known (`MetricDirection`). `relative_latency` holds, for each other
/// detector of the run and for image decoding, the median over images of this detector's
/// time on an image divided by the reference's time on the same image, with the bootstrap
/// 95% interval of that median: pairing by image cancels what makes one image slower than
/// another and what slowed the machine while it was processed, so the ratio is steady where
/// the latencies themselves are not.
public struct BenchmarkSnapshot: Sendable, Equatable {
    public static let schema = "facebench.baseline/3"
    /// Baselines written before the intervals over images were kept; they still read.
    public static let schemaWithoutIntervals = "facebench.baseline/2"
    /// Baselines written before the full latency summary was stored; they still read.
    public static let schemaWithPartialLatency = "facebench.baseline/1"
    /// The reference detector of `relative_p50` when the run has it.
    public static let defaultReference = "haar"

    public var created: String
    public var datasets: [DatasetSnapshot]
    /// The team's gate (`"gate": {"metrics": […], "tolerances": {…}}`, optional): which
    /// metrics gate against this baseline and their tolerances; `compare`'s flags override it.
    public var gate: GateSettings?

    public init(created: String, datasets: [DatasetSnapshot], gate: GateSettings? = nil) {
        self.created = created
        self.datasets = datasets
        self.gate = gate
    }

    public func dataset(_ name: String) -> DatasetSnapshot? { datasets.first { $0.name == name } }
}

public struct DatasetSnapshot: Sendable, Equatable {
    public var name: String
    public var format: String
    public var images: Int
    public var faces: Int
    public var iouThreshold: Double
    public var interrupted: Bool
    public var decodeP50: Double?
    public var environment: RunEnvironment?
    public var detectors: [DetectorSnapshot]

    public init(
        name: String, format: String, images: Int, faces: Int, iouThreshold: Double, interrupted: Bool, decodeP50: Double?,
        environment: RunEnvironment?, detectors: [DetectorSnapshot]
    ) {
        self.name = name
        self.format = format
        self.images = images
        self.faces = faces
        self.iouThreshold = iouThreshold
        self.interrupted = interrupted
        self.decodeP50 = decodeP50
        self.environment = environment
        self.detectors = detectors
    }

    public func detector(_ id: String) -> DetectorSnapshot? { detectors.first { $0.id == id } }

    /// True when timings from this run mean something (a release build).
    public var isReleaseBuild: Bool { environment?.isReleaseBuild ?? false }

}

/// A detector's latency relative to a reference measured on the same images in the same
/// run: the median over images of the per-image ratio, and its 95% bootstrap interval.
public struct RelativeLatency: Sendable, Equatable {
    /// A detector id, or `decode`.
    public var reference: String
    public var median: Double
    public var interval: ClosedRange<Double>

    public init(reference: String, median: Double, interval: ClosedRange<Double>) {
        self.reference = reference
        self.median = median
        self.interval = interval
    }
}

public struct DetectorSnapshot: Sendable, Equatable {
    public var id: String
    public var spec: String
    public var imported: Bool
    /// Metric key → value, in table order.
    public var accuracy: JSONObject
    public var latency: LatencySummary?
    /// Against every other timed detector of the run and against decoding.
    public var relativeLatency: [RelativeLatency]
    public var imagesPerSecond: Double?
    public var loadMilliseconds: Double?
    /// The run's 95 % intervals over images by statistic (`DetectorResult.intervals`): what
    /// tells a change of an accuracy metric from noise (`RegressionGate`).
    public var intervals: [String: ConfidenceInterval]

    public init(
        id: String, spec: String, imported: Bool, accuracy: JSONObject, latency: LatencySummary?,
        relativeLatency: [RelativeLatency], imagesPerSecond: Double?, loadMilliseconds: Double?,
        intervals: [String: ConfidenceInterval] = [:]
    ) {
        self.id = id
        self.spec = spec
        self.imported = imported
        self.accuracy = accuracy
        self.latency = latency
        self.relativeLatency = relativeLatency
        self.imagesPerSecond = imagesPerSecond
        self.loadMilliseconds = loadMilliseconds
        self.intervals = intervals
    }

    /// The interval of an accuracy key's value, when the run has one: the statistic its
    /// gate metric is named after (`GateMetric`).
    public func interval(of key: String) -> ConfidenceInterval? {
        GateMetric.judging(key).flatMap { intervals[$0.name] }
    }

    /// The detector kind of the spec, the part before ':' (`haar` of `haar:neighbors=6`).
    public var kind: String { String(spec.prefix { $0 != ":" }) }

    /// The spec's parameters, name → value, in order.
    public var parameters: [(name: String, value: String)] {
        guard let colon = spec.firstIndex(of: ":") else { return [] }
        // The spec comes from a results.json or baseline: a parameter "=" has no name and no
        // value (splitting it at "=" leaves no part at all).
        return spec[spec.index(after: colon)...].split(separator: ",").map { pair in
            let name = pair.prefix { $0 != "=" }
            return (String(name), String(pair.dropFirst(name.count + 1)))
        }
    }

    /// The parameters that differ from `other`'s, as "neighbors 3 → 6" (a parameter only one
    /// side sets shows "–" on the other).
    public func parameterChanges(from other: DetectorSnapshot) -> [String] {
        let mine = Dictionary(parameters.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        let theirs = Dictionary(other.parameters.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        var names = other.parameters.map(\.name)
        for (name, _) in parameters where !names.contains(name) { names.append(name) }
        return names.compactMap { name in
            mine[name] == theirs[name] ? nil : "\(name) \(theirs[name] ?? "–") → \(mine[name] ?? "–")"
        }
    }

    public func relativeLatency(to reference: String) -> RelativeLatency? {
        relativeLatency.first { $0.reference == reference }
    }

    /// The declared kind of an `accuracy` key: FaceBench's own metrics (`ap50`) by name,
    /// protocol metrics (`coco.AP50`, `sizes.buckets.h16-32.recall`) by their result type.
    public static func kind(of key: String) -> MetricKind? {
        guard let dot = key.firstIndex(of: ".") else { return ComparisonReport.accuracyKinds[key] }
        return ProtocolResult.kind(protocol: String(key[..<dot]), metric: String(key[key.index(after: dot)...]))
    }
}

extension BenchmarkSnapshot {
    public init(results: [RunResults], created: String) {
        self.init(created: created, datasets: results.map(DatasetSnapshot.init(results:)))
    }
}

extension DatasetSnapshot {
    public init(results: RunResults) {
        let perImage = results.perImageMedianLatencies
        let detectors = results.detectors.map { detector -> DetectorSnapshot in
            var accuracy = JSONObject()
            for key in ComparisonReport.accuracyColumns(iouThresholds: [results.settings.iouThreshold]).map(\.key) {
                accuracy[key] = JSONValue(ComparisonReport.summaryValue(key, of: detector))
            }
            for result in detector.evaluations.results where result.hasContent {
                for metric in result.metrics where metric.kind.direction != .neither {
                    accuracy[result.name + "." + metric.key] = JSONValue(metric.value)
                }
            }
            let timed = !detector.info.isImported
            let relative = perImage.keys.contains(detector.id)
                ? perImage.keys.sorted { Self.order($0, results) < Self.order($1, results) }.compactMap { reference in
                    reference == detector.id ? nil : Self.relative(perImage[detector.id] ?? [:], to: perImage[reference] ?? [:], reference: reference)
                } : []
            return DetectorSnapshot(
                id: detector.id, spec: detector.info.spec, imported: detector.info.isImported, accuracy: accuracy,
                latency: timed ? detector.latency : nil, relativeLatency: relative,
                imagesPerSecond: timed ? detector.imagesPerSecond : nil,
                loadMilliseconds: timed ? detector.setup.loadMilliseconds.first : nil, intervals: detector.intervals)
        }
        self.init(
            name: results.dataset.name, format: results.dataset.format, images: results.dataset.images,
            faces: results.dataset.faces, iouThreshold: results.settings.iouThreshold, interrupted: results.interrupted,
            decodeP50: results.decodeLatency?.p50, environment: results.environment, detectors: detectors)
    }

    /// Detectors in run order, `decode` last.
    static func order(_ id: String, _ results: RunResults) -> Int {
        results.detectors.firstIndex { $0.id == id } ?? results.detectors.count
    }

    static func relative(_ times: [Int: Double], to reference: [Int: Double], reference name: String) -> RelativeLatency? {
        let ratios = times.compactMap { image, time in reference[image].flatMap { $0 > 0 ? time / $0 : nil } }
        return LatencySummary(ratios).map { RelativeLatency(reference: name, median: $0.p50, interval: $0.medianCI95) }
    }
}
