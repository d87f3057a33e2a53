/// The detector kinds known to this build, and the parser from spec strings to factories.
public struct DetectorRegistry: Sendable {
    public private(set) var kinds: [DetectorKind] = []
    /// What `landmarks=` accepts on any parameter kind without points of its own.
    public private(set) var landmarkStages: [LandmarkStage] = []
    /// The process-wide pools of the backends' libraries, which `pinNativeThreads` sets.
    public private(set) var threadPools: [any NativeThreadPool] = []

    public init(_ kinds: [DetectorKind] = [], landmarkStages: [LandmarkStage] = [], threadPools: [any NativeThreadPool] = []) {
        for kind in kinds { register(kind) }
        self.landmarkStages = landmarkStages
        self.threadPools = threadPools
    }

    /// Pins every backend's native thread pool to `count` threads (`--native-threads`).
    public func pinNativeThreads(_ count: Int) {
        for pool in threadPools { pool.pin(threads: count) }
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
        var spec = try DetectorSpec(parsing: text)
        guard let kind = kind(spec.kind) else {
            let known = kinds.map(\.id)
            let hint = NameSuggestion.hint(for: spec.kind, among: known)
            throw FaceBenchError.invalidSpec(spec: text, reason: "unknown detector '\(spec.kind)'.\(hint) Known: \(known.joined(separator: ", "))")
        }
        // A parameter kind's arguments are split into pairs here, once, and read from them.
        var pairs: [(key: String, value: String)] = []
        if case .parameters = kind.arguments { pairs = try DetectorSpec.keyValuePairs(spec.arguments ?? "", spec: text) }
        guard let value = try Self.takeLandmarkStage(from: &spec, pairs: &pairs, kind: kind) else {
            return try build(spec, pairs: pairs, kind: kind, context: context)
        }
        // `true` is the spelling of hog's former built-in 68-point option.
        let stageID = value == "true" ? "dlib68" : value
        if value == "false" { return try build(spec, pairs: pairs, kind: kind, context: context) }
        guard let stage = landmarkStages.first(where: { $0.id == stageID }) else {
            let known = landmarkStages.map(\.id).joined(separator: ", ")
            throw FaceBenchError.invalidSpec(spec: text, reason: "landmarks='\(value)' is not a landmark stage; known: \(known.isEmpty ? "none in this build" : known)")
        }
        if let problem = stage.check() { throw FaceBenchError.invalidSpec(spec: text, reason: problem) }
        let label = spec.label
        spec.label = nil
        let base = try build(spec, pairs: pairs, kind: kind, context: context)
        if let own = base.info.landmarkScheme {
            throw FaceBenchError.invalidSpec(
                spec: text, reason: "\(kind.id) returns its own landmarks (\(own.id)); landmarks= adds a stage to detectors without")
        }
        let canonical: String
        if case .freeform = kind.arguments {
            canonical = kind.id + ":landmarks=\(stage.id):" + base.info.spec.dropFirst(kind.id.count + 1)
        } else {
            canonical = base.info.spec + (base.info.spec.contains(":") ? "," : ":") + "landmarks=\(stage.id)"
        }
        return StagedDetectorFactory(
            base: base, stage: stage, id: try Self.checkedID(label ?? Self.sanitizedID(base.info.id + "-landmarks=" + stage.id), spec: text),
            spec: canonical)
    }

