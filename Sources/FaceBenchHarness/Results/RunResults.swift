import Foundation
import FaceBenchModel
import FaceBenchEvaluation

/// The outcome of a benchmark run (or of merged shards): settings, environment, the
/// dataset evaluated, per-detector results and every per-image record they came from.
/// Serialised as `results.json` (schema in docs/results-schema.md).
public struct RunResults: Sendable, Equatable {
    public static let schema = "facebench.results/1"
    /// The layout within the schema (docs/results-schema.md): 0.1 files (FaceBench 0.1.0,
    /// no `schema_version`) still read.
    public static let schemaVersion = "0.6"
    public static let readableSchemaVersions = ["0.1", "0.2", "0.3", "0.4", "0.5", "0.6"]

    public var settings: RunSettings
    /// One per machine that contributed (several after merging shards).
    public var environments: [RunEnvironment]
    public var dataset: DatasetSummary
    public var detectors: [DetectorResult]
    public var decodeLatency: LatencySummary?
    public var decoderLibrary: String?
    public var records: [ImageRecord]
    /// True when the run was stopped before every image was done.
    public var interrupted: Bool

    public var environment: RunEnvironment? { environments.first }

    /// "image: warning" for each image that decoded with a warning (a truncated JPEG).
    public var decodeWarnings: [String] {
        records.compactMap { record in record.decodeWarning.map { "\(record.name): \($0)" } }
    }

    /// What was evaluated: enough to judge two result files comparable without the data.
    public struct DatasetSummary: Sendable, Equatable {
        public var name: String
        public var format: String
        public var root: String
        public var annotationFiles: [String]
        /// Images in the full dataset, and in this result (fewer for shards and interrupted
        /// runs).
        public var totalImages: Int
        public var images: Int
        public var faces: Int
        public var landmarkScheme: String?
        /// False for images read without annotations (`Dataset.hasGroundTruth`).
        public var hasGroundTruth = true

        public init(
            name: String, format: String, root: String, annotationFiles: [String], totalImages: Int, images: Int, faces: Int,
            landmarkScheme: String?, hasGroundTruth: Bool = true
        ) {
            self.hasGroundTruth = hasGroundTruth
            self.name = name
            self.format = format
            self.root = root
            self.annotationFiles = annotationFiles
            self.totalImages = totalImages
            self.images = images
            self.faces = faces
            self.landmarkScheme = landmarkScheme
        }
    }

    /// What the accuracy numbers of a run are measured against.
    public enum GroundTruth: Sendable, Hashable, CustomStringConvertible {
        /// The dataset's annotations: accuracy.
        case annotations
        /// Nothing: the dataset has none, so no accuracy number exists.
        case missing
        /// A detector's detections taken as pseudo ground truth (`run --reference`): every
        /// number is relative to that detector, whose own are not scored.
        case detector(String)

        public var description: String {
            switch self {
            case .annotations: "the dataset's annotations"
            case .missing: "nothing (no ground truth)"
            case let .detector(id): "\(id)'s detections"
            }
        }
    }

    public var groundTruth: GroundTruth {
        if dataset.hasGroundTruth { return .annotations }
        return settings.reference.map(GroundTruth.detector) ?? .missing
    }

    /// The pairwise agreement of the run's detectors (`DetectorAgreement`) at the run's IoU,
    /// over the images recorded.
    public var agreement: DetectorAgreement {
        let ids = detectors.map(\.id)
        let found = ids.map { id in
            records.map { record -> [Detection]? in
                guard let result = record.results[id], result.failure == nil else { return nil }
                return result.detections
            }
        }
        return DetectorAgreement(detectors: ids, detections: found, iouThreshold: settings.iouThreshold)
    }

    /// The samples a run is scored against: the dataset's, or where it has no ground truth
    /// and `settings.reference` names a detector, the same images with that detector's
    /// detections as faces (none where it failed).
    static func scoringSamples(_ recorded: RecordedSamples, dataset: Dataset, settings: RunSettings) -> [Sample] {
        guard !dataset.hasGroundTruth, let reference = settings.reference else { return recorded.samples }
        return zip(recorded.samples, recorded.detections(of: reference)).map { sample, found in
            var sample = sample
            sample.faces = found.map { Face(box: $0.box) }
            return sample
        }
    }

