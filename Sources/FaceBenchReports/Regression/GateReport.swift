import FaceBenchModel
import FaceBenchEvaluation

/// The text `facebench compare` prints: a headline count, one verdict line per detector and
/// dataset (regressed / improved / same / new, with the metrics that moved most), the notes,
/// then the side-by-side table of the rows that changed (every row with `allRows`). The same
/// text is valid Markdown, so it can be posted on a pull request as is.
public enum GateReport {
    /// How many moved metrics a verdict line names before "and N more".
    static let namedMetrics = 3

    public static func text(_ outcome: RegressionGate.Outcome, current: String, baseline: String, allRows: Bool = false) -> String {
        let entries = outcome.entries
        let counts = RegressionGate.Entry.Verdict.allCases.compactMap { verdict -> String? in
            let count = entries.filter { $0.verdict == verdict }.count
            return count == 0 ? nil : "\(count) \(verdict.rawValue)"
        }
        var out = "# facebench compare: " + (counts.isEmpty ? "nothing compared" : counts.joined(separator: ", ")) + "\n\n"
        out += "Current \(MarkdownText.code(current)) against baseline \(MarkdownText.code(baseline)).\n\n"
        out += entries.map { "- " + MarkdownText.escape(verdictLine($0)) }.joined(separator: "\n") + (entries.isEmpty ? "" : "\n\n")
        if outcome.verdict == .improved {
            out += "Improved beyond the tolerances: refresh the baseline (`facebench baseline update RUN`) so that the gate holds the gain.\n\n"
        }
        out += list("Notes", outcome.notes)
        let shown = allRows ? outcome.lines : outcome.lines.filter(\.notable)
        let hidden = outcome.lines.count - shown.count
        out += "## Side by side" + (hidden > 0 ? " (\(hidden) unchanged rows hidden; --all shows them)" : "") + "\n\n"
        guard !shown.isEmpty else { return out + "No metric moved.\n" }
        var table = MarkdownTable(
            headers: ["Dataset", "Detector", "Metric", "Baseline", "Current", "Change", "Status"],
            alignments: [.left, .left, .left, .right, .right, .right, .left])
        for line in shown {
            table.add([line.dataset, line.detector, line.metric, line.baseline, line.current, line.change, line.status])
        }
        return out + table.text
    }

    /// `**REGRESSED** mit-cmu / haar: ap50 0.8322 → 0.7012 (-0.1310), recall …, and 12 more`,
    /// then what moved among the metrics that do not gate (`; not gated: precision …`).
    public static func verdictLine(_ entry: RegressionGate.Entry) -> String {
        let word: String
        switch entry.verdict {
        case .regressed: word = "**REGRESSED**"
        case .improved: word = "**improved**"
        case .same: word = "same"
        case .new: word = "new (not judged)"
        }
        let subject = entry.dataset + (entry.detector.map { " / " + $0 } ?? "")
        let judged = entry.findings.filter { finding in
            entry.verdict == .regressed ? finding.kind == .regression : finding.kind == .improvement
        }
        let information = entry.findings.filter { $0.kind == .information }
        var line = "\(word) \(subject)"
        if !judged.isEmpty { line += ": " + named(judged) }
        if !information.isEmpty { line += "; not gated: " + named(information) }
        return line
    }

    /// The first `namedMetrics` findings described, and how many more.
    static func named(_ findings: [RegressionGate.Finding]) -> String {
        var moved = findings.prefix(namedMetrics).map(describe)
        if findings.count > namedMetrics { moved.append("and \(findings.count - namedMetrics) more") }
        return moved.joined(separator: ", ")
    }

    /// A metric's move (`ap50 0.8322 → 0.7012 (-0.1310)`), or the finding's own words for
    /// what has no values (a missing detector).
    static func describe(_ finding: RegressionGate.Finding) -> String {
        guard let before = finding.before, let after = finding.after, let metric = finding.metric else {
            return finding.message.split(separator: ":", maxSplits: 1).last.map { String($0).trimmingSpaces } ?? finding.message
        }
        let change = metric.hasPrefix("per-image time") || metric == "p50 ms"
            ? "×" + RegressionGate.number(after / before) : RegressionGate.change(from: before, to: after)
        return "\(metric) \(RegressionGate.number(before, against: after)) → \(RegressionGate.number(after, against: before)) (\(change))"
    }

    static func list(_ title: String, _ items: [String]) -> String {
        guard !items.isEmpty else { return "" }
        return "## \(title)\n\n" + items.map { "- " + MarkdownText.escape($0) }.joined(separator: "\n") + "\n\n"
    }
}
