import Foundation
import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchIO

/// `facebench bench-eval`'s measurements: FaceBench's COCO evaluation (in this process) and
/// the reference tools' (each in its own Python process, `scripts/evaluation/reference_eval.py`)
/// timed on the same ground-truth and results files, loading included, best run kept.
public enum COCOEvaluationTiming {
    /// The reference tools `reference_eval.py` runs.
    public static let referenceTools = ["pycocotools", "faster-coco-eval", "hotcoco"]
    /// The stages every tool reports, in seconds.
    public static let stages = ["load_gt", "load_results", "evaluate", "total"]

    /// One tool's best run: seconds per stage, wall and CPU, and its twelve numbers.
    public struct Timing: Sendable {
        public var tool: String
        public var version: String
        public var wall: [String: Double]
        public var cpu: [String: Double]
        /// COCO's twelve numbers in `COCOSummary.keys` order.
        public var stats: [Double]
        public var runs: Int

        /// Largest absolute difference of the numbers from `other`'s (infinite when there are none).
        public func largestDifference(from other: Timing) -> Double {
            zip(stats, other.stats).map { abs($0 - $1) }.max() ?? .infinity
        }
    }

    /// Loads the ground truth and results and computes the twelve numbers as `facebench
    /// eval` does, `repeats` times; keeps the fastest run (by wall time). Reading the results
    /// is also split into its parts: the file's bytes (`results_file`), parsing
    /// (`results_parse`), grouping by image (`results_grouping`).
    /// FaceBench's best run, and how many detections the results file holds.
    public static func faceBench(gt: String, results: String, repeats: Int, catalog: DatasetCatalog) throws -> (timing: Timing, detections: Int) {
        precondition(repeats >= 1, "at least one run")
        var best: Timing?
        var detections = 0
        for _ in 0..<repeats {
            var marks = [(MonotonicClock.nanoseconds(), CPUClock.nanoseconds())]
            func mark() { marks.append((MonotonicClock.nanoseconds(), CPUClock.nanoseconds())) }
            let dataset = try catalog.resolve(gt)
            mark()
            let bytes = try FileIO.read(results)
            mark()
            let file = try COCOResultsFile(bytes: bytes, path: results)
            detections = file.count
            mark()
            let byID = try COCOResultsImporter().detections(in: file, for: dataset)
            let detections = dataset.samples.map { byID[$0.id] ?? [] }
            mark()
            let result = try COCOEvaluator().evaluate(dataset: dataset, samples: dataset.samples, detections: detections, options: EvaluationOptions())
            mark()
            func seconds(_ clock: ((UInt64, UInt64)) -> UInt64) -> [String: Double] {
                let values = marks.map(clock)
                let elapsed = { (a: Int, b: Int) in Double(values[b] &- values[a]) / 1e9 }
                return [
                    "load_gt": elapsed(0, 1), "load_results": elapsed(1, 4), "evaluate": elapsed(4, 5), "total": elapsed(0, 5),
                    "results_file": elapsed(1, 2), "results_parse": elapsed(2, 3), "results_grouping": elapsed(3, 4),
                ]
            }
            let run = Timing(
                tool: "FaceBench", version: RunEnvironment.faceBenchVersion, wall: seconds { $0.0 }, cpu: seconds { $0.1 },
                stats: result.summary.stats, runs: repeats)
            if best.map({ run.wall["total"]! < $0.wall["total"]! }) ?? true { best = run }
        }
        return (best!, detections)
    }

    /// A reference tool's best of `runs`: `python script --tool TOOL --gt GT --results RESULTS`
    /// prints {"version", "seconds": {stage: s}, "cpu_seconds": {…}, "stats": [12 numbers]}.
    public static func reference(_ tool: String, python: String, script: String, gt: String, results: String, runs: Int) throws -> Timing {
        precondition(runs >= 1, "at least one run")
        var best: Timing?
        for _ in 0..<runs {
            let output = try runProcess(python, [script, "--tool", tool, "--gt", gt, "--results", results])
            let json = try JSONReader.parse(Array(output.utf8), path: "\(tool) output")
            func stageTimes(_ key: String) -> [String: Double] {
                Dictionary(uniqueKeysWithValues: stages.map { ($0, json[key]?[$0]?.double ?? .nan) })
            }
            let run = Timing(
                tool: tool, version: json["version"]?.string ?? "?", wall: stageTimes("seconds"), cpu: stageTimes("cpu_seconds"),
                stats: json["stats"]?.array?.compactMap(\.double) ?? [], runs: runs)
            if best.map({ run.wall["total"]! < $0.wall["total"]! }) ?? true { best = run }
        }
        return best!
    }

    /// Runs a program (found on PATH) and returns its standard output; its standard error
    /// passes through.
    public static func runProcess(_ program: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        do { try process.run() } catch { throw FaceBenchError.processSpawn(executable: program, reason: "\(error)") }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw FaceBenchError.failed("\(program) \(arguments.first ?? "") failed with status \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
