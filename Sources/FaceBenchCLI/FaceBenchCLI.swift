import FaceBenchModel
import FaceBenchHarness
import Foundation

/// A subcommand of `facebench`.
protocol FaceBenchCommand: Sendable {
    static var spec: CommandSpec { get }
    /// Runs with checked arguments; returns the exit status.
    static func run(_ arguments: ParsedArguments, toolbox: Toolbox) throws -> Int32
}

/// A command as the dispatcher holds it (concrete, so no existential metatypes).
struct RegisteredCommand: Sendable {
    let spec: CommandSpec
    let run: @Sendable (ParsedArguments, Toolbox) throws -> Int32

    init<Command: FaceBenchCommand>(_ type: Command.Type) {
        spec = Command.spec
        run = { try Command.run($0, toolbox: $1) }
    }
}

/// Exit statuses shared by all commands.
public enum ExitStatus {
    public static let success: Int32 = 0
    public static let failure: Int32 = 1
    /// `compare`: something regressed.
    public static let regression: Int32 = 2
    /// `run`: a detector failed on every image, or on more than `--max-failed`; `merge`:
    /// images of the dataset in no shard (without `--allow-partial`). Everything computed
    /// was written first.
    public static let incomplete: Int32 = 3
    /// `compare --exit-improved`: only improvements.
    public static let improvement: Int32 = 4
    /// Usage errors (sysexits.h EX_USAGE).
    public static let usage: Int32 = 64
    /// Stopped by Ctrl-C after writing what was done.
    public static let interrupted: Int32 = 130
}

public enum FaceBenchCLI {
    static let commands: [RegisteredCommand] = [
        RegisteredCommand(ListCommand.self), RegisteredCommand(RunCommand.self),
        RegisteredCommand(DetectCommand.self), RegisteredCommand(MergeCommand.self),
        RegisteredCommand(ReportCommand.self), RegisteredCommand(CompareCommand.self), RegisteredCommand(BaselineCommand.self),
        RegisteredCommand(ParityCommand.self), RegisteredCommand(ParityGridCommand.self),
        RegisteredCommand(EvalCommand.self), RegisteredCommand(BenchEvalCommand.self), RegisteredCommand(BenchBootstrapCommand.self), RegisteredCommand(BenchCoverageCommand.self),
        RegisteredCommand(FDDBSizesCommand.self), RegisteredCommand(InspectCommand.self), RegisteredCommand(ConvertCommand.self),
        RegisteredCommand(CompletionCommand.self),
    ]

    public static func main() -> Never {
        exit(run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs a command line (without the program name) and returns the exit status. Every
    /// error is one line, `facebench COMMAND: error: …`; usage errors exit 64, others 1.
    public static func run(_ arguments: [String]) -> Int32 {
        guard let name = arguments.first, name != "--help", name != "-h" else {
            StandardStreams.output(overview)
            return arguments.isEmpty ? ExitStatus.usage : ExitStatus.success
        }
        if name == "--version" {
            StandardStreams.output("facebench \(RunEnvironment.faceBenchVersion)\n")
            return ExitStatus.success
        }
        if name == "help" {
            guard let topic = arguments.dropFirst().first else {
                StandardStreams.output(overview)
                return ExitStatus.success
            }
            return run([topic, "--help"])
        }
        guard let command = commands.first(where: { $0.spec.name == name }) else {
            let names = commands.map(\.spec.name)
            let suggestion = NameSuggestion.closest(to: name, among: names).map { " Did you mean '\($0)'?" } ?? ""
            StandardStreams.error("facebench: error: unknown command '\(name)'.\(suggestion) Commands: \(names.joined(separator: ", "))\n")
            return ExitStatus.usage
        }
        do {
            let parsed = try command.spec.parse(Array(arguments.dropFirst()))
            if parsed.flag("help") {
                StandardStreams.output(command.spec.help)
                return ExitStatus.success
            }
            return try command.run(parsed, .standard())
        } catch {
            // Messages quote files and programs: shown without their control characters.
            StandardStreams.error("facebench \(name): error: \(TerminalText.sanitized("\(error)"))\n")
            switch error as? FaceBenchError {
            case .usage?, .invalidSpec?: return ExitStatus.usage
            default: return ExitStatus.failure
            }
        }
    }

    static var overview: String {
        var out = "FaceBench: compare face detectors on annotated datasets — accuracy, latency, throughput.\n\n"
        out += "USAGE: facebench <command> [options]\n\nCOMMANDS:\n"
        for command in commands { out += CommandSpec.row(command.spec.name, command.spec.abstract) }
        out += "\nRun 'facebench help <command>' (or 'facebench <command> --help') for a command's options.\n"
        return out
    }
}