    /// Removes `landmarks=VALUE` from the spec's arguments and returns VALUE. Parameter kinds
    /// take it as one of their `key=value` pairs; kinds whose arguments are free text (`exec`,
    /// `plugin`, `file`) take it first, ended by a colon (`file:landmarks=dlib68:faces.json`),
    /// since their own text (a command line, a path) has no room for a key.
    static func takeLandmarkStage(from spec: inout DetectorSpec, pairs: inout [(key: String, value: String)], kind: DetectorKind) throws -> String? {
        guard let arguments = spec.arguments else { return nil }
        switch kind.arguments {
        case .parameters:
            let requested = pairs.filter { $0.key == "landmarks" }.map(\.value)
            guard let value = requested.first else { return nil }
            guard requested.count == 1 else { throw FaceBenchError.invalidSpec(spec: spec.text, reason: "parameter 'landmarks' given twice") }
            pairs.removeAll { $0.key == "landmarks" }
            return value
        case .freeform:
            let key = "landmarks="
            guard arguments.hasPrefix(key) else { return nil }
            let afterKey = arguments.dropFirst(key.count)
            guard let colon = afterKey.firstIndex(of: ":") else {
                throw FaceBenchError.invalidSpec(
                    spec: spec.text, reason: "on \(kind.id), landmarks= comes before the \(kind.id) arguments and ends with ':', as in \(kind.id):landmarks=dlib68:…")
            }
            spec.arguments = String(afterKey[afterKey.index(after: colon)...])
            return String(afterKey[..<colon])
        }
    }

    private func build(
        _ spec: DetectorSpec, pairs: [(key: String, value: String)], kind: DetectorKind, context: DetectorContext
    ) throws -> any DetectorFactory {
        let text = spec.text
        let values: ParameterValues
        switch kind.arguments {
        case let .parameters(schema):
            values = try Self.check(pairs, of: spec, against: schema)
        case let .freeform(usage):
            guard let arguments = spec.arguments, !arguments.isEmpty else {
                throw FaceBenchError.invalidSpec(spec: text, reason: "expected \(usage)")
            }
            values = ParameterValues(entries: [], explicit: [])
        }
        let id = spec.label ?? Self.derivedID(kind: spec.kind, schema: kind.parameters, values: values)
        let factory = try kind.build(DetectorRequest(spec: spec, id: try Self.checkedID(id, spec: text), parameters: values, context: context))
        _ = try Self.checkedID(factory.info.id, spec: text)
        return factory
    }

    /// The longest detector id: ids name files (`<id>.coco.json`, `<id>.stderr.log`), and a
    /// file name has at most 255 bytes.
    public static let maximumIDLength = 100

    /// `id`, or an error saying why it cannot name the run's files (too long, a path part,
    /// a reserved name: `PathComponent`) and how to give another.
    public static func checkedID(_ id: String, spec: String) throws -> String {
        let shownSpec = spec.count > 80 ? String(spec.prefix(77)) + "…" : spec
        guard id.utf8.count <= maximumIDLength else {
            throw FaceBenchError.invalidSpec(
                spec: shownSpec,
                reason: "its id '\(id.prefix(40))…' is \(id.utf8.count) characters; ids name the run's files, so at most "
                    + "\(maximumIDLength): give it a shorter label, as in NAME=SPEC")
        }
        if let problem = PathComponent.detectorIDProblem(id) {
            throw FaceBenchError.invalidSpec(
                spec: shownSpec, reason: "its id \(id.debugDescription) \(problem); ids name the run's files: give it another label, as in NAME=SPEC")
        }
        return id
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

    /// The spec's `key=value` pairs checked against the kind's parameters, defaults filled in.
    static func check(_ pairs: [(key: String, value: String)], of spec: DetectorSpec, against schema: [ParameterSpec]) throws -> ParameterValues {
        var given: [String: ParameterValue] = [:]
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
        let entries = try schema.map { parameter -> (name: String, value: ParameterValue?) in
            if let value = given[parameter.name] { return (parameter.name, value) }
            guard let fallback = parameter.defaultValue else { return (parameter.name, nil) }
            switch parameter.validate(fallback) {
            case let .success(value): return (parameter.name, value)
            case let .failure(error): throw FaceBenchError.invalidSpec(spec: spec.text, reason: "the default of \(spec.kind)'s \(error.message)")
            }
        }
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

    var warnings: [String] { base.warnings }

    func makeDetector() throws -> any FaceDetector { try base.makeDetector() }
}
