import FaceBenchCore

enum MergeCommand: FaceBenchCommand {
    static let spec = CommandSpec(name: "merge", abstract: "placeholder")
    static func run(_ arguments: ParsedArguments, toolbox: Toolbox) throws -> Int32 { 0 }
}
