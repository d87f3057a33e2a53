import FaceBenchModel
import FaceBenchHarness
import FaceBenchReports
import Foundation

enum MergeCommand: FaceBenchCommand {
    static let spec = CommandSpec(
        name: "merge",
        abstract: "Combine the outputs of shards (`run --shard K/N`) into one result.",
        discussion: """
            Each DIR is a run folder (holding <dataset>/results.json), a dataset folder (holding results.json) or \
            a results.json file. Results of the same dataset are merged: accuracy is recomputed from the pooled \
            detections (equal to a single-machine run), latency pools every sample, and every machine's \
            environment is recorded. Shards must not overlap and must share detectors and settings; the WIDER \
            flavour (`run --wider-flavor`) their results name is the merged result's, and shards of different \
            flavours are refused. When images of a dataset are in no shard, everything is still written and merge \
            exits with status 3, unless --allow-partial.
            """,
        options: MergeOptions.specs,
        arguments: [ArgumentSpec(name: "DIR", help: "Shard outputs to merge.", repeated: true)],
        examples: ["facebench merge shards/1 shards/2 shards/3 shards/4 --out merged"])

    static func run(_ arguments: ParsedArguments, toolbox: Toolbox) throws -> Int32 {
        let options = try MergeOptions(arguments)
        let toolbox = toolbox.limitingImages(to: options.maximumMegapixels)
        let sources = try options.shards.flatMap(RunFolder.resultsFiles).map { LabelledResults(label: nil, path: $0, results: try RunResults.read($0)) }
        let folder = try options.out.map(RunFolder.init) ?? RunFolder.timestamped(prefix: "merged-")
        var writer = RunFolderWriter(folder: folder, evaluators: toolbox.evaluators, decoder: toolbox.decoder, encoder: toolbox.encoder)
        var partial: [String] = []
        for group in DatasetComparison.group(sources) {
            let parts = group.entries.map(\.results)
            let name = group.dataset
            let dataset = try options.dataset.map { try toolbox.catalog.resolve($0) } ?? toolbox.dataset(of: parts[0])
            let merged = try RunResults.merged(parts, dataset: dataset, evaluators: toolbox.evaluators)
            if merged.dataset.images < merged.dataset.totalImages {
                partial.append("\(name): \(merged.dataset.images) of \(merged.dataset.totalImages) images present (a shard missing?)")
            }
            try writer.write(merged, dataset: dataset)
        }
        try writer.writeReports()
        // What `run` prints: the headline tables, the findings, where the report is.
        let comparisons = writer.written.map(RunFolderWriter.comparison)
        let summary = RunSummary(comparisons: comparisons, findings: RunFindings.collect(comparisons, from: toolbox.findingSources), folder: folder.root)
        StandardStreams.output(summary.text(styled: StandardStreams.outputIsStyledTerminal, width: StandardStreams.outputColumns))
        guard !partial.isEmpty else { return ExitStatus.success }
        let severity = options.allowPartial ? "warning" : "error"
        for line in partial { StandardStreams.error("facebench merge: \(severity): \(line)\n") }
        if options.allowPartial { return ExitStatus.success }
        StandardStreams.error("facebench merge: the merged result is partial; pass --allow-partial to accept it\n")
        return ExitStatus.incomplete
    }
}
