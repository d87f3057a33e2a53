import FaceBenchModel
import FaceBenchHarness
import FaceBenchReports
import Foundation

enum BaselineCommand: FaceBenchCommand {
    static let spec = CommandSpec(
        name: "baseline",
        abstract: "Write the baseline `compare` gates against, from a run.",
        discussion: """
            `facebench baseline update [RUN…]` summarises runs (results.json files or run folders, default \
            Results/runs/latest) into a small baseline file: per dataset and detector, the spec, the accuracy \
            metrics, the latency summary and the median per-image time relative to each other detector and to \
            decoding in the same run — not the per-image records. Commit it; CI runs `facebench compare` against it. \
            The "gate" section of the file it replaces (which metrics gate, their tolerances) is kept.
            """,
        options: [BaselineOptions.out.spec],
        arguments: [
            ArgumentSpec(name: "update", help: "The action (the only one)."),
            ArgumentSpec(name: "RUN", help: "Results to take the baseline from.", optional: true, repeated: true),
        ],
        examples: ["facebench run --dataset dlib-faces --dataset mit-cmu && facebench baseline update"])

    static func run(_ arguments: ParsedArguments, toolbox: Toolbox) throws -> Int32 {
        let options = try BaselineOptions(arguments)
        let results = try options.runs.flatMap { try RunFolder.resultsFiles(at: $0) }.map(RunResults.read)
        for result in results {
            if result.interrupted {
                throw FaceBenchError.failed("\(result.dataset.name): the run was interrupted; finish it (facebench run --resume) before taking a baseline")
            }
            if let environment = result.environment, !environment.isReleaseBuild {
                StandardStreams.error("facebench baseline: WARNING: \(result.dataset.name) comes from a debug build; compare will not judge speed against it\n")
            }
        }
        let names = results.map(\.dataset.name)
        if let duplicate = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
            throw FaceBenchError.usage("dataset \(duplicate) appears in more than one of the runs given; give each dataset once")
        }
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        var snapshot = BenchmarkSnapshot(results: results, created: formatter.string(from: Date()))
        let out = options.out
        // The team's gate section of the baseline being replaced is kept (a broken one is
        // named, not dropped).
        if FileIO.exists(out), !FileIO.isDirectory(out) { snapshot.gate = try BenchmarkSnapshot.load(out).gate }
        try snapshot.write(to: out)
        let detectors = Set(snapshot.datasets.flatMap { $0.detectors.map(\.id) }).sorted()
        StandardStreams.error("facebench baseline: wrote \(out): \(names.joined(separator: ", ")) × \(detectors.joined(separator: ", "))\n")
        return ExitStatus.success
    }
}
