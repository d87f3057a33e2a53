import FaceBenchCore

enum ListCommand: FaceBenchCommand {
    static let spec = CommandSpec(
        name: "list",
        abstract: "List the detectors this build can run, with their parameters, and the datasets found.",
        discussion: "Detector specs are KIND[:key=value,…]; prefix LABEL= to name one (e.g. fast=haar:scale=1.3).",
        examples: ["facebench list"])

    static func run(_ arguments: ParsedArguments, toolbox: Toolbox) throws -> Int32 {
        var out = "DETECTORS\n"
        for kind in toolbox.registry.kinds {
            out += "\n  \(kind.id) — \(kind.summary)\n"
            switch kind.availability() {
            case .available(nil): break
            case let .available(detail?): out += "      available: \(detail)\n"
            case let .unavailable(reason): out += "      NOT AVAILABLE: \(reason)\n"
            }
            switch kind.arguments {
            case let .parameters(parameters):
                for parameter in parameters {
                    let value = parameter.defaultValue.map { "default \($0)" } ?? "unset by default"
                    out += "      \(parameter.name): \(parameter.help); \(parameter.accepted); \(value)\n"
                }
            case let .freeform(usage):
                out += "      \(kind.id):\(usage)\n"
            }
        }
        out += "\nDefault comparison: \(Toolbox.defaultDetectors.joined(separator: ", "))\n"
        out += "\nDATASETS (search path: \(toolbox.catalog.searchPath.joined(separator: ":")))\n\n"
        for definition in toolbox.catalog.definitions {
            let root = toolbox.catalog.root(of: definition)
            let status = root.map { "found at \($0)" } ?? "not found"
            let kind = definition.hasImages ? "" : " [ground truth only: eval]"
            out += "  \(definition.name) — \(definition.summary)\(kind)\n      \(status)\n"
        }
        out += "\nAny folder or file in a known format also works with --dataset PATH (\(toolbox.catalog.formats.map(\.name).joined(separator: ", "))).\n"
        StandardStreams.output(out)
        return ExitStatus.success
    }
}
