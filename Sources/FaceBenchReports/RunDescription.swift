/// Who made each set of results: the run's label, what its detectors were (id and full
/// spec), the commit, the machine and the date. The page header of the HTML report and the
/// top of the Markdown document list these, in print as on screen, so two runs side by
/// side can be told apart without hovering.
public struct RunDescription: Sendable, Equatable {
    public var label: String?
    /// `id` alone when the spec says no more, else `id = spec`.
    public var detectors: [String]
    public var commit: String?
    public var machine: String?
    public var date: String?
    public var build: String?

    /// One per run, in the order given; a run holding several datasets is listed once
    /// (detectors gathered from all of them). Runs without environment show what they have.
    public static func list(_ comparisons: [DatasetComparison]) -> [RunDescription] {
        var order: [String] = []
        var byKey: [String: RunDescription] = [:]
        for entry in comparisons.flatMap(\.entries) {
            let key = entry.label ?? ""
            var summary = byKey[key] ?? RunDescription(label: entry.label, detectors: [])
            if byKey[key] == nil { order.append(key) }
            for detector in entry.results.detectors {
                let text = detector.id == detector.info.spec ? detector.id : "\(detector.id) = \(detector.info.spec)"
                if !summary.detectors.contains(text) { summary.detectors.append(text) }
            }
            if let environment = entry.results.environment, summary.commit == nil {
                summary.commit = String(environment.commit.prefix(12))
                summary.machine = "\(environment.cpuModel), \(environment.cores) cores, \(environment.operatingSystem)"
                summary.date = environment.date
                summary.build = environment.buildConfiguration
            }
            byKey[key] = summary
        }
        return order.compactMap { byKey[$0] }
    }

    /// Markdown inline: "`main`: commit 90c48f6d8f55, release build, AMD EPYC, 2 cores, Debian 12, 2026-11-30T02:17:58Z; detectors `haar`, `lbp = lbp:cascade=improved`".
    public var markdown: String {
        var parts: [String] = []
        if let commit { parts.append("commit \(commit)") }
        if let build { parts.append("\(build) build") }
        if let machine { parts.append(machine) }
        if let date { parts.append(date) }
        var line = (label.map { "`\($0)`: " } ?? "") + parts.joined(separator: ", ")
        if !detectors.isEmpty { line += (parts.isEmpty ? "" : "; ") + "detectors " + detectors.map { "`\($0)`" }.joined(separator: ", ") }
        return line
    }
}
