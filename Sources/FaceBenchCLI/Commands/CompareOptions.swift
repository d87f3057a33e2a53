import FaceBenchModel
import FaceBenchReports

/// `compare`'s options, read and checked in one place.
struct CompareOptions {
    enum SpeedMode: String, CaseIterable, Sendable { case relative, absolute, report }

    static let baseline = Option.value("baseline", "FILE|DIR", help: "What CURRENT is compared against.", default: "Results/baseline.json")
    static let tolerance = Option.list(
        "tolerance", "NAME=X", commaSeparated: true,
        help: "How far a metric may move the wrong way, in its own unit, beyond the noise: " + GateMetric.all.map(\.helpText).joined(separator: "; ") + ".",
        words: GateMetric.names.map { $0 + "=" })
    static let gateMetrics = Option.list(
        "gate-metrics", "NAME", commaSeparated: true,
        help: "The metrics that gate, among \(GateMetric.names.joined(separator: ", ")); the others are reported as information.",
        shown: GateMetric.all.filter(\.gatesByDefault).map(\.name).joined(separator: ","), words: GateMetric.names)
    static let exitImproved = Option.flag(
        "exit-improved", help: "Exit with status 4, not 0, when something improved and nothing regressed (for a CI step that asks to refresh the baseline).")
    static let speed = Option.choice(
        "speed", default: SpeedMode.relative, help: "relative (to --reference in the same run), absolute, or report (shown, not judged).")
    static let reference = Option.value(
        "reference", "ID", help: "Detector whose time on each image speed is measured against, or 'decode'.", default: BenchmarkSnapshot.defaultReference)
    static let allowMissing = Option.flag("allow-missing", help: "A baseline detector or dataset missing from CURRENT is a note, not a regression.")
    static let markdown = Option.value("markdown", "FILE", help: "Also write the printed report to FILE (e.g. $GITHUB_STEP_SUMMARY).")
    static let all = Option.flag("all", help: "Show every row of the side-by-side table, unchanged ones too.")
    static let specs = [
        baseline.spec, tolerance.spec, gateMetrics.spec, exitImproved.spec, speed.spec, reference.spec, allowMissing.spec, markdown.spec, all.spec,
    ]

    var gate = RegressionGate()
    var current: String
    var baseline: String
    var markdownFile: String?
    var allRows: Bool
    /// `--tolerance` and `--gate-metrics`: over the baseline file's `gate` section.
    var gateFlags: GateSettings
    var exitOnImprovement: Bool

    init(_ arguments: ParsedArguments) throws {
        do {
            gateFlags = try GateSettings(flags: try arguments[Self.tolerance], gatedMetrics: try arguments[Self.gateMetrics])
        } catch let error as GateSettingsError {
            throw FaceBenchError.usage(error.message)
        }
        exitOnImprovement = try arguments[Self.exitImproved]
        gate.allowMissing = try arguments[Self.allowMissing]
        switch try arguments[Self.speed] {
        case .relative: gate.speed = .relative(reference: try arguments[Self.reference])
        case .absolute: gate.speed = .absolute
        case .report: gate.speed = .reportOnly
        }
        current = arguments.positionals[0]
        baseline = try arguments[Self.baseline]
        markdownFile = try arguments[Self.markdown]
        allRows = try arguments[Self.all]
    }
}
