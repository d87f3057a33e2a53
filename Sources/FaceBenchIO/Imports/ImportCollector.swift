import FaceBenchModel

/// Gathers imported detections by sample for a `DetectionImporter`: resolves each entry's
/// image name with `SampleResolver`, and refuses entries that match no image of the
/// dataset or name an image a second time, naming the file and the field.
public struct ImportCollector {
    public let source: ImportSource
    public let dataset: Dataset
    let resolver: SampleResolver
    let samples: [Int: Sample]
    public private(set) var detections: [Int: [Detection]] = [:]
    private var fieldOf: [Int: String] = [:]

    public init(path: String, dataset: Dataset) {
        source = ImportSource(path: path)
        self.dataset = dataset
        resolver = SampleResolver(dataset)
        samples = dataset.samplesByID
    }

    /// Reads a face-API export of the layouts `entries` knows and builds each listed item
    /// with `detection` (given the item, where it is, and the file for errors).
    public static func collect(
        path: String, dataset: Dataset, nameKeys: [String], listKey: String,
        _ detection: (_ item: JSONValue, _ field: String, _ source: ImportSource) throws -> Detection
    ) throws -> [Int: [Detection]] {
        var collector = ImportCollector(path: path, dataset: dataset)
        let source = collector.source
        for entry in try collector.entries(try JSONReader.parse(file: path), nameKeys: nameKeys, listKey: listKey) {
            try collector.add(image: entry.name, field: entry.field) { _ in
                try entry.list.enumerated().map { index, item in try detection(item, "\(entry.field)[\(index)]", source) }
            }
        }
        return collector.detections
    }

    /// Adds the detections of the image `name` (given at `field`), built from its sample
    /// (importers that need the image size read it there).
    public mutating func add(image name: String, field: String, _ build: (Sample) throws -> [Detection]) throws {
        guard let id = resolver.sample(named: name), let sample = samples[id] else {
            throw malformed(field, "image '\(name)' matches no image of dataset \(dataset.name) (matched by name, name without extension, or file name alone)")
        }
        if let earlier = fieldOf[id] {
            throw malformed(field, "image '\(name)' was already given at \(earlier)")
        }
        fieldOf[id] = field
        detections[id] = try build(sample)
    }

    public func malformed(_ field: String, _ reason: String) -> FaceBenchError { source.malformed(field, reason) }

    /// Entries of the two layouts face-API exports share: `{"images": [{"<nameKey>": name,
    /// "<listKey>": [...]}, …]}` (a list of such objects for several batches also works), or
    /// an object keyed by image name whose values are the lists. Returns each image's name,
    /// its list and where it is.
    public func entries(_ root: JSONValue, nameKeys: [String], listKey: String) throws -> [(name: String, list: [JSONValue], field: String)] {
        let batches: [(JSONValue, String)] = root.array.map { $0.enumerated().map { ($1, "[\($0)]") } } ?? [(root, "")]
        var out: [(String, [JSONValue], String)] = []
        for (batch, prefix) in batches {
            guard let object = batch.object else { throw malformed(prefix.isEmpty ? "top level" : prefix, "expected a JSON object") }
            if let images = object["images"]?.array {
                for (index, image) in images.enumerated() {
                    let field = "\(prefix)images[\(index)]"
                    if let error = image["error"], !error.isNull {
                        throw malformed("\(field).error", "the service reported an error for this image: \(JSONWriter(indent: nil).string(error))")
                    }
                    guard let name = nameKeys.lazy.compactMap({ image[$0]?.string }).first else {
                        throw malformed(field, "no image name (\(nameKeys.map { "\"\($0)\"" }.joined(separator: " or ")))")
                    }
                    let list = image[listKey] ?? .array([])
                    guard let items = list.array else { throw malformed("\(field).\(listKey)", "must be a list") }
                    out.append((Self.fileName(name), items, "\(field).\(listKey)"))
                }
            } else {
                for (name, value) in object.pairs {
                    guard let items = value.array ?? value[listKey]?.array else {
                        throw malformed("\(prefix)[\"\(name)\"]", "expected a list of \(listKey) for image '\(name)'")
                    }
                    out.append((name, items, "\(prefix)[\"\(name)\"]"))
                }
            }
        }
        return out
    }

    /// The last path component of a URL or path (`https://host/a/b.jpg?x=1` → `b.jpg`);
    /// plain names are kept as they are.
    static func fileName(_ name: String) -> String {
        guard name.contains("://") else { return name }
        let withoutQuery = name.split(separator: "?", maxSplits: 1).first.map(String.init) ?? name
        return withoutQuery.split(separator: "/").last.map(String.init) ?? name
    }
}

/// The file an importer reads, for errors that name it and the field at fault. Importers
/// hand this (not the collector, whose detections grow) to the code that reads each entry.
public struct ImportSource: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    public func malformed(_ field: String, _ reason: String) -> FaceBenchError {
        .malformed(path: path, location: field, reason: reason)
    }

    /// A required number at `object[key]`.
    public func number(_ object: JSONValue, _ key: String, field: String) throws -> Double {
        guard let value = object[key]?.double, value.isFinite else { throw malformed("\(field).\(key)", "must be a number") }
        return value
    }
}
