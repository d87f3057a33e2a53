import Foundation
import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchHarness

/// `run --draw-all DIR`: every image of a run drawn once per detector, at full size, with
/// ground truth and detections in the outcome colours, score and IoU on each box, the
/// detector's counts as the title and the legend below (`FaceAnnotator.panels`). Files go to
/// `DIR/<detector>/<image name>.jpg`, keeping the dataset's subfolders (WIDER's events).
public struct AnnotatedImageFolder {
    public var decoder: any ImageDecoder
    public var encoder: any ImageEncoder
    public var jpegQuality = 88

    public init(decoder: any ImageDecoder, encoder: any ImageEncoder) {
        self.decoder = decoder
        self.encoder = encoder
    }

    /// Draws every recorded image of `results`; returns the number of files written.
    @discardableResult
    public func write(_ results: RunResults, dataset: Dataset, to directory: String) throws -> Int {
        let recorded = RecordedSamples(results.records, in: dataset)
        let detections = results.detectors.map { recorded.detections(of: $0.id) }
        var written = 0
        for (index, sample) in recorded.samples.enumerated() {
            guard let path = sample.path else { continue }
            let image = try decoder.decode(path).rgb
            for (detector, found) in zip(results.detectors, detections) {
                let match = GreedyMatcher.match(found[index], to: sample.faces, iouThreshold: results.settings.iouThreshold)
                let panel = FaceAnnotator.Panel(
                    title: FaceAnnotator.Panel.title(detector.id, found: found[index].count, match: match, faces: sample.faces),
                    image: FaceAnnotator.draw(faces: sample.faces, detections: found[index], match: match, on: image),
                    hasGroundTruth: true)
                let jpeg = try encoder.encodeJPEG(FaceAnnotator.panels([panel]), quality: jpegQuality)
                try FileIO.writeAtomically(jpeg, to: directory + "/" + detector.id + "/" + Self.fileName(sample.name))
                written += 1
            }
        }
        return written
    }

    /// The image's name with its extension replaced by `.jpg`; folders kept, `..` dropped so
    /// nothing lands outside the folder.
    public static func fileName(_ name: String) -> String {
        let parts = name.split(separator: "/").filter { $0 != ".." && $0 != "." }.map(String.init)
        let file = parts.last.map { ($0 as NSString).deletingPathExtension + ".jpg" } ?? "image.jpg"
        return (parts.dropLast() + [file]).joined(separator: "/")
    }
}
