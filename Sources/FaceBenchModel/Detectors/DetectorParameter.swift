/// A detector parameter declared once, with the Swift type its backend reads: the
/// `ParameterSpec` the registry validates a spec's values against and `facebench list` prints,
/// and the typed value taken from the detector's validated `ParameterValues`.
///
///     static let score = DetectorParameter.number("score", atLeast: 0, atMost: 1, default: 0.6, help: "…")
///     arguments: .parameters([score.spec, …])
///     let threshold = request.parameters[score]   // a Double: the spec's value or 0.6
///
/// The default is written once, as a value of the parameter's type; its text (what ids and
/// `facebench list` show) is that value's canonical spelling.
public struct DetectorParameter<Value: Sendable>: Sendable {
    public let spec: ParameterSpec
    let typed: @Sendable (ParameterValue?) -> Value?

    init(_ spec: ParameterSpec, typed: @escaping @Sendable (ParameterValue?) -> Value?) {
        self.spec = spec
        self.typed = typed
    }
}

extension DetectorParameter where Value == Double {
    public static func number(
        _ name: String, greaterThan: Double? = nil, atLeast: Double? = nil, atMost: Double? = nil, default value: Double, help: String
    ) -> Self {
        let kind = ParameterSpec.Kind.number(greaterThan: greaterThan, atLeast: atLeast, atMost: atMost)
        return Self(ParameterSpec(name, kind, default: ParameterValue.number(value).description, help: help)) { $0?.numberValue }
    }
}

extension DetectorParameter where Value == Double? {
    /// A number a spec may leave unset, for a backend whose default depends on another
    /// parameter (BlazeFace's score on its range).
    public static func number(
        _ name: String, greaterThan: Double? = nil, atLeast: Double? = nil, atMost: Double? = nil, unsetMeans help: String
    ) -> Self {
        let kind = ParameterSpec.Kind.number(greaterThan: greaterThan, atLeast: atLeast, atMost: atMost)
        return Self(ParameterSpec(name, kind, default: nil, help: help)) { .some($0?.numberValue) }
    }
}

extension DetectorParameter where Value == Int {
    public static func integer(_ name: String, atLeast: Int? = nil, atMost: Int? = nil, default value: Int, help: String) -> Self {
        Self(ParameterSpec(name, .integer(atLeast: atLeast, atMost: atMost), default: String(value), help: help)) { $0?.integerValue }
    }
}

extension DetectorParameter where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// One of `Value`'s cases, by raw value.
    public static func choice(_ name: String, default value: Value, help: String) -> Self {
        let kind = ParameterSpec.Kind.choice(Value.allCases.map(\.rawValue))
        return Self(ParameterSpec(name, kind, default: value.rawValue, help: help)) { $0?.nameValue.flatMap(Value.init(rawValue:)) }
    }
}

extension DetectorParameter where Value == String {
    /// One of `names`, or a path ending in `pathSuffix` (a model or cascade file of one's own).
    public static func nameOrPath(_ name: String, names: [String], pathSuffix: String, default value: String, help: String) -> Self {
        Self(ParameterSpec(name, .choice(names, orPathWithSuffix: pathSuffix), default: value, help: help)) { $0?.nameValue }
    }

    public static func text(_ name: String, default value: String, help: String) -> Self {
        Self(ParameterSpec(name, .text, default: value, help: help)) { $0?.textValue }
    }
}

extension DetectorParameter where Value == InputSize {
    /// `size`, which every CNN kind declares, with the kind's reference default.
    public static func inputSize(default value: InputSize, reference: String) -> Self {
        let help = "the scale images run at: original, vga (longer side 640) or WxH (fit inside); \(reference) uses \(value)"
        return Self(ParameterSpec("size", .inputSize, default: value.description, help: help)) { $0?.inputSizeValue }
    }
}

extension ParameterValues {
    /// The value of a parameter the detector's kind declares. Validation filled in every
    /// declared parameter (its default when the spec left it out) with a value of its kind,
    /// so nothing read from a spec reaches the failure: only a kind reading a parameter it
    /// did not declare does.
    public subscript<Value>(parameter: DetectorParameter<Value>) -> Value {
        guard let typed = parameter.typed(value(parameter.spec.name)) else {
            preconditionFailure("detector parameter '\(parameter.spec.name)' is read but its kind does not declare it")
        }
        return typed
    }
}
