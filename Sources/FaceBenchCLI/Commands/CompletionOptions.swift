import FaceBenchModel

/// `completion`'s options, read and checked in one place.
struct CompletionOptions {
    enum Shell: String, CaseIterable { case bash, zsh }

    var shell: Shell

    init(_ arguments: ParsedArguments) throws {
        guard let shell = Shell(rawValue: arguments.positionals[0]) else {
            throw FaceBenchError.usage("SHELL is bash or zsh, got '\(arguments.positionals[0])'")
        }
        self.shell = shell
    }
}
