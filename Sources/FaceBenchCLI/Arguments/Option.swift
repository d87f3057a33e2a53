import FaceBenchModel

/// A command-line option declared once, in the spirit of swift-argument-parser: its name,
/// value words, help, default and check give both the `OptionSpec` that parsing, `--help`,
/// completion and config files read, and the typed value a command reads with
/// `arguments[option]`, with one wording of each error.
///
///     static let warmup = Option.integer("warmup", atLeast: 0, atMost: 1_000_000, default: 2,
///                                        help: "Untimed calls per detector and worker before measuring.")
///     settings.warmup = try arguments[Self.warmup]   // 2 when absent; a usage error naming --warmup when bad
///
/// A default given as a value is what an absent option reads as and, unless `shown` words it
/// differently, what `--help` prints; an optional value reads as nil when absent, `shown`
/// saying what that means.
struct Option<Value: Sendable>: Sendable {
    let spec: OptionSpec
    fileprivate let read: @Sendable (ParsedArguments) throws -> Value

    init(_ spec: OptionSpec, read: @escaping @Sendable (ParsedArguments) throws -> Value) {
        self.spec = spec
        self.read = read
    }

    var name: String { spec.name }

    /// The same option, its value checked or converted further by `transform`, which throws
    /// `arguments.invalid(name, …)` for a value the kind alone does not refuse.
    func map<Mapped>(_ transform: @escaping @Sendable (Value, ParsedArguments) throws -> Mapped) -> Option<Mapped> {
        let read = self.read
        return Option<Mapped>(spec) { arguments in try transform(try read(arguments), arguments) }
    }
}

extension ParsedArguments {
    subscript<Value>(option: Option<Value>) -> Value {
        get throws { try option.read(self) }
    }
}

extension Option where Value == Bool {
    static func flag(_ name: String, help: String) -> Self {
        Self(OptionSpec(name, .flag, help: help)) { $0.flag(name) }
    }
}

extension Option where Value == String? {
    static func value(_ name: String, _ valueName: String, help: String, shown: String? = nil, words: [String] = []) -> Self {
        Self(OptionSpec(name, .value(valueName), help: help, default: shown, words: words)) { $0.string(name) }
    }
}

extension Option where Value == String {
    static func value(_ name: String, _ valueName: String, help: String, default value: String) -> Self {
        Self(OptionSpec(name, .value(valueName), help: help, default: value)) { $0.string(name) ?? value }
    }
}

extension Option where Value == [String] {
    /// Every value given, in order (repeating the option, or separated by commas when
    /// `commaSeparated`).
    static func list(
        _ name: String, _ valueName: String, commaSeparated: Bool = false, help: String, shown: String? = nil, words: [String] = []
    ) -> Self {
        Self(OptionSpec(name, .repeated(valueName, commaSeparated: commaSeparated), help: help, default: shown, words: words)) { $0.strings(name) }
    }
}

extension Option where Value == Int {
    static func integer(
        _ name: String, _ valueName: String = "N", atLeast minimum: Int, atMost maximum: Int? = nil, default value: Int, shown: String? = nil,
        help: String
    ) -> Self {
        Self(OptionSpec(name, .value(valueName), help: help, default: shown ?? String(value))) {
            try $0.int(name, atLeast: minimum, atMost: maximum) ?? value
        }
    }
}

extension Option where Value == Int? {
    static func integer(
        _ name: String, _ valueName: String = "N", atLeast minimum: Int, atMost maximum: Int? = nil, help: String, shown: String? = nil
    ) -> Self {
        Self(OptionSpec(name, .value(valueName), help: help, default: shown)) { try $0.int(name, atLeast: minimum, atMost: maximum) }
    }
}

extension Option where Value == [Int] {
    static func integers(
        _ name: String, _ valueName: String, atLeast minimum: Int, atMost maximum: Int? = nil, help: String, shown: String? = nil
    ) -> Self {
        Self(OptionSpec(name, .repeated(valueName, commaSeparated: true), help: help, default: shown)) {
            try $0.ints(name, atLeast: minimum, atMost: maximum)
        }
    }
}

extension Option where Value == Double {
    static func number(
        _ name: String, _ valueName: String, in range: ClosedRange<Double>, default value: Double, shown: String? = nil, help: String
    ) -> Self {
        Self(OptionSpec(name, .value(valueName), help: help, default: shown ?? Formatting.shortest(value))) {
            try $0.double(name, in: range) ?? value
        }
    }
}

extension Option where Value == Double? {
    static func number(_ name: String, _ valueName: String, in range: ClosedRange<Double>, help: String, shown: String? = nil) -> Self {
        Self(OptionSpec(name, .value(valueName), help: help, default: shown)) { try $0.double(name, in: range) }
    }
}

extension Option where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// One of `Value`'s cases by raw value, listed as the value's words (`matlab|python`).
    static func choice(_ name: String, default value: Value, help: String) -> Self {
        let valueName = Value.allCases.map(\.rawValue).joined(separator: "|")
        return Self(OptionSpec(name, .value(valueName), help: help, default: value.rawValue)) { try $0.choice(name, default: value) }
    }
}

extension Option where Value == OutputFormat {
    /// `--format`: one of `accepted` (the last given), or `fallback`.
    static func format(_ accepted: [OutputFormat], default fallback: OutputFormat, help: String = "Output format.") -> Self {
        Self(OutputFormat.spec(accepted, default: fallback, help: help, isList: false)) { arguments in
            try arguments.string("format").map { try OutputFormat.checked($0, among: accepted, arguments) } ?? fallback
        }
    }
}

extension Option where Value == [OutputFormat] {
    /// `--format` taking several formats, comma-separated or repeated; `fallback` alone when
    /// none is given.
    static func formats(_ accepted: [OutputFormat], default fallback: OutputFormat, help: String) -> Self {
        Self(OutputFormat.spec(accepted, default: fallback, help: help, isList: true)) { arguments in
            let texts = arguments.strings("format")
            return texts.isEmpty ? [fallback] : try texts.map { try OutputFormat.checked($0, among: accepted, arguments) }
        }
    }
}

extension Option {
    /// The option made mandatory: absent, it is the usage error "--name is required".
    func required<Wrapped>() -> Option<Wrapped> where Value == Wrapped? {
        let name = self.name
        return map { value, _ in
            guard let value else { throw FaceBenchError.usage("--\(name) is required") }
            return value
        }
    }
}
