import FaceBenchModel
import FaceBenchEvaluation

/// How a benchmark run measures: everything here is recorded in the results.
public struct RunSettings: Sendable, Equatable {
    /// What every accuracy number of the run is scored with: the headline metrics and each
    /// protocol read the same options, so `run --iou 0.3` and `eval --iou 0.3` agree.
    public var evaluation = EvaluationOptions()
    /// Detection calls per detector and worker before anything is measured (caches, lazy
    /// allocation, CPU frequency).
    public var warmup = 2
    /// Timed calls per detector and image; every one is kept. The detections of the first
    /// call are the ones scored (they are checked to be identical across repetitions).
    public var repetitions = 1
    /// Worker counts for throughput passes (`--threads 1,2`); empty runs no throughput pass.
    public var throughputThreads: [Int] = []
    /// Threads the native libraries may use inside one call (OpenCV's pool); 1 keeps the
    /// comparison single-threaded.
    public var nativeThreads = 1
    /// Run only this slice of the dataset.
    public var shard: Shard?
    /// Resamples of the images for the 95 % intervals (`ImageBootstrap`); 0 computes none.
    public var bootstrapResamples = ImageBootstrap.standardResamples
    public var bootstrapSeed = ImageBootstrap.standardSeed
    /// The precision the second operating point must reach (`OperatingPoints`).
    public var targetPrecision = OperatingPoints.standardTargetPrecision
    /// The false positives per image the third operating point may have (`OperatingPoints`).
    public var falsePositivesPerImage = OperatingPoints.standardFalsePositivesPerImage
    /// The detector (by id) whose detections the others are scored against where a dataset
    /// has no ground truth (`run --reference`): numbers relative to it, never accuracy.
    public var reference: String?

    /// The most worker or native threads a run starts (`--threads`, `--native-threads`):
    /// each worker loads its own detector, and 100,000 of them never finished starting.
    public static let maximumThreads = 256
    /// The most warm-up calls or repetitions per image (`--warmup`, `--repetitions`).
    public static let maximumPasses = 1000

    public init() {}

    /// IoU a detection needs to match a face, the one threshold of the run: `--iou`, or the
    /// protocols' standard 0.5, which is stored as "no threshold given" so that a run at 0.5
    /// scores exactly as one without `--iou`.
    public var iouThreshold: Double {
        get { evaluation.iouThreshold ?? EvaluationOptions.standardIoUThreshold }
        set { evaluation.iouThreshold = newValue == EvaluationOptions.standardIoUThreshold ? nil : newValue }
    }
}

/// A deterministic 1/N slice of a dataset: shard K of N takes the images whose 0-based
/// position p in the dataset's canonical order has p mod N == K − 1. Round-robin keeps
/// shards balanced when image sizes drift through a dataset.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) throws {
        guard count >= 1, index >= 1, index <= count else {
            throw FaceBenchError.usage("--shard K/N needs 1 <= K <= N, got \(index)/\(count)")
        }
        self.index = index
        self.count = count
    }

    public init(parsing text: String) throws {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else {
            throw FaceBenchError.usage("--shard expects K/N (e.g. 2/4), got '\(text)'")
        }
        try self.init(index: k, count: n)
    }

    public func contains(position: Int) -> Bool { position % count == index - 1 }

    public var description: String { "\(index)/\(count)" }
}
