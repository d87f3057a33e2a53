import Foundation
import FaceBenchModel

/// `file:[FORMAT:]PATH`: detections produced elsewhere, scored as a detector of the run
/// (marked imported: nothing is timed). FORMAT is an importer name (`coco`, `watson`,
/// `google-vision`, …); without it, the importer that recognises PATH is used, and a path
/// that several or none recognise is an error listing the formats. The whole file is read
/// and matched to the run's dataset when the spec is built, so an unmatched entry stops the
/// run before it starts. The id is `file-<file name up to its first dot>` unless the spec
/// has a label.
public enum ImportedDetectorKind {
    public static func kind(importers: [any DetectionImporter], notPredictions: NotPredictionsExplanation) -> DetectorKind {
        DetectorKind(
            id: "file", summary: "detections imported from a file made elsewhere (\(importers.map(\.name).joined(separator: ", ")))",
            backend: "imported", arguments: .freeform(usage: "[FORMAT:]PATH, FORMAT one of \(importers.map(\.name).joined(separator: ", "))")
        ) { request in
            try build(request, importers: importers, notPredictions: notPredictions)
        }
    }

    static func build(_ request: DetectorRequest, importers: [any DetectionImporter], notPredictions: NotPredictionsExplanation) throws -> any DetectorFactory {
        let spec = request.spec.text
        var given = request.spec.arguments ?? ""
        var name: String?
        if let colon = given.firstIndex(of: ":"), importers.contains(where: { $0.name == given[..<colon] }) {
            name = String(given[..<colon])
            given = String(given[given.index(after: colon)...])
        }
        let path = URL(fileURLWithPath: given).standardized.path
        guard FileIO.exists(path) else { throw FaceBenchError.invalidSpec(spec: spec, reason: "\(path) does not exist") }
        let importer = try ImporterChoice.choose(name, for: path, among: importers, naming: "file:FORMAT:PATH", notPredictions: notPredictions) {
            FaceBenchError.invalidSpec(spec: spec, reason: $0)
        }
        guard let dataset = request.context.dataset else {
            throw FaceBenchError.invalidSpec(spec: spec, reason: "imported detections are matched to a dataset's images: use them with `facebench run --dataset …`")
        }
        let bySample = try importer.load(path, for: dataset)
        try CoordinateBounds.check(bySample, from: path, dataset: dataset)
        var byName: [String: [Detection]] = [:]
        for sample in dataset.samples { byName[sample.name] = bySample[sample.id] ?? [] }
        let stem = URL(fileURLWithPath: path).lastPathComponent.split(separator: ".").first.map(String.init) ?? "imported"
        let info = DetectorInfo(
            kind: "file", id: request.spec.label ?? DetectorRegistry.sanitizedID("file-" + stem),
            spec: "file:\(importer.name):\(path)", backend: "imported (\(importer.name))", library: importer.name,
            parameters: [DetectorInfo.Parameter(name: "format", value: importer.name), DetectorInfo.Parameter(name: "path", value: path)],
            scoreMeaning: "as recorded in the file", isImported: true,
            landmarkScheme: importer.landmarkScheme(of: bySample))
        let warnings = importer.warnings(path, for: dataset, loaded: bySample).map { "\(spec): \($0)" }
        return ImportedDetectionsFactory(info: info, detections: byName, warnings: warnings)
    }
}

struct ImportedDetectionsFactory: DetectorFactory {
    let info: DetectorInfo
    /// By `Sample.name`, which is what a detector is given.
    let detections: [String: [Detection]]
    let warnings: [String]

    func makeDetector() throws -> any FaceDetector { ImportedDetections(detections: detections) }
}

/// Hands out the imported detections of each image.
final class ImportedDetections: FaceDetector {
    let detections: [String: [Detection]]

    init(detections: [String: [Detection]]) {
        self.detections = detections
    }

    func detect(_ input: DetectorInput) throws -> [Detection] {
        detections[input.name] ?? []
    }
}
