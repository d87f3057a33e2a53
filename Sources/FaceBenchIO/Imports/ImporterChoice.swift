import FaceBenchModel

/// What a path given where detections belong is instead (a run folder, run results, a
/// baseline, ground truth), for the error; FaceBench's own files are known to the layers
/// above IO, which supply this (`NotPredictions` in FaceBenchReports).
public struct NotPredictionsExplanation: Sendable {
    /// Why a folder is not predictions, or nil; asked before the importers, since some would
    /// take a run folder's WIDER-layout exports for predictions.
    public var folder: @Sendable (String) -> String?
    /// Why a file no importer recognised is not predictions, or nil.
    public var file: @Sendable (String) -> String?

    public init(folder: @escaping @Sendable (String) -> String?, file: @escaping @Sendable (String) -> String?) {
        self.folder = folder
        self.file = file
    }
}

/// Which `DetectionImporter` reads a predictions file or folder: the one named, else the one
/// that recognises the path. An unknown name, a path no importer recognises and a path
/// several recognise are errors that list the formats and say how to name one; `naming` is
/// how the calling command names a format (`--importer FORMAT`, `file:FORMAT:PATH`), `error`
/// turns the reason into the command's kind of error. Used by `facebench eval` and by
/// `file:` detectors (`ImportedDetectorKind`).
public enum ImporterChoice {
    public static func choose(
        _ name: String?, for path: String, among importers: [any DetectionImporter], naming: String,
        notPredictions: NotPredictionsExplanation, error: (String) -> FaceBenchError
    ) throws -> any DetectionImporter {
        let known = importers.map(\.name).joined(separator: ", ")
        if let name {
            guard let importer = importers.first(where: { $0.name == name }) else {
                throw error("unknown format '\(name)' (\(naming)); formats: \(known)")
            }
            return importer
        }
        if let explanation = notPredictions.folder(path) { throw error(explanation) }
        let candidates = importers.filter { $0.recognises(path) }
        guard !candidates.isEmpty else {
            if let explanation = notPredictions.file(path) { throw error(explanation) }
            throw error("\(path) is in no recognised format; name it: \(naming) with FORMAT one of \(known)")
        }
        guard candidates.count == 1 else {
            throw error("\(path) could be \(candidates.map(\.name).joined(separator: " or ")); name the format: \(naming)")
        }
        return candidates[0]
    }
}
