/// What the regression gate compares, and what a baseline file holds: per dataset and
/// detector, the accuracy figures and a latency summary — not the per-image records, so a
/// baseline stays a few kilobytes and can be committed.
///
/// Built from a run's `results.json`, or read back from a baseline file (`facebench.baseline/1`,
/// written by `facebench baseline update`):
///
///     {"schema": "facebench.baseline/1", "created": "2026-…Z",
///      "datasets": [{"name": "mit-cmu", "format": "mit-cmu", "images": 130, "faces": 511,
///        "iou_threshold": 0.5, "interrupted": false, "decode_p50_ms": 2.3,
///        "reference": "haar", "environment": {…},
///        "detectors": [{"id": "haar", "spec": "haar:cascade=default,…", "imported": false,
///          "accuracy": {"ap50": 0.8363, "precision": …, "recall": …, "f1": …, "mean_iou": …,
///                       "tp": 436, "fp": 68, "missed": 75, "sizes.buckets.16-32.recall": …},
///          "latency_ms": {"count": 130, "p50": 148.2, "p90": 544, "p99": …, "mad": …},
///          "relative_p50": 1.0, "images_per_second": 3.8, "load_ms": 93.7}]}]}
///
/// `accuracy` holds FaceBench's own metrics and every number of the protocol results whose
/// direction is known (`MetricDirection`); `relative_p50` is the detector's median latency
/// over the `reference` detector's in the same run (`decode` when it is the decode time),
/// recorded for reading — `compare` recomputes it with the reference it is asked to use.
public struct BenchmarkSnapshot: Sendable, Equatable {
    public static let schema = "facebench.baseline/1"
    /// The reference detector of `relative_p50` when the run has it.
    public static let defaultReference = "haar"

    public var created: String
    public var datasets: [DatasetSnapshot]

    public init(created: String, datasets: [DatasetSnapshot]) {
        self.created = created
        self.datasets = datasets
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

    /// The median latency speed is measured against, with its 95% confidence interval: the
    /// reference detector's, or the decode time when `reference` is `decode` (whose
    /// interval is not kept: the median alone).
    public func referenceMedian(_ reference: String) -> (value: Double, interval: ClosedRange<Double>)? {
        if reference == "decode" { return decodeP50.map { ($0, $0...$0) } }
        return detector(reference)?.latency.map { ($0.p50, $0.medianCI95) }
    }
}

public struct DetectorSnapshot: Sendable, Equatable {
    public var id: String
    public var spec: String
    public var imported: Bool
    /// Metric key → value, in table order.
    public var accuracy: JSONObject
    public var latency: LatencySummary?
    public var imagesPerSecond: Double?
    public var loadMilliseconds: Double?

    public init(
        id: String, spec: String, imported: Bool, accuracy: JSONObject, latency: LatencySummary?, imagesPerSecond: Double?,
        loadMilliseconds: Double?
    ) {
        self.id = id
        self.spec = spec
        self.imported = imported
        self.accuracy = accuracy
        self.latency = latency
        self.imagesPerSecond = imagesPerSecond
        self.loadMilliseconds = loadMilliseconds
    }

    /// The metrics the gate judges: scores and rates with a known direction, not counts.
    public var gatedMetrics: [(key: String, value: Double, direction: MetricDirection)] {
        accuracy.pairs.compactMap { key, value in
            let direction = MetricDirection.of(key: key)
            guard let number = value.double, direction != .neither, !MetricDirection.isCount(key: key) else { return nil }
            return (key, number, direction)
        }
    }
}

extension BenchmarkSnapshot {
    /// FaceBench's own metrics kept in a snapshot, in table order.
    static let summaryKeys = ["ap50", "ap", "precision", "recall", "f1", "mean_iou", "tp", "fp", "missed"]

    public init(results: [RunResults], created: String) {
        self.init(created: created, datasets: results.map(DatasetSnapshot.init(results:)))
    }
}

extension DatasetSnapshot {
    public init(results: RunResults) {
        let detectors = results.detectors.map { detector -> DetectorSnapshot in
            var accuracy = JSONObject()
            for key in BenchmarkSnapshot.summaryKeys where key != "ap" || results.settings.iouThreshold != 0.5 {
                accuracy[key] = JSONValue(ComparisonReport.summaryValue(key, of: detector))
            }
            for (name, result) in detector.evaluations.pairs where ComparisonReport.isProtocolResult(result) {
                for (key, value) in result.numericLeaves where MetricDirection.of(key: key) != .neither {
                    accuracy[name + "." + key] = JSONValue(value)
                }
            }
            let timed = !detector.info.isImported
            return DetectorSnapshot(
                id: detector.id, spec: detector.info.spec, imported: detector.info.isImported, accuracy: accuracy,
                latency: timed ? detector.latency : nil, imagesPerSecond: timed ? detector.imagesPerSecond : nil,
                loadMilliseconds: timed ? detector.setup.loadMilliseconds.first : nil)
        }
        self.init(
            name: results.dataset.name, format: results.dataset.format, images: results.dataset.images,
            faces: results.dataset.faces, iouThreshold: results.settings.iouThreshold, interrupted: results.interrupted,
            decodeP50: results.decodeLatency?.p50, environment: results.environment, detectors: detectors)
    }
}
