import Foundation
import Synchronization
import FaceBenchModel
import FaceBenchEvaluation

/// Runs detectors over a dataset: decodes each image once, runs every detector on it in an
/// order rotated image by image, times each call, logs each finished image, and scores the
/// result. Optionally measures throughput at several worker counts afterwards.
///
/// Workers each build their own detector instances (native handles are not thread-safe).
/// Worker 0 loads and warms its detectors one after another before the others start, so
/// the load time and memory growth of each can be attributed to it.
public final class BenchmarkRunner: Sendable {
    public struct Configuration: Sendable {
        public var dataset: Dataset
        public var factories: [any DetectorFactory]
        public var decoder: any ImageDecoder
        public var settings: RunSettings
        /// Workers of the main (latency) pass.
        public var workers: Int
        public var outputDirectory: String
        public var resume: Bool
        public var environment: RunEnvironment
        public var evaluators: [any AccuracyEvaluator]

        public init(
            dataset: Dataset, factories: [any DetectorFactory], decoder: any ImageDecoder, settings: RunSettings,
            workers: Int = 1, outputDirectory: String, resume: Bool, environment: RunEnvironment,
            evaluators: [any AccuracyEvaluator] = []
        ) {
            self.dataset = dataset
            self.factories = factories
            self.decoder = decoder
            self.settings = settings
            self.workers = workers
            self.outputDirectory = outputDirectory
            self.resume = resume
            self.environment = environment
            self.evaluators = evaluators
        }
    }

    public let configuration: Configuration
    let stop: StopSignal
    let progress: ProgressReporter

    public init(_ configuration: Configuration, stop: StopSignal = StopSignal(), progress: ProgressReporter? = nil) {
        self.configuration = configuration
        self.stop = stop
        self.progress = progress ?? ProgressReporter(label: configuration.dataset.name)
    }

    /// The samples this run covers (its shard), in canonical order with their positions.
    var plannedSamples: [(position: Int, sample: Sample)] {
        configuration.dataset.samples.enumerated().filter { position, _ in
            configuration.settings.shard?.contains(position: position) ?? true
        }.map { ($0.offset, $0.element) }
    }

    /// " (looked in a/, b/)", from the folders the loader searched.
    static func searched(_ dataset: Dataset) -> String {
        dataset.imageFolders.isEmpty ? "" : " (looked in " + dataset.imageFolders.map { $0 + "/" }.joined(separator: ", ") + ")"
    }

    /// What must be equal for a log to be resumed.
    var logHeader: RunLog.Header {
        let c = configuration
        return RunLog.Header(
            dataset: c.dataset.name, format: c.dataset.format, annotationFiles: c.dataset.annotationFiles,
            images: c.dataset.samples.count, detectors: c.factories.map { RunLog.Header.Detector(id: $0.info.id, spec: $0.info.spec) },
            warmup: c.settings.warmup, repetitions: c.settings.repetitions, shard: c.settings.shard?.description)
    }

    /// Runs everything not already in the log and returns the scored results (written to
    /// `results.json` by the caller). When stopped early, returns what was done, marked
    /// interrupted.
    public func run() throws -> RunResults {
        let c = configuration
        let planned = plannedSamples
        guard !planned.isEmpty else { throw FaceBenchError.failed("no images to run (empty dataset or shard)") }
        let needsImages = c.factories.contains { !$0.info.isImported }
        if needsImages, let missing = planned.first(where: { $0.sample.path == nil }) {
            throw FaceBenchError.failed(
                "dataset \(c.dataset.name) has no image file for \(missing.sample.name)\(Self.searched(c.dataset)): detectors can only run on datasets with images "
                    + "(name their folder with --images DIR, or use `facebench eval` for ground-truth-only sets)")
        }
        let log: RunLog
        var records: [ImageRecord]
        // Resuming where nothing was logged yet starts afresh, so schedulers can always pass
        // --resume to a retried job.
        if c.resume, FileIO.exists(c.outputDirectory + "/" + RunLog.fileName) {
            (log, records) = try RunLog.resume(directory: c.outputDirectory, header: logHeader, samples: planned.map(\.sample))
        } else {
            log = try RunLog.create(directory: c.outputDirectory, header: logHeader)
            records = []
        }
        defer { log.close() }
        let done = Set(records.map(\.sampleID))
        let pending = planned.filter { !done.contains($0.sample.id) }

        var setups = c.factories.map { DetectorSetup(info: $0.info, loadMilliseconds: [], memory: nil) }
        if !pending.isEmpty {
            let pass = MainPass(runner: self, pending: pending, log: log, alreadyDone: done.count, total: planned.count)
            let outcome = try pass.run()
            records += outcome.records
            setups = outcome.setups
        }
        let interrupted = stop.isRequested && records.count < planned.count
        var throughput: [String: [ThroughputMeasurement]] = [:]
        var consistency: [String: [ThreadConsistencyProblem]] = [:]
        if !interrupted, !c.settings.throughputThreads.isEmpty {
            (throughput, consistency) = try ThroughputPass(runner: self, samples: planned.map(\.sample), records: records).run()
        }
        var results = RunResults.build(
            dataset: c.dataset, setups: setups, records: records, throughput: throughput, settings: c.settings,
            environments: [c.environment], decoderLibrary: c.decoder.libraryDescription, interrupted: interrupted,
            evaluators: c.evaluators)
        for index in results.detectors.indices {
            results.detectors[index].evaluations.threadConsistency = consistency[results.detectors[index].id] ?? []
        }
        return results
    }
}

