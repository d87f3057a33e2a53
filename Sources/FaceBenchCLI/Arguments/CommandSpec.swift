import FaceBenchModel

/// A command's interface, declared once: its name, what it does, its options and
/// positional arguments. Parsing, `--help` and usage errors all come from this.
struct CommandSpec: Sendable {
    var name: String
    var abstract: String
    var discussion: String = ""
    var options: [OptionSpec] = []
    var arguments: [ArgumentSpec] = []
    var examples: [String] = []
}

struct OptionSpec: Sendable {
    enum Kind: Sendable, Equatable {
        case flag
        /// One value; given twice is an error.
        case value(String)
        /// Any number of values, by repeating the option or separating with commas when
        /// `commaSeparated`.
        case repeated(String, commaSeparated: Bool)
    }

    var name: String
    var kind: Kind
    var help: String
    var defaultText: String?
    /// The words a value is made of, offered by shell completion (for a comma-separated list,
    /// after each comma; a word ending in '=' takes a value after it).
    var words: [String]

    init(_ name: String, _ kind: Kind, help: String, default defaultText: String? = nil, words: [String] = []) {
        self.name = name
        self.kind = kind
        self.help = help
        self.defaultText = defaultText
        self.words = words
    }

    var flagText: String {
        switch kind {
        case .flag: return "--\(name)"
        case let .value(valueName): return "--\(name) \(valueName)"
        case let .repeated(valueName, _): return "--\(name) \(valueName)"
        }
    }
}

struct ArgumentSpec: Sendable {
    var name: String
    var help: String
    var optional = false
    var repeated = false
}

/// What the parser found. Accessors convert and check values, throwing usage errors that
/// name the option.
struct ParsedArguments: Sendable {
    /// The most timed repeats (`--repeat`) and threads or jobs (`--jobs`) an option takes: a
    /// value from a script's typo (10¹²) would otherwise run for ever or exhaust memory.
    static let maximumRepeats = 1000
    static let maximumJobs = 256

    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []
    /// The config file an option's values came from (`--config`), for errors naming it.
    var origins: [String: String] = [:]

    func string(_ name: String) -> String? { values[name]?.last }

    /// A bad value: a usage error (exit 64), naming the config file the value came from.
    func invalid(_ name: String, _ message: String) -> FaceBenchError {
        guard let origin = origins[name] else { return .usage(message) }
        return .usage(FaceBenchError.malformed(path: origin, location: "option \"\(name)\"", reason: message).description)
    }
    func strings(_ name: String) -> [String] { values[name] ?? [] }
    func flag(_ name: String) -> Bool { flags.contains(name) }

    func int(_ name: String, atLeast minimum: Int? = nil, atMost maximum: Int? = nil) throws -> Int? {
        guard let text = string(name) else { return nil }
        guard let value = Int(text), minimum.map({ value >= $0 }) ?? true, maximum.map({ value <= $0 }) ?? true else {
            throw invalid(name, "--\(name) expects an integer\(Self.range(minimum, maximum)), got '\(text)'")
        }
        return value
    }

    func ints(_ name: String, atLeast minimum: Int, atMost maximum: Int? = nil) throws -> [Int] {
        try strings(name).map { text in
            guard let value = Int(text), value >= minimum, maximum.map({ value <= $0 }) ?? true else {
                throw invalid(name, "--\(name) expects integers\(Self.range(minimum, maximum)), got '\(text)'")
            }
            return value
        }
    }

    /// " >= 1" or " in 1…256".
    static func range(_ minimum: Int?, _ maximum: Int?) -> String {
        switch (minimum, maximum) {
        case let (low?, high?): " in \(low)…\(high)"
        case let (low?, nil): " >= \(low)"
        case let (nil, high?): " <= \(high)"
        case (nil, nil): ""
        }
    }

    /// One of a fixed set of names; the error lists them and suggests the nearest.
    func choice<Choice: RawRepresentable & CaseIterable>(_ name: String, default fallback: Choice) throws -> Choice where Choice.RawValue == String {
        guard let text = string(name) else { return fallback }
        guard let value = Choice(rawValue: text) else {
            let names = Choice.allCases.map(\.rawValue)
            throw invalid(name, "--\(name) expects \(names.joined(separator: ", ")), got '\(text)'.\(NameSuggestion.hint(for: text, among: names))")
        }
        return value
    }

    func double(_ name: String, in range: ClosedRange<Double>) throws -> Double? {
        guard let text = string(name) else { return nil }
        guard let value = Double(text), range.contains(value) else {
            throw invalid(name, "--\(name) expects a number in \(range.lowerBound)…\(range.upperBound), got '\(text)'")
        }
        return value
    }
}

extension CommandSpec {
    static let helpOption = OptionSpec("help", .flag, help: "Show this help.")

