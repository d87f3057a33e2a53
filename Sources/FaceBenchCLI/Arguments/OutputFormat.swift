import FaceBenchModel

/// What a command writes: every command's `--format` chooses among these, each accepting its
/// own few (`FormatOption`).
enum OutputFormat: String, CaseIterable, Sendable {
    /// Aligned columns, bold and colour on a terminal.
    case text
    case markdown
    case csv
    case json
    case html

    var fileExtension: String { self == .markdown ? "md" : rawValue }
}

/// A command's `--format`, declared once: the formats it accepts, its default and help give
/// the option's spec (`spec`) and its parsing, with one wording of the error.
struct FormatOption: Sendable {
    let accepted: [OutputFormat]
    let fallback: OutputFormat
    let help: String
    /// `report`: several formats, comma-separated or repeated.
    let isList: Bool

    init(_ accepted: [OutputFormat], default fallback: OutputFormat, help: String = "Output format.", isList: Bool = false) {
        self.accepted = accepted
        self.fallback = fallback
        self.help = help
        self.isList = isList
    }

    var spec: OptionSpec {
        let names = accepted.map(\.rawValue).joined(separator: "|")
        return OptionSpec("format", isList ? .repeated(names + "[,…]", commaSeparated: true) : .value(names), help: help, default: fallback.rawValue)
    }

    /// The one format asked for (the last `--format` given), or the default.
    func format(_ arguments: ParsedArguments) throws -> OutputFormat {
        guard let text = arguments.string("format") else { return fallback }
        return try checked(text, arguments)
    }

    /// Every format asked for, in order; the default alone when none is.
    func formats(_ arguments: ParsedArguments) throws -> [OutputFormat] {
        let texts = arguments.strings("format")
        return texts.isEmpty ? [fallback] : try texts.map { try checked($0, arguments) }
    }

    func checked(_ text: String, _ arguments: ParsedArguments) throws -> OutputFormat {
        guard let format = OutputFormat(rawValue: text), accepted.contains(format) else {
            let names = accepted.map(\.rawValue)
            let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names[0]
            throw arguments.invalid("format", "--format expects \(list), got '\(text)'.\(NameSuggestion.hint(for: text, among: names))")
        }
        return format
    }
}
