import FaceBenchModel

enum ListCommand: FaceBenchCommand {
    static let spec = CommandSpec(
        name: "list",
        abstract: "List the detectors this build can run, with their parameters, and the datasets found.",
        discussion: """
            Detector specs are KIND[:key=value,…]; prefix LABEL= to name one (e.g. fast=haar:scale=1.3). --format \
            json prints {"detectors": [{"id", "summary", "backend", "available", "models"? or "reason"?, "parameters": \
            [{"name", "help", "accepted", "default"}] or "usage"}], "aliases": {"default": […], "all": […]}, "datasets": [{"name", "summary", \
            "images", "found"}], "search_path", "formats"}.
            """,
        options: [ListOptions.format.spec],
        examples: ["facebench list", "facebench list --format json"])

    static func run(_ arguments: ParsedArguments, toolbox: Toolbox) throws -> Int32 {
        if try ListOptions(arguments).format == .json {
            StandardStreams.output(JSONWriter().string(json(toolbox)) + "\n")
        } else {
            StandardStreams.output(text(toolbox))
        }
        return ExitStatus.success
    }

    static func text(_ toolbox: Toolbox) -> String {
        var out = "DETECTORS\n"
        for kind in toolbox.registry.kinds {
            out += "\n  \(kind.id) — \(kind.summary)\n"
            switch kind.availability() {
            case .available(nil): break
            case let .available(detail?): out += "      available: \(detail)\n"
            case let .unavailable(reason): out += "      NOT AVAILABLE: \(reason)\n"
            }
            switch kind.arguments {
            case let .parameters(parameters):
                for parameter in parameters {
                    let value = parameter.defaultValue.map { "if omitted: \($0)" } ?? "unset if omitted"
                    out += "      \(parameter.name): \(parameter.help); \(parameter.accepted); \(value)\n"
                }
            case let .freeform(usage):
                out += "      \(kind.id):\(usage)\n"
            }
        }
        out += "\nLANDMARK STAGES (landmarks=ID on any detector without points of its own: haar:landmarks=dlib68; on exec:, plugin: and "
            + "file: first, ended by a colon: exec:landmarks=dlib68:COMMAND, plugin:landmarks=dlib68:LIBRARY, file:landmarks=dlib68:PATH)\n\n"
        for stage in toolbox.registry.landmarkStages {
            out += "  \(stage.id) — \(stage.summary) (\(stage.scheme.id), \(stage.scheme.pointNames.count) points)\n"
            if let problem = stage.check() { out += "      NOT AVAILABLE: \(problem)\n" }
        }
        let aliases = toolbox.detectorAliases
        out += "\n--detector default: \(aliases["default", default: []].joined(separator: ", "))\n"
        out += "--detector all: \(aliases["all", default: []].joined(separator: ", "))\n"
        out += "\nDATASETS (search path: \(toolbox.catalog.searchPath.joined(separator: ":")))\n\n"
        for definition in toolbox.catalog.definitions {
            let root = toolbox.catalog.root(of: definition)
            let status = root.map { "found at \($0)" } ?? "not found"
            let kind = definition.hasImages ? "" : " [ground truth only: eval]"
            out += "  \(definition.name) — \(definition.summary)\(kind)\n      \(status)\n"
        }
        out += "\nAny folder or file in a known format also works with --dataset PATH (\(toolbox.catalog.formats.map(\.name).joined(separator: ", "))).\n"
        return out
    }

    static func json(_ toolbox: Toolbox) -> JSONValue {
        let detectors: [JSONValue] = toolbox.registry.kinds.map { kind in
            var object: JSONObject = ["id": JSONValue(kind.id), "summary": JSONValue(kind.summary), "backend": JSONValue(kind.backend)]
            switch kind.availability() {
            case let .available(detail):
                object["available"] = true
                if let detail { object["models"] = JSONValue(detail) }
            case let .unavailable(reason):
                object["available"] = false
                object["reason"] = JSONValue(reason)
            }
            switch kind.arguments {
            case let .parameters(parameters):
                object["parameters"] = .array(parameters.map { parameter in
                    .object([
                        "name": JSONValue(parameter.name), "help": JSONValue(parameter.help),
                        "accepted": JSONValue(parameter.accepted), "default": JSONValue(parameter.defaultValue),
                    ])
                })
            case let .freeform(usage):
                object["usage"] = JSONValue("\(kind.id):\(usage)")
            }
            return .object(object)
        }
        var aliases = JSONObject()
        for (name, specs) in toolbox.detectorAliases.sorted(by: { $0.key > $1.key }) { aliases[name] = JSONValue(specs) }
        let datasets: [JSONValue] = toolbox.catalog.definitions.map { definition in
            .object([
                "name": JSONValue(definition.name), "summary": JSONValue(definition.summary),
                "images": JSONValue(definition.hasImages), "found": JSONValue(toolbox.catalog.root(of: definition)),
            ])
        }
        let stages: [JSONValue] = toolbox.registry.landmarkStages.map { stage in
            let problem = stage.check()
            return .object([
                "id": JSONValue(stage.id), "summary": JSONValue(stage.summary), "scheme": JSONValue(stage.scheme.id),
                "points": JSONValue(stage.scheme.pointNames.count), "available": JSONValue(problem == nil), "reason": JSONValue(problem),
            ])
        }
        return .object([
            "detectors": .array(detectors), "landmark_stages": .array(stages), "aliases": .object(aliases), "datasets": .array(datasets),
            "search_path": JSONValue(toolbox.catalog.searchPath), "formats": JSONValue(toolbox.catalog.formats.map(\.name)),
        ])
    }
}
