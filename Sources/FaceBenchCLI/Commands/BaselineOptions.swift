import FaceBenchModel

/// `baseline`'s options, read and checked in one place.
struct BaselineOptions {
    static let out = Option.value("out", "FILE", help: "Baseline file to write.", default: "Results/baseline.json")

    /// Results to summarise: results.json files or run folders.
    var runs: [String]
    var out: String

    init(_ arguments: ParsedArguments) throws {
        guard arguments.positionals[0] == "update" else {
            throw FaceBenchError.usage("unknown action '\(arguments.positionals[0])'; the action is 'update'")
        }
        runs = arguments.positionals.count > 1 ? Array(arguments.positionals.dropFirst()) : ["Results/runs/latest"]
        out = try arguments[Self.out]
    }
}