    /// Scores and summarises records against the dataset. Only images with a record count,
    /// so shards and interrupted runs are scored on what they ran.
    public static func build(
        dataset: Dataset, setups: [DetectorSetup], records unsorted: [ImageRecord],
        throughput: [String: [ThroughputMeasurement]] = [:], settings: RunSettings, environments: [RunEnvironment],
        decoderLibrary: String?, interrupted: Bool, evaluators: [any AccuracyEvaluator] = []
    ) -> RunResults {
        let records = unsorted.sorted { $0.sampleID < $1.sampleID }
        let recorded = RecordedSamples(records, in: dataset)
        let samples = scoringSamples(recorded, dataset: dataset, settings: settings)
        // Protocols and intervals are accuracy: none without annotations, none against a
        // reference detector either (its summary numbers are the comparison offered).
        let scored = dataset.hasGroundTruth
        let applicable = scored ? evaluators.filter { $0.applies(to: dataset) } : []
        var detectors = setups.map { setup -> DetectorResult in
            let id = setup.info.id
            let found = recorded.detections(of: id)
            let counted = !scored && (settings.reference == nil || settings.reference == id)
            let metrics = counted
                ? DetectionMetrics.counting(images: samples.count, detections: found.reduce(0) { $0 + $1.count }, iouThreshold: settings.iouThreshold)
                : DetectionMetrics.evaluate(samples: samples, detections: found, iouThreshold: settings.iouThreshold).metrics
            var latencies: [Double] = [], perMegapixel: [Double] = [], reported: [Double] = [], landmarkStage: [Double] = []
            var cpu: [Double] = []
            var medianSum = 0.0, megapixels = 0.0, timedImages = 0
            var failures: [ImageFailure] = []
            for (record, sample) in zip(recorded.records, samples) {
                guard let result = record.results[id] else { continue }
                if let failure = result.failure {
                    failures.append(ImageFailure(sampleID: sample.id, image: sample.name, reason: failure))
                }
                reported += result.reportedMilliseconds
                landmarkStage += result.landmarkMilliseconds
                cpu += result.cpuMilliseconds
                guard !result.latencies.isEmpty else { continue }
                latencies += result.latencies
                let mp = Double((sample.width ?? 0) * (sample.height ?? 0)) / 1_000_000
                if mp > 0 { perMegapixel += result.latencies.map { $0 / mp } }
                medianSum += LatencySummary.percentile(result.latencies.sorted(), 50)
                megapixels += mp
                timedImages += 1
            }
            var options = settings.evaluation
            options.landmarkScheme = setup.info.landmarkScheme
            let evaluations = DetectorEvaluations(outcomes: applicable.map { evaluator in
                do {
                    return .result(try evaluator.evaluateAny(dataset: dataset, samples: samples, detections: found, options: options))
                } catch {
                    return .failed(protocol: evaluator.name, reason: "\(error)")
                }
            })
            return DetectorResult(
                setup: setup, metrics: metrics, latency: LatencySummary(latencies),
                latencyPerMegapixel: LatencySummary(perMegapixel),
                imagesPerSecond: medianSum > 0 ? Double(timedImages) / (medianSum / 1000) : nil,
                megapixelsPerSecond: medianSum > 0 && megapixels > 0 ? megapixels / (medianSum / 1000) : nil,
                reportedLatency: LatencySummary(reported), landmarkLatency: LatencySummary(landmarkStage), cpuTime: LatencySummary(cpu),
                throughput: throughput[id] ?? [], failures: failures, evaluations: evaluations)
        }
        let resamplable = detectors.map { detector in
            ResamplableResults(
                samples: samples, detections: recorded.detections(of: detector.id), iouThreshold: settings.iouThreshold,
                landmarks: detector.evaluations.landmarks)
        }
        let resampled = ImageBootstrap.resample(
            resamplable, resamples: scored ? settings.bootstrapResamples : 0, seed: settings.bootstrapSeed, withErrors: true,
            jobs: ProcessInfo.processInfo.activeProcessorCount)
        let own = resamplable.map { $0.ownStatistics() }
        let differences = ImageBootstrap.differencesToBest(ids: detectors.map(\.id), own: own, resampled: resampled.map(\.values))
        let bands = ImageBootstrap.precisionBands(resamplable, resamples: scored ? settings.bootstrapResamples : 0, seed: settings.bootstrapSeed)
        for index in detectors.indices {
            detectors[index].operatingPoints = OperatingPoints(
                curve: detectors[index].metrics.curve, targetPrecision: settings.targetPrecision,
                falsePositivesPerImage: settings.falsePositivesPerImage, images: samples.count)
            detectors[index].intervals = ImageBootstrap.studentizedIntervals(resampled[index], of: resamplable[index], own: own[index])
            detectors[index].differencesToBest = differences[index]
            detectors[index].precisionBand = bands[index]
        }
        let summary = DatasetSummary(
            name: dataset.name, format: dataset.format, root: dataset.root, annotationFiles: dataset.annotationFiles,
            totalImages: dataset.samples.count, images: samples.count,
            faces: recorded.samples.reduce(0) { $0 + $1.faces.count }, landmarkScheme: dataset.landmarkScheme,
            hasGroundTruth: dataset.hasGroundTruth)
        var results = RunResults(
            settings: settings, environments: environments, dataset: summary, detectors: detectors,
            decodeLatency: LatencySummary(records.compactMap(\.decodeMilliseconds)), decoderLibrary: decoderLibrary,
            records: records, interrupted: interrupted)
        results.computeLatencyRatios()
        return results
    }

    public func detector(_ id: String) -> DetectorResult? {
        detectors.first { $0.id == id }
    }
}
