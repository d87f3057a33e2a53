import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchHarness

extension EvaluationSession {
    /// The dataset's heading, each file's warnings, and a table per protocol with a row per file.
    public var markdown: String {
        var out = "## \(MarkdownText.escape(dataset.name)): \(dataset.samples.count) images, \(dataset.faceCount) faces\n\n"
        for run in runs where !run.warnings.isEmpty {
            out += run.warnings.map { "- **Warning** (\(MarkdownText.escape(run.label))): \(MarkdownText.escape($0))\n" }.joined()
        }
        if runs.contains(where: { !$0.warnings.isEmpty }) { out += "\n" }
        for evaluator in protocols {
            let rows = runs.compactMap { run in run.results.first { $0.name == evaluator.name }.map { (detector: run.label, result: $0) } }
            out += "### \(evaluator.name)\n\n" + ProtocolMarkdown.document(rows).markdown + "\n"
        }
        return out
    }
}
