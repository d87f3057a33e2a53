/// The text `facebench compare` prints: the regressions first (what failed the gate), then
/// improvements, new entries and notes, then the full side-by-side table. The same text is
/// valid Markdown, so it can be posted on a pull request as is.
public enum GateReport {
    public static func text(_ outcome: RegressionGate.Outcome, current: String, baseline: String) -> String {
        let regressions = outcome.regressions, improvements = outcome.improvements
        var out = "# facebench compare: "
        switch outcome.verdict {
        case .regressed: out += "\(regressions.count) regression\(regressions.count == 1 ? "" : "s")"
        case .improved: out += "no regressions, \(improvements.count) improvement\(improvements.count == 1 ? "" : "s")"
        case .unchanged: out += "no regressions"
        }
        out += "\n\nCurrent `\(current)` against baseline `\(baseline)`.\n\n"
        out += list("Regressions", regressions.map(\.message))
        out += list("Improvements", improvements.map(\.message))
        out += list("New (not judged)", outcome.newEntries.map(\.message))
        out += list("Notes", outcome.notes)
        var table = MarkdownTable(
            headers: ["Dataset", "Detector", "Metric", "Baseline", "Current", "Change", "Status"],
            alignments: [.left, .left, .left, .right, .right, .right, .left])
        for line in outcome.lines {
            table.add([line.dataset, line.detector, line.metric, line.baseline, line.current, line.change, line.status])
        }
        out += "## Side by side\n\n" + table.text
        return out
    }

    static func list(_ title: String, _ items: [String]) -> String {
        guard !items.isEmpty else { return "" }
        return "## \(title)\n\n" + items.map { "- " + $0 }.joined(separator: "\n") + "\n\n"
    }
}
