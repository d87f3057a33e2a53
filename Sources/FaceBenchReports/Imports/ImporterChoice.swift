import FaceBenchModel
import FaceBenchIO

/// Which `DetectionImporter` reads a predictions file or folder: the one named, else the one
/// that recognises the path. An unknown name, a path no importer recognises and a path
/// several recognise are errors that list the formats and say how to name one; `naming` is
/// how the calling command names a format (`--importer FORMAT`, `file:FORMAT:PATH`), `error`
/// turns the reason into the command's kind of error. Used by `facebench eval` and by
/// `file:` detectors (`ImportedDetectorKind`).
public enum ImporterChoice {
    public static func choose(
        _ name: String?, for path: String, among importers: [any DetectionImporter], naming: String,
        error: (String) -> FaceBenchError
    ) throws -> any DetectionImporter {
        let known = importers.map(\.name).joined(separator: ", ")
        if let name {
            guard let importer = importers.first(where: { $0.name == name }) else {
                throw error("unknown format '\(name)' (\(naming)); formats: \(known)")
            }
            return importer
        }
        if let explanation = NotPredictions.explainFolder(path) { throw error(explanation) }
        let candidates = importers.filter { $0.recognises(path) }
        guard !candidates.isEmpty else {
            if let explanation = NotPredictions.explainFile(path) { throw error(explanation) }
            throw error("\(path) is in no recognised format; name it: \(naming) with FORMAT one of \(known)")
        }
        guard candidates.count == 1 else {
            throw error("\(path) could be \(candidates.map(\.name).joined(separator: " or ")); name the format: \(naming)")
        }
        return candidates[0]
    }
}
