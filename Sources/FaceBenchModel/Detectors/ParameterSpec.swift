/// One parameter a detector kind accepts: its name, what values it takes, its default, and
/// a line of help. The registry validates spec values against it and `facebench list`
/// prints it.
public struct ParameterSpec: Sendable {
    public enum Kind: Sendable {
        /// A real number, optionally bounded (`greaterThan` is exclusive, the others inclusive).
        case number(greaterThan: Double? = nil, atLeast: Double? = nil, atMost: Double? = nil)
        case integer(atLeast: Int? = nil, atMost: Int? = nil)
        /// One of a fixed list of names; with `orPath`, also a path to a file of that kind.
        case choice([String], orPathWithSuffix: String? = nil)
        case text
        /// An InputSize: `original`, `vga` or `WxH`.
        case inputSize
    }

    public var name: String
    public var kind: Kind
    /// The value used when the spec omits the key; nil means "unset" (e.g. no maximum size).
    public var defaultValue: String?
    public var help: String

    public init(_ name: String, _ kind: Kind, default defaultValue: String?, help: String) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.help = help
    }

    /// What values are accepted, in words, for help and error messages.
    public var accepted: String {
        switch kind {
        case let .number(greaterThan, atLeast, atMost):
            var parts: [String] = []
            if let greaterThan { parts.append("> \(format(greaterThan))") }
            if let atLeast { parts.append(">= \(format(atLeast))") }
            if let atMost { parts.append("<= \(format(atMost))") }
            return parts.isEmpty ? "a number" : "a number " + parts.joined(separator: " and ")
        case let .integer(atLeast, atMost):
            var parts: [String] = []
            if let atLeast { parts.append(">= \(atLeast)") }
            if let atMost { parts.append("<= \(atMost)") }
            return parts.isEmpty ? "an integer" : "an integer " + parts.joined(separator: " and ")
        case let .choice(names, suffix):
            let list = names.joined(separator: ", ")
            if let suffix { return "one of \(list), or a path to a \(suffix) file" }
            return "one of \(list)"
        case .text:
            return "text"
        case .inputSize:
            return "original, vga, or WxH with sides from \(InputSize.sideRange.lowerBound) to \(InputSize.sideRange.upperBound) (e.g. 640x480)"
        }
    }

    /// `raw` parsed as this parameter's kind, or a reason it is not accepted.
    public func validate(_ raw: String) -> Result<ParameterValue, ValueError> {
        let fail = Result<ParameterValue, ValueError>.failure(ValueError(message: "\(name)=\(raw) is not accepted: expected \(accepted)"))
        switch kind {
        case let .number(greaterThan, atLeast, atMost):
            guard let value = Double(raw), value.isFinite else { return fail }
            if let greaterThan, !(value > greaterThan) { return fail }
            if let atLeast, value < atLeast { return fail }
            if let atMost, value > atMost { return fail }
            return .success(.number(value))
        case let .integer(atLeast, atMost):
            guard let value = Int(raw) else { return fail }
            if let atLeast, value < atLeast { return fail }
            if let atMost, value > atMost { return fail }
            return .success(.integer(value))
        case let .choice(names, suffix):
            if names.contains(raw) { return .success(.name(raw)) }
            if let suffix, raw.hasSuffix(suffix) { return .success(.name(raw)) }
            return fail
        case .text:
            return .success(.text(raw))
        case .inputSize:
            return InputSize(raw).map { .success(.inputSize($0)) } ?? fail
        }
    }

    public struct ValueError: Error, Sendable {
        public var message: String
    }

    private func format(_ value: Double) -> String { ParameterValue.number(value).description }
}

/// A parameter's value parsed once, against its spec, into the type backends read.
public enum ParameterValue: Sendable, Equatable, CustomStringConvertible {
    case number(Double)
    case integer(Int)
    /// A `.choice`: one of its names, or a path.
    case name(String)
    case text(String)
    case inputSize(InputSize)

    var numberValue: Double? {
        switch self {
        case let .number(value): value
        case let .integer(value): Double(value)
        default: nil
        }
    }
    var integerValue: Int? { if case let .integer(value) = self { value } else { nil } }
    var nameValue: String? { if case let .name(text) = self { text } else { nil } }
    var textValue: String? { if case let .text(text) = self { text } else { nil } }
    var inputSizeValue: InputSize? { if case let .inputSize(size) = self { size } else { nil } }

    /// The canonical text: what ids, `facebench list` and results.json show.
    public var description: String {
        switch self {
        case let .number(value): value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        case let .integer(value): String(value)
        case let .name(text), let .text(text): text
        case let .inputSize(size): size.description
        }
    }
}

/// Validated parameter values of one detector, every declared parameter present (defaults
/// filled in), in declaration order.
public struct ParameterValues: Sendable, Equatable {
    public private(set) var entries: [(name: String, value: ParameterValue?)]
    /// Names the spec set explicitly, in the order given.
    public private(set) var explicit: [String]

    public init(entries: [(name: String, value: ParameterValue?)], explicit: [String]) {
        self.entries = entries
        self.explicit = explicit
    }

    public static func == (a: ParameterValues, b: ParameterValues) -> Bool {
        a.entries.elementsEqual(b.entries) { $0.name == $1.name && $0.value == $1.value } && a.explicit == b.explicit
    }

    public func value(_ name: String) -> ParameterValue? {
        entries.first { $0.name == name }?.value ?? nil
    }
    /// The canonical text of any parameter.
    public func string(_ name: String) -> String? { value(name)?.description }

    /// The parameters as `DetectorInfo` lists them (unset ones omitted).
    public var inEffect: [DetectorInfo.Parameter] {
        entries.compactMap { entry in entry.value.map { DetectorInfo.Parameter(name: entry.name, value: $0.description) } }
    }

    /// `key=value,…` of every parameter in effect.
    public var canonicalList: String {
        inEffect.map { "\($0.name)=\($0.value)" }.joined(separator: ",")
    }
}
