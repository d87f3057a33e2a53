import FaceBenchModel

/// What a command writes: every command's `--format` chooses among these, each accepting its
/// own few (`Option.format`).
enum OutputFormat: String, CaseIterable, Sendable {
    /// Aligned columns, bold and colour on a terminal.
    case text
    case markdown
    case csv
    case json
    case html

    var fileExtension: String { self == .markdown ? "md" : rawValue }
}

extension OutputFormat {
    /// `--format`'s spec: the formats a command accepts, its default and help.
    static func spec(_ accepted: [OutputFormat], default fallback: OutputFormat, help: String, isList: Bool) -> OptionSpec {
        let names = accepted.map(\.rawValue).joined(separator: "|")
        return OptionSpec("format", isList ? .repeated(names + "[,…]", commaSeparated: true) : .value(names), help: help, default: fallback.rawValue)
    }

    static func checked(_ text: String, among accepted: [OutputFormat], _ arguments: ParsedArguments) throws -> OutputFormat {
        guard let format = OutputFormat(rawValue: text), accepted.contains(format) else {
            let names = accepted.map(\.rawValue)
            let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names[0]
            throw arguments.invalid("format", "--format expects \(list), got '\(text)'.\(NameSuggestion.hint(for: text, among: names))")
        }
        return format
    }
}
