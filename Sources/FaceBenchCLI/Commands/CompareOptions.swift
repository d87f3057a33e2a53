import FaceBenchModel
import FaceBenchReports

/// `compare`'s options, read and checked in one place.
struct CompareOptions {
    enum SpeedMode: String, CaseIterable { case relative, absolute, report }

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
            gateFlags = try GateSettings(flags: arguments.strings("tolerance"), gatedMetrics: arguments.strings("gate-metrics"))
        } catch let error as GateSettingsError {
            throw FaceBenchError.usage(error.message)
        }
        exitOnImprovement = arguments.flag("exit-improved")
        gate.allowMissing = arguments.flag("allow-missing")
        let reference = arguments.string("reference") ?? BenchmarkSnapshot.defaultReference
        switch try arguments.choice("speed", default: SpeedMode.relative) {
        case .relative: gate.speed = .relative(reference: reference)
        case .absolute: gate.speed = .absolute
        case .report: gate.speed = .reportOnly
        }
        current = arguments.positionals[0]
        baseline = arguments.string("baseline") ?? "Results/baseline.json"
        markdownFile = arguments.string("markdown")
        allRows = arguments.flag("all")
    }
}
