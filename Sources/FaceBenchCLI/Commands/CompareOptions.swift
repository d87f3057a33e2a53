import FaceBenchReports

/// `compare`'s options, read and checked in one place.
struct CompareOptions {
    enum SpeedMode: String, CaseIterable { case relative, absolute, report }

    var gate = RegressionGate()
    var current: String
    var baseline: String
    var markdownFile: String?
    var allRows: Bool

    init(_ arguments: ParsedArguments) throws {
        gate.maxAccuracyDrop = try arguments.double("max-ap-drop", in: 0...1) ?? 0
        gate.maxSlowdown = try arguments.double("max-slowdown", in: 1...100) ?? 1.15
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
