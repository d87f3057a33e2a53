import FaceBenchModel

/// Imports WIDER FACE prediction folders (`event/image.txt` files, see
/// `WIDERPredictionFolder`) as `facebench eval --predictions` input.
public struct WIDERPredictionImporter: DetectionImporter {
    public let name = "wider"

    public init() {}

    public func recognises(_ path: String) -> Bool { WIDERPredictionFolder.recognises(path) }

    public func load(_ path: String, for dataset: Dataset) throws -> [Int: [Detection]] {
        try WIDERPredictionFolder.read(path, for: dataset)
    }

    /// The official evaluation reads a missing file as no detections; so does FaceBench, but
    /// a folder missing files is usually a run that did not finish, so it is said.
    public func warnings(_ path: String, for dataset: Dataset, loaded: [Int: [Detection]]) -> [String] {
        let missing = dataset.samples.filter { loaded[$0.id] == nil }
        guard let first = missing.first else { return [] }
        return ["\(path): \(missing.count) of \(dataset.samples.count) images have no prediction file (read as no detections, "
                + "as the official evaluation does); first: \(SampleResolver.stripExtension(first.name)).txt"]
    }
}
