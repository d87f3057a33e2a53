import FaceBenchModel

/// Imports FDDB detection files (see `FDDBDetectionFile`) as `facebench eval --predictions`
/// input.
public struct FDDBDetectionImporter: DetectionImporter {
    public let name = "fddb"

    public init() {}

    public func recognises(_ path: String) -> Bool { FDDBDetectionFile.recognises(path) }

    public func load(_ path: String, for dataset: Dataset) throws -> [Int: [Detection]] {
        try FDDBDetectionFile.read(path, for: dataset)
    }
}
