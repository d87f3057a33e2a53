import FaceBenchModel
import FaceBenchReports
import FaceBenchHarness

enum CompareCommand: FaceBenchCommand {
    static let spec = CommandSpec(
        name: "compare",
        abstract: "Gate on regressions: compare results with a baseline, detector by detector.",
        discussion: """
            CURRENT and --baseline are each a baseline file (facebench baseline update), a results.json, or a run \
            folder. Each detector is judged against its own baseline: matched by id within each dataset, else by \
            kind and parameters (a note names the change). Accuracy: with intervals over images (run --bootstrap), \
            the metrics that have one are judged; two runs on the same images are paired image by image (the \
            interval of current − baseline), a baseline file is judged against the intervals' resolution; a change \
            the data cannot tell from noise is "within noise", one beyond the metric's tolerance for sure is worse or \
            better. Which metrics gate and their tolerances, in their own units, come from --gate-metrics and \
            --tolerance, over the baseline file's "gate" section, over the defaults: AP, COCO AP, recall and mean NME \
            gate; precision and F1 are judged alike and reported as information. Speed: each detector's time on an \
            image divided by a reference's time on the same image in the same run (--reference, default the haar \
            detector when its spec is the same on both sides, else the image's decode time); the median of these \
            ratios is compared with the baseline's, so a slower or busier machine does not trip the gate. Slower \
            only when the ratio's 95% interval lies beyond the slowdown tolerance, faster only when beyond its \
            inverse (the rule report uses too); \
            --speed absolute compares the median latencies themselves. Speed is not judged for debug builds. A \
            detector or dataset missing from CURRENT is a regression unless --allow-missing; a new one is listed, \
            not judged. Prints one verdict line per detector and dataset (regressed, improved, same or new, naming \
            the three metrics that moved most), the notes, then the side-by-side table of the rows that changed \
            (--all: every row), as Markdown. Exit status: 0 nothing regressed (improvements too, with a reminder to \
            refresh the baseline), 2 something regressed, 4 only improvements with --exit-improved.
            """,
        options: CompareOptions.specs,
        arguments: [ArgumentSpec(name: "CURRENT", help: "Results to judge.")],
        examples: [
            "facebench compare Results/runs/latest --baseline Results/baseline.json",
            "facebench compare new/mit-cmu/results.json --baseline old/mit-cmu/results.json --tolerance ap=0.005,recall=0.01 --speed absolute",
            "facebench compare Results/runs/latest --gate-metrics ap,recall,precision --tolerance precision=0.05",
        ])

    static func run(_ arguments: ParsedArguments, toolbox: Toolbox) throws -> Int32 {
        let options = try CompareOptions(arguments)
        let (current, currentResults) = try BenchmarkSnapshot.loadEither(options.current)
        let (baseline, baselineResults) = try BenchmarkSnapshot.loadEither(options.baseline)
        var gate = options.gate
        gate.settings = (baseline.gate ?? GateSettings()).overridden(by: options.gateFlags)
        if let currentResults, let baselineResults {
            // Both sides are runs: their images can be paired, given the ground truth.
            var datasets: [String: Dataset] = [:]
            for results in currentResults where baselineResults.contains(where: { $0.dataset.name == results.dataset.name }) {
                datasets[results.dataset.name] = try? toolbox.dataset(of: results)
            }
            gate.pairedChanges = PairedRunChanges.intervals(current: currentResults, baseline: baselineResults, datasets: datasets)
        }
        let outcome = gate.compare(current: current, baseline: baseline)
        let text = GateReport.text(outcome, current: options.current, baseline: options.baseline, allRows: options.allRows)
        StandardStreams.output(text)
        if let file = options.markdownFile { try FileIO.writeAtomically(text, to: file) }
        switch outcome.verdict {
        case .regressed: return ExitStatus.regression
        case .improved: return options.exitOnImprovement ? ExitStatus.improvement : ExitStatus.success
        case .unchanged: return ExitStatus.success
        }
    }
}