    func parse(_ arguments: [String]) throws -> ParsedArguments {
        var parsed = try parseWords(arguments)
        if parsed.flag("help") { return parsed }
        if let path = parsed.string(ConfigFile.option.name) {
            let fromFile: ParsedArguments
            // Whatever is wrong with the file — missing, not JSON, an unknown option, a bad
            // value — is wrong with how the command was called: a usage error naming the file.
            do {
                fromFile = try parseWords(ConfigFile.arguments(path, spec: self))
            } catch let FaceBenchError.usage(message) {
                throw FaceBenchError.usage(FaceBenchError.malformed(path: path, location: nil, reason: message).description)
            } catch {
                throw FaceBenchError.usage("\(error)")
            }
            for (key, values) in fromFile.values where parsed.values[key] == nil {
                parsed.values[key] = values
                parsed.origins[key] = path
            }
            parsed.flags.formUnion(fromFile.flags)
        }
        let minimum = self.arguments.filter { !$0.optional }.count
        let unbounded = self.arguments.contains { $0.repeated }
        if parsed.positionals.count < minimum {
            let missing = self.arguments.filter { !$0.optional }[parsed.positionals.count].name
            throw FaceBenchError.usage("missing \(missing) (see --help)")
        }
        if !unbounded, parsed.positionals.count > self.arguments.count {
            throw FaceBenchError.usage("unexpected argument '\(parsed.positionals[self.arguments.count])' (see --help)")
        }
        return parsed
    }

    /// The options and positionals of `arguments`, each checked against its declaration.
    func parseWords(_ arguments: [String]) throws -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            if argument == "-h" || argument == "--help" {
                parsed.flags.insert("help")
                continue
            }
            guard argument.hasPrefix("--") else {
                throw FaceBenchError.usage("unknown option '\(argument)' (options are spelled --name; see --help)")
            }
            var key = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = key.firstIndex(of: "=") {
                inlineValue = String(key[key.index(after: equals)...])
                key = String(key[..<equals])
            }
            guard let option = options.first(where: { $0.name == key }) else {
                let hint = NameSuggestion.closest(to: key, among: options.map(\.name), within: 3).map { "; did you mean --\($0)?" } ?? ""
                throw FaceBenchError.usage("unknown option '--\(key)'\(hint) (see --help)")
            }
            switch option.kind {
            case .flag:
                guard inlineValue == nil else { throw FaceBenchError.usage("--\(key) takes no value") }
                parsed.flags.insert(key)
            case .value, .repeated:
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else { throw FaceBenchError.usage("--\(key) needs a value") }
                    value = arguments[index]
                    index += 1
                }
                if case .value = option.kind, parsed.values[key] != nil {
                    throw FaceBenchError.usage("--\(key) given more than once")
                }
                if case .repeated(_, true) = option.kind {
                    parsed.values[key, default: []] += value.split(separator: ",").map(String.init)
                } else {
                    parsed.values[key, default: []].append(value)
                }
            }
        }
        return parsed
    }

    var usageLine: String {
        var parts = ["facebench", name]
        parts += arguments.map { argument in
            let text = argument.name + (argument.repeated ? "…" : "")
            return argument.optional ? "[\(text)]" : text
        }
        if !options.isEmpty { parts.append("[options]") }
        return parts.joined(separator: " ")
    }

    var help: String {
        var out = "\(abstract)\n\nUSAGE: \(usageLine)\n"
        if !discussion.isEmpty { out += "\n" + discussion + "\n" }
        if !arguments.isEmpty {
            out += "\nARGUMENTS:\n"
            for argument in arguments { out += Self.row(argument.name, argument.help) }
        }
        out += "\nOPTIONS:\n"
        for option in options + [Self.helpOption] {
            var text = option.help
            if let defaultText = option.defaultText { text += " (default: \(defaultText))" }
            if case .repeated = option.kind { text += " Repeatable." }
            out += Self.row(option.flagText, text)
        }
        if !examples.isEmpty {
            out += "\nEXAMPLES:\n" + examples.map { "  " + $0 }.joined(separator: "\n") + "\n"
        }
        return out
    }

    static func row(_ left: String, _ right: String) -> String {
        let width = 28
        let wrapped = wrap(right, width: 100 - width - 2)
        if left.count + 2 < width {
            let first = "  " + left + String(repeating: " ", count: width - left.count - 2) + (wrapped.first ?? "")
            return ([first] + wrapped.dropFirst().map { String(repeating: " ", count: width) + $0 }).joined(separator: "\n") + "\n"
        }
        return "  \(left)\n" + wrapped.map { String(repeating: " ", count: width) + $0 }.joined(separator: "\n") + "\n"
    }

    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty, current.count + 1 + word.count > width {
                lines.append(current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
