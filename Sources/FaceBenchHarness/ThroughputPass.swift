import Foundation
import Synchronization
import FaceBenchModel

/// Throughput at each requested worker count: for one detector at a time, N workers with
/// their own instances take images from a shared queue until none are left; the wall time
/// from the moment all are loaded and warm to the last finish gives images/s.
///
/// Images are decoded once beforehand and kept in memory, so the figures are the detector's
/// (decode has its own row). Every worker count must reproduce the main pass's detections;
/// a difference is reported as a thread-consistency problem.
struct ThroughputPass {
    let runner: BenchmarkRunner
    let samples: [Sample]
    let records: [ImageRecord]

    /// The measurements and thread-consistency problems by detector id.
    func run() throws -> (measurements: [String: [ThroughputMeasurement]], problems: [String: [ThreadConsistencyProblem]]) {
        let c = runner.configuration
        let timed = c.factories.filter { !$0.info.isImported }
        guard !timed.isEmpty else { return ([:], [:]) }
        // Images the main pass could not decode are already recorded as failed; the
        // throughput pass times the others.
        var samples: [Sample] = [], images: [DetectorInput] = []
        for sample in self.samples {
            guard let path = sample.path else { throw FaceBenchError.imageFileMissing(image: sample.name) }
            guard let decoded = try? c.decoder.decode(path) else { continue }
            samples.append(sample)
            images.append(DetectorInput(decoded: decoded, name: sample.name, path: path))
        }
        guard !images.isEmpty else { return ([:], [:]) }
        let megapixels = images.reduce(0) { $0 + $1.image.megapixels }
        let expected = Dictionary(records.map { ($0.sampleID, $0) }, uniquingKeysWith: { a, _ in a })
        var measurements: [String: [ThroughputMeasurement]] = [:]
        var problems: [String: [ThreadConsistencyProblem]] = [:]
        for factory in timed {
            let id = factory.info.id
            var list: [ThroughputMeasurement] = []
            for threads in c.settings.throughputThreads {
                if runner.stop.isRequested { break }
                let (seconds, cpuSeconds, found) = try measure(factory: factory, threads: threads, images: images)
                list.append(ThroughputMeasurement(
                    threads: threads, images: images.count, seconds: seconds, megapixels: megapixels, cpuSeconds: cpuSeconds))
                let differing = samples.indices.filter { i in
                    guard let record = expected[samples[i].id]?.results[id], record.failure == nil else { return false }
                    return record.detections != found[i]
                }
                if let first = differing.first {
                    problems[id, default: []].append(
                        ThreadConsistencyProblem(detector: id, threads: threads, differingImages: differing.count, firstImage: samples[first].name))
                }
            }
            if let single = list.first(where: { $0.threads == 1 }) {
                for index in list.indices where single.imagesPerSecond > 0 {
                    list[index].scalingEfficiency = list[index].imagesPerSecond / (Double(list[index].threads) * single.imagesPerSecond)
                }
            }
            measurements[id] = list
        }
        return (measurements, problems)
    }

    final class Shared: Sendable {
        let next = Atomic<Int>(0)
        let results: Mutex<[Int: [Detection]]> = Mutex([:])
        let error: Mutex<Error?> = Mutex(nil)
    }

    /// Wall seconds, FaceBench's CPU seconds over the same span, and each image's detections.
    func measure(factory: any DetectorFactory, threads: Int, images: [DetectorInput]) throws -> (Double, Double, [[Detection]]) {
        let shared = Shared()
        let loaded = DispatchGroup()
        let start = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        let stop = runner.stop
        for _ in 0..<threads {
            loaded.enter()
            finished.enter()
            let thread = Thread {
                defer { finished.leave() }
                let detector: any FaceDetector
                do {
                    detector = try factory.makeDetector()
                    _ = try? detector.detect(images[0])
                } catch {
                    shared.error.withLock { $0 = $0 ?? error }
                    loaded.leave()
                    return
                }
                loaded.leave()
                start.wait()
                while !stop.isRequested {
                    let index = shared.next.wrappingAdd(1, ordering: .relaxed).oldValue
                    guard index < images.count else { break }
                    let found = (try? detector.checkedDetect(images[index])) ?? []
                    shared.results.withLock { $0[index] = found }
                }
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        loaded.wait()
        let begin = MonotonicClock.nanoseconds()
        let cpuBegin = Self.processCPUSeconds()
        for _ in 0..<threads { start.signal() }
        finished.wait()
        let seconds = Double(MonotonicClock.nanoseconds() &- begin) / 1e9
        let cpuSeconds = Self.processCPUSeconds() - cpuBegin
        if let error = shared.error.withLock({ $0 }) { throw error }
        let results = shared.results.withLock { $0 }
        return (seconds, cpuSeconds, images.indices.map { results[$0] ?? [] })
    }

    /// User and system time of every thread of this process so far.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
