import FaceBenchReports
import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchIO
import FaceBenchHarness
import Foundation

enum BenchEvalCommand: FaceBenchCommand {
    static let spec = CommandSpec(
        name: "bench-eval",
        abstract: "Time FaceBench's COCO evaluation against pycocotools, faster-coco-eval and hotcoco on a WIDER-sized workload.",
        discussion: """
            The workload is made deterministically from ../shared/datasets/wider-val-gt (3,226 images, 39,708 faces) \
            by scripts/evaluation/make_bench_workload.py: gt.coco.json and results.coco.json with about 100 synthetic \
            detections per image (~30 MB), cached in --workload. Every tool reads the same two files and computes \
            COCO's twelve numbers; loading counts. FaceBench runs in this process, each reference in its own Python \
            process (scripts/evaluation/reference_eval.py). Each is timed --repeat times (pycocotools once: it takes \
            minutes) and the best run is reported, as wall time and as CPU time, which other load on the machine \
            distorts less. The numbers must agree to 1e-9, else the exit status is 1. Needs a release build for \
            meaningful times.
            """,
        options: [
            OptionSpec("workload", .value("DIR"), help: "Folder of the workload (made there if missing).", default: "Results/bench-eval/workload-seed<SEED>"),
            OptionSpec("seed", .value("N"), help: "Seed of the synthetic detections.", default: "1"),
            OptionSpec("repeat", .value("N"), help: "Timed runs per tool; the best counts.", default: "5"),
            OptionSpec("tools", .repeated("NAME[,NAME…]", commaSeparated: true), help: "Reference tools to run (none: FaceBench alone).", default: "pycocotools, faster-coco-eval, hotcoco"),
            OptionSpec("python", .value("PATH"), help: "Python with the reference tools installed.", default: "python3 on PATH"),
            OptionSpec("format", .value("markdown|json"), help: "Output format.", default: "markdown"),
        ],
        examples: [
            "swift build -c release && .build/release/facebench bench-eval",
            ".build/release/facebench bench-eval --tools hotcoco,faster-coco-eval --repeat 10",
        ])

    static let referenceTools = ["pycocotools", "faster-coco-eval", "hotcoco"]

    /// One tool's best run: seconds per stage, wall and CPU, and its twelve numbers.
    struct Timing {
        var tool: String
        var version: String
        var wall: [String: Double]
        var cpu: [String: Double]
        var stats: [Double]
        var runs: Int
    }

    static let stages = ["load_gt", "load_results", "evaluate", "total"]

    static func run(_ arguments: ParsedArguments, toolbox: Toolbox) throws -> Int32 {
        let seed = try arguments.int("seed", atLeast: 0) ?? 1
        let repeats = try arguments.int("repeat", atLeast: 1) ?? 5
        let tools = arguments.values["tools"] == nil ? referenceTools : arguments.strings("tools").filter { !$0.isEmpty }
        if let unknown = tools.first(where: { !referenceTools.contains($0) }) {
            throw FaceBenchError.usage("unknown tool '\(unknown)'; known: \(referenceTools.joined(separator: ", "))")
        }
        let format = arguments.string("format") ?? "markdown"
        guard format == "markdown" || format == "json" else { throw FaceBenchError.usage("--format expects markdown or json, got '\(format)'") }
        let python = arguments.string("python") ?? "python3"
        guard let checkout = toolbox.checkout ?? (FileIO.exists("scripts/evaluation/reference_eval.py") ? FileManager.default.currentDirectoryPath : nil) else {
            throw FaceBenchError.failed("cannot find the FaceBench checkout (scripts/evaluation); run from it")
        }
        let scripts = checkout + "/scripts/evaluation"
        let workload = URL(fileURLWithPath: arguments.string("workload") ?? "Results/bench-eval/workload-seed\(seed)").standardized.path
        let gtPath = workload + "/gt.coco.json", resultsPath = workload + "/results.coco.json"
        if !FileIO.exists(gtPath) || !FileIO.exists(resultsPath) {
            guard let wider = toolbox.catalog.searchPath.map({ $0 + "/wider-val-gt/wider_face_val_bbx_gt.txt" }).first(where: FileIO.exists) else {
                throw FaceBenchError.datasetNotFound(name: "wider-val-gt", searched: toolbox.catalog.searchPath)
            }
            StandardStreams.error("facebench bench-eval: making the workload in \(workload)\n")
            _ = try runProcess(python, [scripts + "/make_bench_workload.py", "--wider-gt", wider, "--out", workload, "--seed", String(seed)])
        }
        let environment = toolbox.environment()
        if !environment.isReleaseBuild {
            StandardStreams.error("facebench bench-eval: WARNING: debug build; FaceBench's times are not representative (swift build -c release)\n")
        }

        let (ours, detectionCount) = try faceBench(gt: gtPath, results: resultsPath, repeats: repeats, catalog: toolbox.catalog)
        var timings = [ours]
        for tool in tools {
            let runs = tool == "pycocotools" ? 1 : repeats
            StandardStreams.error("facebench bench-eval: \(tool), \(runs) run(s)…\n")
            timings.append(try reference(tool, python: python, script: scripts + "/reference_eval.py", gt: gtPath, results: resultsPath, runs: runs))
        }

        let differences = timings.dropFirst().map { timing in
            zip(timing.stats, ours.stats).map { abs($0 - $1) }.max() ?? .infinity
        }
        let agree = differences.allSatisfy { $0 <= 1e-9 }
        let fileSize = (try? FileManager.default.attributesOfItem(atPath: resultsPath)[.size] as? Int) ?? 0
        if format == "json" {
            let object: JSONObject = [
                "workload": .object([
                    "folder": JSONValue(workload), "seed": JSONValue(seed), "results_bytes": JSONValue(fileSize),
                    "detections": JSONValue(detectionCount),
                ]),
                "environment": try JSONValueCoding.encode(environment),
                "tools": .array(timings.enumerated().map { index, timing in
                    .object([
                        "tool": JSONValue(timing.tool), "version": JSONValue(timing.version), "runs": JSONValue(timing.runs),
                        "seconds": .object(JSONObject(timing.wall.keys.sorted().map { ($0, JSONValue(timing.wall[$0])) })),
                        "cpu_seconds": .object(JSONObject(timing.cpu.keys.sorted().map { ($0, JSONValue(timing.cpu[$0])) })),
                        "stats": JSONValue(timing.stats),
                        "max_abs_difference": index == 0 ? .null : JSONValue(differences[index - 1]),
                        "ratio_wall": JSONValue(timing.wall["total"]! / ours.wall["total"]!),
                        "ratio_cpu": JSONValue(timing.cpu["total"]! / ours.cpu["total"]!),
                    ])
                }),
                "agree": JSONValue(agree),
            ]
            StandardStreams.output(JSONWriter().string(.object(object)) + "\n")
        } else {
            StandardStreams.output(markdown(timings, differences: differences, workload: workload, bytes: fileSize, detections: detectionCount, environment: environment))
        }
        if !agree {
            StandardStreams.error("facebench bench-eval: the tools disagree by more than 1e-9\n")
            return ExitStatus.failure
        }
        return ExitStatus.success
    }