/// The latency pass: every pending image once, every detector on it.
struct MainPass {
    let runner: BenchmarkRunner
    let pending: [(position: Int, sample: Sample)]
    let log: RunLog
    let alreadyDone: Int
    let total: Int

    final class Shared: Sendable {
        struct State {
            var next = 0
            var records: [ImageRecord] = []
            var setups: [[DetectorSetup]]
            var error: Error?
            var current = ""
        }
        let state: Mutex<State>
        init(workers: Int) { state = Mutex(State(setups: Array(repeating: [], count: workers))) }
    }

    func run() throws -> (records: [ImageRecord], setups: [DetectorSetup]) {
        let c = runner.configuration
        let workers = max(1, min(c.workers, pending.count))
        let shared = Shared(workers: workers)
        runner.progress.begin()
        // Worker 0 loads and warms alone first (memory attribution), then the rest join.
        let firstReady = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        for worker in 0..<workers {
            group.enter()
            let thread = Thread { [self] in
                defer { group.leave() }
                if worker > 0 { firstReady.wait(); firstReady.signal() }
                do {
                    try work(worker: worker, shared: shared, ready: worker == 0 ? firstReady : nil)
                } catch {
                    shared.state.withLock { state in
                        if state.error == nil { state.error = error }
                    }
                    runner.stop.request()
                    if worker == 0 { firstReady.signal() }
                }
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
        runner.progress.finish()
        return try shared.state.withLock { state in
            if let error = state.error { throw error }
            // Load times of every worker's instances, in worker order; memory from worker 0.
            let setups = c.factories.indices.map { d -> DetectorSetup in
                var setup = state.setups[0].isEmpty
                    ? DetectorSetup(info: c.factories[d].info, loadMilliseconds: [], memory: nil) : state.setups[0][d]
                setup.loadMilliseconds = state.setups.compactMap { $0.isEmpty ? nil : $0[d].loadMilliseconds.first }
                return setup
            }
            return (state.records, setups)
        }
    }

    func work(worker: Int, shared: Shared, ready: DispatchSemaphore?) throws {
        let c = runner.configuration
        var detectors: [any FaceDetector] = []
        var setups: [DetectorSetup] = []
        for factory in c.factories {
            let before = ProcessMemory.residentMegabytes()
            let (detector, loadMs) = try MonotonicClock.measure { try factory.makeDetector() }
            let after = ProcessMemory.residentMegabytes()
            detectors.append(detector)
            var memory: MemoryUse?
            if let before, let after { memory = MemoryUse(loadMegabytes: max(0, after - before), warmupMegabytes: 0) }
            setups.append(DetectorSetup(info: factory.info, loadMilliseconds: factory.info.isImported ? [] : [loadMs], memory: memory))
        }
        var warmedUp = false
        let ids = c.factories.map(\.info.id)
        let count = c.factories.count
        while !runner.stop.isRequested {
            var wallStart = MonotonicClock.nanoseconds()
            let index: Int? = shared.state.withLock { state in
                guard state.next < pending.count else { return nil }
                defer { state.next += 1 }
                return state.next
            }
            guard let index else { break }
            let (position, sample) = pending[index]
            var input = DetectorInput(image: GrayImage(width: 0, height: 0), name: sample.name, path: sample.path)
            var decodeMs: Double?
            var decodeWarning: String?
            // An image that cannot be decoded fails for every detector that needs its pixels;
            // the run goes on, and a resume does not try it again.
            var decodeFailure: String?
            if let path = sample.path, c.factories.contains(where: { !$0.info.isImported }) {
                do {
                    let ((decoded, warning), milliseconds) = try MonotonicClock.measure {
                        let decoded = try c.decoder.decodeWithWarning(path)
                        return (DetectorInput(decoded: decoded.image, name: sample.name, path: path), decoded.warning)
                    }
                    (input, decodeMs, decodeWarning) = (decoded, milliseconds, warning)
                } catch {
                    decodeFailure = "\(error)"
                }
            }
            if !warmedUp, decodeFailure == nil {
                let warmupStart = MonotonicClock.nanoseconds()
                for d in 0..<count where !c.factories[d].info.isImported {
                    let before = ProcessMemory.residentMegabytes()
                    for _ in 0..<c.settings.warmup { _ = try? detectors[d].detect(input) }
                    if let before, let after = ProcessMemory.residentMegabytes(), setups[d].memory != nil {
                        setups[d].memory!.warmupMegabytes = max(0, after - before)
                    }
                }
                warmedUp = true
                shared.state.withLock { $0.setups[worker] = setups }
                ready?.signal()
                // Warm-up is setup, not per-image overhead.
                wallStart &+= MonotonicClock.nanoseconds() &- warmupStart
            }
            let order = (0..<count).map { (position + $0) % count }
            var results: [String: DetectorImageResult] = [:]
            var timedMs = 0.0
            for d in order {
                shared.state.withLock { $0.current = ids[d] }
                let imported = c.factories[d].info.isImported
                let result: DetectorImageResult
                if let decodeFailure, !imported {
                    result = DetectorImageResult(detections: [], latencies: [], failure: decodeFailure)
                } else {
                    result = runDetector(detectors[d], imported: imported, input: input)
                }
                timedMs += result.latencies.reduce(0, +)
                results[ids[d]] = result
            }
            var record = ImageRecord(sample: sample, decodeMilliseconds: decodeMs, order: order.map { ids[$0] }, results: results)
            record.decodeWarning = decodeWarning
            try log.append(record)
            // The harness's own time on this image: its wall time so far (claiming it, decoding,
            // running, logging) minus decode and the timed calls. The logged copy cannot hold it.
            let wallMs = Double(MonotonicClock.nanoseconds() &- wallStart) / 1e6
            record.overheadMilliseconds = max(0, wallMs - (decodeMs ?? 0) - timedMs)
            let (done, current) = shared.state.withLock { state -> (Int, String) in
                state.records.append(record)
                return (state.records.count, state.current)
            }
            runner.progress.update(done: alreadyDone + done, total: total, alreadyDone: alreadyDone, current: current)
        }
        if !warmedUp {
            shared.state.withLock { $0.setups[worker] = setups }
            ready?.signal()
        }
    }

    func runDetector(_ detector: any FaceDetector, imported: Bool, input: DetectorInput) -> DetectorImageResult {
        let repetitions = imported ? 1 : max(1, runner.configuration.settings.repetitions)
        var latencies: [Double] = []
        var reported: [Double] = []
        var stage: [Double] = []
        var cpu: [Double] = []
        var kept: [Detection] = []
        for repetition in 0..<repetitions {
            let start = MonotonicClock.nanoseconds()
            let found: [Detection]
            do {
                found = try detector.checkedDetect(input)
            } catch {
                return DetectorImageResult(detections: [], latencies: [], failure: "\(error)")
            }
            let elapsed = Double(MonotonicClock.nanoseconds() &- start) / 1e6
            if !imported { latencies.append(elapsed) }
            if let own = detector.lastReportedMilliseconds { reported.append(own) }
            if !imported, let part = detector.lastStageMilliseconds { stage.append(part) }
            if !imported, let used = detector.lastCPUMilliseconds { cpu.append(used) }
            if repetition == 0 { kept = found }
        }
        return DetectorImageResult(
            detections: kept, latencies: latencies, reportedMilliseconds: reported, landmarkMilliseconds: stage, cpuMilliseconds: cpu)
    }
}
