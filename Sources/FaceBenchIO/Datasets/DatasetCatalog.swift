import Foundation
import FaceBenchModel

/// A dataset FaceBench knows by name, and where its files live.
public struct DatasetDefinition: Sendable {
    public var name: String
    /// The folder name looked for on the search path.
    public var folder: String
    public var summary: String
    /// False for ground-truth-only sets (WIDER, FDDB here): usable with `eval`, not `run`.
    public var hasImages: Bool
    /// Loads the dataset from a folder found on the search path.
    public var load: @Sendable (_ root: String, _ name: String) throws -> Dataset

    public init(
        name: String, folder: String, summary: String, hasImages: Bool,
        load: @escaping @Sendable (_ root: String, _ name: String) throws -> Dataset
    ) {
        self.name = name
        self.folder = folder
        self.summary = summary
        self.hasImages = hasImages
        self.load = load
    }
}

/// An annotation layout FaceBench can recognise in any folder or file given by path.
public struct DatasetFormat: Sendable {
    public var name: String
    /// True when `path` (a folder or file) is in this format.
    public var recognises: @Sendable (_ path: String) -> Bool
    public var load: @Sendable (_ path: String, _ name: String) throws -> Dataset

    public init(
        name: String, recognises: @escaping @Sendable (String) -> Bool,
        load: @escaping @Sendable (String, String) throws -> Dataset
    ) {
        self.name = name
        self.recognises = recognises
        self.load = load
    }
}

/// Resolves `--dataset NAME|PATH`: names through the definitions and a search path of
/// folders, paths through the formats.
public struct DatasetCatalog: Sendable {
    public var definitions: [DatasetDefinition]
    public var formats: [DatasetFormat]
    public var searchPath: [String]

    public init(definitions: [DatasetDefinition], formats: [DatasetFormat], searchPath: [String]) {
        self.definitions = definitions
        self.formats = formats
        self.searchPath = searchPath
    }

    /// `$FACEBENCH_DATASETS` (colon-separated) first, then `shared/datasets` beside each
    /// anchor folder (the working directory, the checkout the executable was built in).
    public static func searchPath(environment: [String: String], anchors: [String]) -> [String] {
        var path = (environment["FACEBENCH_DATASETS"] ?? "").split(separator: ":").map(String.init)
        for anchor in anchors {
            let candidate = URL(fileURLWithPath: anchor).appendingPathComponent("../shared/datasets").standardized.path
            if !path.contains(candidate) { path.append(candidate) }
        }
        return path
    }

    /// The folder of a named dataset on the search path, if present.
    public func root(of definition: DatasetDefinition) -> String? {
        searchPath.lazy.map { $0 + "/" + definition.folder }.first { FileIO.isDirectory($0) }
    }

    /// Named datasets present on this machine.
    public func available() -> [(definition: DatasetDefinition, root: String)] {
        definitions.compactMap { definition in root(of: definition).map { (definition, $0) } }
    }

    public func resolve(_ nameOrPath: String) throws -> Dataset {
        if let definition = definitions.first(where: { $0.name == nameOrPath }) {
            guard let root = root(of: definition) else {
                throw FaceBenchError.datasetNotFound(name: nameOrPath, searched: searchPath.map { $0 + "/" + definition.folder })
            }
            return try Self.checked(definition.load(root, definition.name))
        }
        let looksLikePath = nameOrPath.contains("/") || nameOrPath.hasPrefix(".") || FileIO.exists(nameOrPath)
        guard looksLikePath else {
            let known = definitions.map(\.name)
            let hint = NameSuggestion.hint(for: nameOrPath, among: known)
            throw FaceBenchError.usage("unknown dataset '\(nameOrPath)'.\(hint) Known names: \(known.joined(separator: ", ")), or give a path")
        }
        let path = URL(fileURLWithPath: nameOrPath).standardized.path
        guard FileIO.exists(path) else { throw FaceBenchError.io(path: path, reason: "no such file or directory") }
        guard let format = formats.first(where: { $0.recognises(path) }) else {
            let known = formats.map(\.name).joined(separator: ", ")
            throw FaceBenchError.malformed(path: path, location: nil, reason: "not a dataset in a known format (\(known))")
        }
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return try Self.checked(format.load(path, name))
    }

    private static func checked(_ dataset: Dataset) throws -> Dataset {
        try CoordinateBounds.check(dataset)
        return dataset
    }
}
