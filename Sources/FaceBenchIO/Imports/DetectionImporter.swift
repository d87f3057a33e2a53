import FaceBenchModel

/// A format of detections produced elsewhere (COCO results JSON, WIDER's per-image txt
/// folders, FDDB's detection file, face-API responses), read into FaceBench detections
/// keyed by the dataset's samples. Used by `facebench eval --predictions` and by `file:`
/// detectors.
public protocol DetectionImporter: Sendable {
    /// Short format name (`coco`, `wider`, `fddb`, `watson`, `google-vision`, `apple-vision`).
    var name: String { get }
    /// True when the file or folder looks like this format (cheap: extension, first bytes).
    func recognises(_ path: String) -> Bool
    /// Detections by `Sample.id`. Entries that match no sample of `dataset` are an error
    /// naming the entry and where it is (file, line or JSON field); images with no entry get
    /// no detections.
    func load(_ path: String, for dataset: Dataset) throws -> [Int: [Detection]]
    /// What the loaded detections leave suspicious but legal, counted and phrased for a
    /// warning (WIDER: images without a prediction file).
    func warnings(_ path: String, for dataset: Dataset, loaded: [Int: [Detection]]) -> [String]
}

extension DetectionImporter {
    public func warnings(_ path: String, for dataset: Dataset, loaded: [Int: [Detection]]) -> [String] { [] }
}

/// Finds the dataset sample an imported entry refers to. Tried in order: the sample id (for
/// formats that carry COCO image ids), the exact name as the dataset gives it, the name
/// without extension (annotations and predictions often disagree on .jpg/.png), and the
/// file name alone without folder and extension when that is unique in the dataset.
public struct SampleResolver: Sendable {
    let ids: Set<Int>
    let exact: [String: Int]
    let withoutExtension: [String: Int]
    let baseName: [String: Int]

    public init(_ dataset: Dataset) {
        ids = Set(dataset.samples.map(\.id))
        var exact: [String: Int] = [:], stem: [String: Int] = [:], base: [String: Int] = [:], baseCount: [String: Int] = [:]
        for sample in dataset.samples {
            exact[sample.name] = sample.id
            stem[Self.stripExtension(sample.name)] = sample.id
            let key = Self.stripExtension(String(sample.name.split(separator: "/").last ?? ""))
            base[key] = sample.id
            baseCount[key, default: 0] += 1
        }
        self.exact = exact
        withoutExtension = stem
        baseName = base.filter { baseCount[$0.key] == 1 }
    }

    public func sample(id: Int) -> Int? { ids.contains(id) ? id : nil }

    public func sample(named name: String) -> Int? {
        let trimmed = name.hasPrefix("./") ? String(name.dropFirst(2)) : name
        if let id = exact[trimmed] { return id }
        let stem = Self.stripExtension(trimmed)
        if let id = withoutExtension[stem] { return id }
        return baseName[Self.stripExtension(String(trimmed.split(separator: "/").last ?? ""))]
    }

    static func stripExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return name }
        return String(name[..<dot])
    }
}
