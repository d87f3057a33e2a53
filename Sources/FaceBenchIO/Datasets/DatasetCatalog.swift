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
    /// What a path in this format holds, for the error when a path is in no known format
    /// ("a folder with ground_truth_bboxes.txt and images/").
    public var expects: String
    /// True when `path` (a folder or file) is in this format.
    public var recognises: @Sendable (_ path: String) -> Bool
    /// Loads `path`. A loader that finds its images through `DatasetReading.images` itself sets
    /// `Dataset.imageFolders` to that folder; for the others the catalog looks the images up there.
    public var load: @Sendable (_ path: String, _ name: String, _ reading: DatasetReading) throws -> Dataset

    public init(
        name: String, expects: String, recognises: @escaping @Sendable (String) -> Bool,
        load: @escaping @Sendable (String, String, DatasetReading) throws -> Dataset
    ) {
        self.name = name
        self.expects = expects
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

    /// The dataset named or at a path; `reading` applies to paths only.
    public func resolve(_ nameOrPath: String, reading: DatasetReading = DatasetReading()) throws -> Dataset {
        if let definition = definitions.first(where: { $0.name == nameOrPath }) {
            guard reading.isDefault else {
                throw FaceBenchError.usage(
                    "--dataset-format, --images and --class apply to a dataset given by path; '\(nameOrPath)' is a named dataset (give its folder to use them)")
            }
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
        var reading = reading
        if let images = reading.images {
            let folder = URL(fileURLWithPath: images).standardized.path
            guard FileIO.isDirectory(folder) else { throw FaceBenchError.io(path: folder, reason: "--images names no folder") }
            reading.images = folder
        }
        let format = try self.format(of: path, reading: reading)
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        var dataset = try format.load(path, name, reading)
        if let images = reading.images, dataset.imageFolders != [images] {
            try Self.relocateImages(of: &dataset, to: images)
        }
        return try Self.checked(dataset)
    }

    /// The format `reading` names, or the first that recognises `path`.
    public func format(of path: String, reading: DatasetReading = DatasetReading()) throws -> DatasetFormat {
        if let name = reading.format {
            guard let format = formats.first(where: { $0.name == name }) else {
                let known = formats.map(\.name)
                throw FaceBenchError.usage(
                    "unknown dataset format '\(name)'.\(NameSuggestion.hint(for: name, among: known)) Known formats: \(known.joined(separator: ", "))")
            }
            return format
        }
        guard let format = formats.first(where: { $0.recognises(path) }) else {
            let expected = formats.map { "  \($0.name): \($0.expects)" }.joined(separator: "\n")
            throw FaceBenchError.malformed(
                path: path, location: nil,
                reason: "not a dataset in a known format; each expects:\n\(expected)\n(force one with --dataset-format NAME)")
        }
        return format
    }

    /// Points every sample at its image in `folder` (`--images` for a loader that does not
    /// take it), reading the sizes the annotations left out from the image headers.
    static func relocateImages(of dataset: inout Dataset, to folder: String, source: any FileSource = LocalFiles()) throws {
        let folders = ImageFolders([folder])
        for index in dataset.samples.indices {
            let sample = dataset.samples[index]
            guard let path = folders.locate(sample.name, source: source) else {
                dataset.samples[index].path = nil
                continue
            }
            dataset.samples[index].path = path
            if sample.width == nil || sample.height == nil {
                let size = try source.imageSize(path)
                dataset.samples[index].width = size.width
                dataset.samples[index].height = size.height
            }
        }
        dataset.imageFolders = [folder]
    }

    private static func checked(_ dataset: Dataset) throws -> Dataset {
        try CoordinateBounds.check(dataset)
        return dataset
    }
}
