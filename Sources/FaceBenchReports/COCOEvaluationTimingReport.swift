import Foundation
import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchHarness

/// `facebench bench-eval`'s output: the tools' best runs side by side with their ratios to
/// FaceBench, as Markdown or JSON. The first timing is FaceBench's.
public struct COCOEvaluationTimingReport {
    public var timings: [COCOEvaluationTiming.Timing]
    public var workload: String
    public var seed: Int
    public var resultsBytes: Int
    public var detections: Int
    public var environment: RunEnvironment

    public init(timings: [COCOEvaluationTiming.Timing], workload: String, seed: Int, resultsBytes: Int, detections: Int, environment: RunEnvironment) {
        precondition(!timings.isEmpty, "FaceBench's timing comes first")
        self.timings = timings
        self.workload = workload
        self.seed = seed
        self.resultsBytes = resultsBytes
        self.detections = detections
        self.environment = environment
    }

    /// Each reference tool's largest difference from FaceBench's numbers.
    public var differences: [Double] { timings.dropFirst().map { $0.largestDifference(from: timings[0]) } }

    /// Every tool gave FaceBench's numbers to 1e-9.
    public var agree: Bool { differences.allSatisfy { $0 <= 1e-9 } }

    public func json() throws -> JSONValue {
        let ours = timings[0], differences = differences
        return .object([
            "workload": .object([
                "folder": JSONValue(workload), "seed": JSONValue(seed), "results_bytes": JSONValue(resultsBytes),
                "detections": JSONValue(detections),
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
        ])
    }

    public var markdown: String {
        let ours = timings[0], differences = differences
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
        out += "\(workload): 3,226 images, \(detections) detections, results file \(Formatting.fixed(Double(resultsBytes) / 1_000_000, 1)) MB.\n\n"
        out += table.text + "\n"
        out += "- Best of \(ours.runs) run(s) per tool (pycocotools: 1); loading included. CPU = all threads of the process.\n"
        func ms(_ times: [String: Double], _ key: String) -> String { Formatting.fixed((times[key] ?? .nan) * 1000, 1) }
        out += "- FaceBench reads the results in \(ms(ours.wall, "load_results")) ms (file \(ms(ours.wall, "results_file")), parsing \(ms(ours.wall, "results_parse")), grouping by image \(ms(ours.wall, "results_grouping"))) and evaluates in \(ms(ours.wall, "evaluate")) ms; CPU \(ms(ours.cpu, "load_results")) and \(ms(ours.cpu, "evaluate")) ms.\n"
        out += "- Machine: \(environment.cpuModel), \(environment.cores) cores, \(environment.buildConfiguration) build; FaceBench \(environment.faceBenchVersion) (\(environment.commit.prefix(12))).\n"
        return out
    }
}
