import FaceBenchModel
import FaceBenchIO

/// `--config FILE`: a command's options kept in a JSON object for repeated runs, keyed by
/// option name without the dashes — `{"dataset": ["mit-cmu"], "detector": "haar,lbp",
/// "threads": [1, 2], "iou": 0.5, "quiet": true}`. A string or number is one value, an array
/// several (repeatable options only), `true` sets a flag. The file is read as if its options
/// were given on the command line, with the same checks; an option given on the command
/// line replaces the file's.
enum ConfigFile {
    static let option = Option.value("config", "FILE", help: "Read options from a JSON object keyed by option name (flags given here override it).")

    /// The file's options as command-line words, checked against `spec`'s options.
    static func arguments(_ path: String, spec: CommandSpec) throws -> [String] {
        guard let object = try JSONReader.parse(file: path).object else {
            throw FaceBenchError.malformed(path: path, location: nil, reason: "expected a JSON object of options, e.g. {\"detector\": \"haar,lbp\"}")
        }
        var words: [String] = []
        for (key, value) in object.pairs {
            let location = "option \"\(key)\""
            guard let option = spec.options.first(where: { $0.name == key && $0.name != Self.option.name }) else {
                let hint = NameSuggestion.hint(for: key, among: spec.options.map(\.name).filter { $0 != Self.option.name })
                throw FaceBenchError.malformed(path: path, location: location, reason: "not an option of \(spec.name).\(hint) (see facebench \(spec.name) --help)")
            }
            switch (option.kind, value) {
            case (.flag, .bool(true)): words.append("--\(key)")
            case (.flag, .bool(false)): break
            case (.flag, _): throw FaceBenchError.malformed(path: path, location: location, reason: "a flag takes true or false")
            case let (.repeated, .array(items)):
                for item in items {
                    guard let text = item.scalarText else {
                        throw FaceBenchError.malformed(path: path, location: location, reason: "array items must be strings or numbers")
                    }
                    words += ["--\(key)", text]
                }
            case (.value, .array):
                throw FaceBenchError.malformed(path: path, location: location, reason: "takes one value, not an array")
            case let (_, scalar):
                guard let text = scalar.scalarText, scalar.bool == nil else {
                    throw FaceBenchError.malformed(path: path, location: location, reason: "expected a string or number")
                }
                words += ["--\(key)", text]
            }
        }
        return words
    }
}
