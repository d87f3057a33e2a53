import FaceBenchModel
import FaceBenchEvaluation

/// Images per second and megapixels per second of one detector at one worker count.
public struct ThroughputMeasurement: Sendable, Equatable {
    public var threads: Int
    public var images: Int
    public var seconds: Double
    public var megapixels: Double
    /// Throughput at this worker count ÷ (workers × throughput at one worker); nil without a
    /// one-worker measurement.
    public var scalingEfficiency: Double?
    /// FaceBench's own CPU time over the pass (every thread), to tell whether its workers got
    /// the cores they asked for; nil in results from before it was measured.
    public var cpuSeconds: Double?

    public var imagesPerSecond: Double { seconds > 0 ? Double(images) / seconds : 0 }
    public var megapixelsPerSecond: Double { seconds > 0 ? megapixels / seconds : 0 }
    /// The cores the pass kept busy on average: near `threads` on an idle machine.
    public var coresUsed: Double? { cpuSeconds.flatMap { seconds > 0 ? $0 / seconds : nil } }

    public init(threads: Int, images: Int, seconds: Double, megapixels: Double, scalingEfficiency: Double? = nil, cpuSeconds: Double? = nil) {
        self.threads = threads
        self.images = images
        self.seconds = seconds
        self.megapixels = megapixels
        self.scalingEfficiency = scalingEfficiency
        self.cpuSeconds = cpuSeconds
    }
}

/// Resident memory a detector added, measured by reading the process's RSS around its model
/// load and around its warm-up calls. Detectors are loaded and warmed one after another
/// before any image is timed, so each growth belongs to one detector. Memory freed by an
/// earlier detector and reused by a later one makes these lower bounds.
public struct MemoryUse: Sendable, Equatable {
    public var loadMegabytes: Double
    public var warmupMegabytes: Double

    public init(loadMegabytes: Double, warmupMegabytes: Double) {
        self.loadMegabytes = loadMegabytes
        self.warmupMegabytes = warmupMegabytes
    }
}

/// An image a detector failed on, and why.
public struct ImageFailure: Sendable, Equatable, Codable {
    enum CodingKeys: String, CodingKey {
        case sampleID = "id", image, reason
    }

    public var sampleID: Int
    public var image: String
    public var reason: String

    public init(sampleID: Int, image: String, reason: String) {
        self.sampleID = sampleID
        self.image = image
        self.reason = reason
    }
}

/// What is known about a detector before images are run: who it is, what loading it cost.
public struct DetectorSetup: Sendable, Equatable {
    public var info: DetectorInfo
    /// Model load time of each worker's instance, in worker order.
    public var loadMilliseconds: [Double]
    public var memory: MemoryUse?

    public init(info: DetectorInfo, loadMilliseconds: [Double], memory: MemoryUse?) {
        self.info = info
        self.loadMilliseconds = loadMilliseconds
        self.memory = memory
    }
}

/// Everything measured about one detector on one dataset.
public struct DetectorResult: Sendable, Equatable {
    public var setup: DetectorSetup
    public var metrics: DetectionMetrics
    /// Per-call latency over every timed call of every image.
    public var latency: LatencySummary?
    /// The same calls divided by their image's megapixels.
    public var latencyPerMegapixel: LatencySummary?
    /// Single-worker rate from the latencies: images ÷ the sum of each image's median call.
    public var imagesPerSecond: Double?
    public var megapixelsPerSecond: Double?
    /// External programs' own timing of their inference, when they report it.
    public var reportedLatency: LatencySummary?
    /// The landmark stage's part of each call (`landmarks=dlib68`), inside `latency` too.
    public var landmarkLatency: LatencySummary?
    /// The CPU time an external program used per call, all its threads together (`exec:`).
    public var cpuTime: LatencySummary?
    public var throughput: [ThroughputMeasurement]
    public var failures: [ImageFailure]
    /// Results of the accuracy protocols beyond the basic metrics, and the run's
    /// thread-consistency problems with the detector.
    public var evaluations: DetectorEvaluations
    /// 95 % intervals over images (`ImageBootstrap`) by statistic (`ResamplableResults.statistics`:
    /// "ap", "coco_ap", "precision", …); empty with `--bootstrap 0` and in older results.
    public var intervals: [String: ConfidenceInterval] = [:]
    /// The precision–recall curve's pointwise 95 % band over images on the same resamples;
    /// nil with `--bootstrap 0`, without true positives and in results of layouts before 0.6.
    public var precisionBand: PrecisionBand?
    /// By the same statistics: the difference to the run's best detector with its paired
    /// interval (`ImageBootstrap.differencesToBest`); empty likewise, and with one detector.
    public var differencesToBest: [String: PairedDifference] = [:]
    /// Its median latency ÷ the run's fastest detector's, with an interval paired over
    /// images (`LatencyRatio`); nil for imported detections, with one timed detector and with
    /// `--bootstrap 0`.
    public var latencyRatioToFastest: LatencyRatio?
    /// The thresholds maximising F1 and reaching the run's target precision; nil in results
    /// of layouts before 0.5 (their stored curve is thinned).
    public var operatingPoints: OperatingPoints?

    public var info: DetectorInfo { setup.info }
    public var id: String { setup.info.id }
}
