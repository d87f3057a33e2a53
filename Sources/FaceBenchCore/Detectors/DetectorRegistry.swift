/// The detector kinds known to this build, and the parser from spec strings to factories.
public struct DetectorRegistry: Sendable {
    public private(set) var kinds: [DetectorKind] = []

    public init(_ kinds: [DetectorKind] = []) {
        for kind in kinds { register(kind) }
    }

    public mutating func register(_ kind: DetectorKind) {
        precondition(!kinds.contains { $0.id == kind.id }, "detector kind \(kind.id) registered twice")
        kinds.append(kind)
    }

    public func kind(_ id: String) -> DetectorKind? {
        kinds.first { $0.id == id }
    }

    /// Parses and checks a spec and builds its factory. Errors name the spec and list what
    /// is accepted: the known kinds, the known keys, the allowed values.
    public func factory(for text: String, context: DetectorContext = DetectorContext()) throws -> any DetectorFactory {
        let spec = try DetectorSpec(parsing: text)
        guard let kind = kind(spec.kind) else {
            let known = kinds.map(\.id)
            let hint = NameSuggestion.hint(for: spec.kind, among: known)
            throw FaceBenchError.invalidSpec(spec: text, reason: "unknown detector '\(spec.kind)'.\(hint) Known: \(known.joined(separator: ", "))")
        }
        let values: ParameterValues
        switch kind.arguments {
        case let .parameters(schema):
            values = try Self.check(spec: spec, against: schema)
        case let .freeform(usage):
            guard let arguments = spec.arguments, !arguments.isEmpty else {
                throw FaceBenchError.invalidSpec(spec: text, reason: "expected \(usage)")
            }
            values = ParameterValues(entries: [], explicit: [])
        }
        let id = spec.label ?? Self.derivedID(kind: spec.kind, schema: kind.parameters, values: values)
        return try kind.build(DetectorRequest(spec: spec, id: id, parameters: values, context: context))
    }

    /// Builds factories for several specs, making their ids unique within the run (a second
    /// `haar` becomes `haar-2`).
    public func factories(for texts: [String], context: DetectorContext = DetectorContext()) throws -> [any DetectorFactory] {
        var seen: [String: Int] = [:]
        return try texts.map { text in
            let factory = try factory(for: text, context: context)
            let id = factory.info.id
            seen[id, default: 0] += 1
            guard let count = seen[id], count > 1 else { return factory }
            return RelabelledFactory(base: factory, id: "\(id)-\(count)")
        }
    }

    static func check(spec: DetectorSpec, against schema: [ParameterSpec]) throws -> ParameterValues {
        let pairs = try DetectorSpec.keyValuePairs(spec.arguments ?? "", spec: spec.text)
        var given: [String: String] = [:]
        var explicit: [String] = []
        for (key, raw) in pairs {
            guard let parameter = schema.first(where: { $0.name == key }) else {
                let names = schema.map(\.name)
                let keys = schema.isEmpty ? " It takes no parameters." : NameSuggestion.hint(for: key, among: names) + " Accepted: " + names.joined(separator: ", ")
                throw FaceBenchError.invalidSpec(spec: spec.text, reason: "unknown parameter '\(key)' for \(spec.kind).\(keys)")
            }
            guard given[key] == nil else {
                throw FaceBenchError.invalidSpec(spec: spec.text, reason: "parameter '\(key)' given twice")
            }
            switch parameter.validate(raw) {
            case let .success(value): given[key] = value
            case let .failure(error): throw FaceBenchError.invalidSpec(spec: spec.text, reason: error.message)
            }
            explicit.append(key)
        }
        let entries = schema.map { (name: $0.name, value: given[$0.name] ?? $0.defaultValue) }
        return ParameterValues(entries: entries, explicit: explicit)
    }

    /// `haar` for defaults; `haar-cascade=alt2-neighbors=3` when the spec set parameters that
    /// differ from their defaults (in the order the spec gave them). Path values (of
    /// parameters that take a path) contribute their file name, so the id stays usable as a
    /// file name.
    static func derivedID(kind: String, schema: [ParameterSpec], values: ParameterValues) -> String {
        let changed = values.explicit.compactMap { name -> String? in
            guard let value = values.string(name), let parameter = schema.first(where: { $0.name == name }),
                  value != parameter.defaultValue else { return nil }
            var takesPath = false
            if case .choice(_, orPathWithSuffix: .some) = parameter.kind { takesPath = true }
            let shown = takesPath && value.contains("/") ? String(value.split(separator: "/").last ?? "") : value
            return "\(name)=\(shown)"
        }
        return sanitizedID(([kind] + changed).joined(separator: "-"))
    }

    /// Keeps letters, digits and `.=_-`, replacing anything else with `_`.
    public static func sanitizedID(_ text: String) -> String {
        String(text.unicodeScalars.map { scalar -> Character in
            let ok = (scalar.isASCII && scalar.properties.isAlphabetic) || ("0"..."9").contains(scalar)
                || ".=_-".unicodeScalars.contains(scalar)
            return ok ? Character(scalar) : "_"
        })
    }
}

/// A factory reporting a different id (two detectors of one spec in a run).
struct RelabelledFactory: DetectorFactory {
    let base: any DetectorFactory
    let id: String

    var info: DetectorInfo {
        var info = base.info
        info.id = id
        return info
    }

    func makeDetector() throws -> any FaceDetector { try base.makeDetector() }
}
