import FaceBenchReports
import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchIO
import FaceBenchHarness
import Foundation
import FaceBenchReports

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
        options: BenchEvalOptions.specs,
        examples: [
            "swift build -c release && .build/release/facebench bench-eval",
            ".build/release/facebench bench-eval --tools hotcoco,faster-coco-eval --repeat 10",
        ])

    static func run(_ arguments: ParsedArguments, toolbox: Toolbox) throws -> Int32 {
        let options = try BenchEvalOptions(arguments)
        let python = options.python, workload = options.workload, repeats = options.repeats
        guard let checkout = toolbox.checkout ?? (FileIO.exists("scripts/evaluation/reference_eval.py") ? FileManager.default.currentDirectoryPath : nil) else {
            throw FaceBenchError.failed("cannot find the FaceBench checkout (scripts/evaluation); run from it")
        }
        let scripts = checkout + "/scripts/evaluation"
        let gtPath = workload + "/gt.coco.json", resultsPath = workload + "/results.coco.json"
        if !FileIO.exists(gtPath) || !FileIO.exists(resultsPath) {
            guard let wider = toolbox.catalog.searchPath.map({ $0 + "/wider-val-gt/wider_face_val_bbx_gt.txt" }).first(where: FileIO.exists) else {
                throw FaceBenchError.datasetNotFound(name: "wider-val-gt", searched: toolbox.catalog.searchPath)
            }
            StandardStreams.error("facebench bench-eval: making the workload in \(workload)\n")
            _ = try COCOEvaluationTiming.runProcess(
                python, [scripts + "/make_bench_workload.py", "--wider-gt", wider, "--out", workload, "--seed", String(options.seed)])
        }
        let environment = toolbox.environment()
        if !environment.isReleaseBuild {
            StandardStreams.error("facebench bench-eval: WARNING: debug build; FaceBench's times are not representative (swift build -c release)\n")
        }

        let (ours, detectionCount) = try COCOEvaluationTiming.faceBench(gt: gtPath, results: resultsPath, repeats: repeats, catalog: toolbox.catalog)
        var timings = [ours]
        for tool in options.tools {
            let runs = tool == "pycocotools" ? 1 : repeats
            StandardStreams.error("facebench bench-eval: \(tool), \(runs) run(s)…\n")
            timings.append(try COCOEvaluationTiming.reference(
                tool, python: python, script: scripts + "/reference_eval.py", gt: gtPath, results: resultsPath, runs: runs))
        }

        let fileSize = (try? FileManager.default.attributesOfItem(atPath: resultsPath)[.size] as? Int) ?? 0
        let report = COCOEvaluationTimingReport(
            timings: timings, workload: workload, seed: options.seed, resultsBytes: fileSize, detections: detectionCount, environment: environment)
        if options.format == .json {
            StandardStreams.output(JSONWriter().string(try report.json()) + "\n")
        } else {
            StandardStreams.output(report.markdown)
        }
        if !report.agree {
            StandardStreams.error("facebench bench-eval: the tools disagree by more than 1e-9\n")
            return ExitStatus.failure
        }
        return ExitStatus.success
    }
}
