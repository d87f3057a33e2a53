/// Imports WIDER FACE prediction folders (`event/image.txt` files, see
/// `WIDERPredictionFolder`) as `facebench eval --predictions` input.
public struct WIDERPredictionImporter: DetectionImporter {
    public let name = "wider"

    public init() {}

    public func recognises(_ path: String) -> Bool { WIDERPredictionFolder.recognises(path) }

    public func load(_ path: String, for dataset: Dataset) throws -> [Int: [Detection]] {
        try WIDERPredictionFolder.read(path, for: dataset)
    }
}