    /// Loads the ground truth and results and computes the twelve numbers as `facebench
    /// eval` does, `repeats` times; keeps the fastest run (by wall time). Reading the results
    /// is also split into its parts: the file's bytes, parsing, grouping by image.
    /// FaceBench's best run, and how many detections the results file holds.
    static func faceBench(gt: String, results: String, repeats: Int, catalog: DatasetCatalog) throws -> (timing: Timing, detections: Int) {
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

    static func reference(_ tool: String, python: String, script: String, gt: String, results: String, runs: Int) throws -> Timing {
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

    static func markdown(
        _ timings: [Timing], differences: [Double], workload: String, bytes: Int, detections: Int, environment: RunEnvironment
    ) -> String {
        let ours = timings[0]
        var table = MarkdownTable(headers: [
            "Tool", "Load GT s", "Load results s", "Evaluate s", "Total s", "Total CPU s", "× FaceBench (wall)", "× FaceBench (CPU)", "Max |Δ| vs FaceBench",
        ])
        for (index, timing) in timings.enumerated() {
            table.add([
                "\(timing.tool) \(timing.version)", Formatting.fixed(timing.wall["load_gt"], 3), Formatting.fixed(timing.wall["load_results"], 3),
                Formatting.fixed(timing.wall["evaluate"], 3), Formatting.fixed(timing.wall["total"], 3), Formatting.fixed(timing.cpu["total"], 3),
                Formatting.fixed(timing.wall["total"]! / ours.wall["total"]!, 1), Formatting.fixed(timing.cpu["total"]! / ours.cpu["total"]!, 1),
                index == 0 ? "–" : String(format: "%.1e", differences[index - 1]),
            ])
        }
        var out = "## COCO evaluation speed: WIDER-validation-sized workload\n\n"
        out += "\(workload): 3,226 images, \(detections) detections, results file \(Formatting.fixed(Double(bytes) / 1_000_000, 1)) MB.\n\n"
        out += table.text + "\n"
        out += "- Best of \(ours.runs) run(s) per tool (pycocotools: 1); loading included. CPU = all threads of the process.\n"
        func ms(_ times: [String: Double], _ key: String) -> String { Formatting.fixed((times[key] ?? .nan) * 1000, 1) }
        out += "- FaceBench reads the results in \(ms(ours.wall, "load_results")) ms (file \(ms(ours.wall, "results_file")), parsing \(ms(ours.wall, "results_parse")), grouping by image \(ms(ours.wall, "results_grouping"))) and evaluates in \(ms(ours.wall, "evaluate")) ms; CPU \(ms(ours.cpu, "load_results")) and \(ms(ours.cpu, "evaluate")) ms.\n"
        out += "- Machine: \(environment.cpuModel), \(environment.cores) cores, \(environment.buildConfiguration) build; FaceBench \(environment.faceBenchVersion) (\(environment.commit.prefix(12))).\n"
        return out
    }

    /// Runs a program and returns its standard output; its standard error passes through.
    static func runProcess(_ program: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        do { try process.run() } catch { throw FaceBenchError.failed("cannot run \(program): \(error)") }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw FaceBenchError.failed("\(program) \(arguments.first ?? "") failed with status \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
