import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchHarness

/// The gallery of a run without annotations: the images where the detectors disagree most
/// (`DetectorAgreement.disagreementPerImage`: detections one detector found and another did
/// not, summed over every pair), each drawn as one panel per detector with its boxes and
/// scores, so the faces one detector finds and another misses are side by side.
extension Gallery {
    /// Longest side of one detector's panel, px: a row of panels stays a screen wide.
    static let panelSide = 400

    public mutating func disagreementHTML(_ comparison: DatasetComparison) -> String {
        let anchor = "disagreement-" + DetectorRegistry.sanitizedID(comparison.dataset)
        var out = "<div id=\"\(anchor)\">"
        for entry in comparison.entries {
            let agreement = entry.results.agreement
            if let label = entry.label { out += "<h4>Run \(HTMLText.escape(label))</h4>\n" }
            guard agreement.detectors.count > 1 else {
                out += "<p class=\"note\">One detector: nothing to compare it with.</p>\n"
                continue
            }
            let records = entry.results.records
            let picks = records.indices.filter { agreement.disagreementPerImage[$0] > 0 }
                .sorted { a, b in
                    let (x, y) = (agreement.disagreementPerImage[a], agreement.disagreementPerImage[b])
                    return x != y ? x > y : a < b
                }
                .prefix(imagesPerDetector)
            if picks.isEmpty {
                out += "<p class=\"note\">The detectors found the same faces on every image.</p>\n"
                continue
            }
            out += "<div class=\"thumbs\">\n"
            for index in picks {
                let record = records[index]
                let counts = agreement.detectors.map { id in "\(id) \(record.results[id]?.detections.count ?? 0)" }
                let caption = "<figcaption><strong>\(HTMLText.escape(record.name))</strong><br>"
                    + "\(agreement.disagreementPerImage[index]) unmatched over all pairs · \(HTMLText.escape(counts.joined(separator: " · ")))</figcaption>"
                do {
                    guard let path = record.path else { throw FaceBenchError.imageFileMissing(image: nil) }
                    let (image, scale) = try scaled(path)
                    let (panelImage, panelScale) = Canvas.resized(image, maxSide: Self.panelSide)
                    let panels = agreement.detectors.map { id in
                        let found = record.results[id]?.detections ?? []
                        return FaceAnnotator.Panel(
                            title: FaceAnnotator.Panel.title(id, found: found.count, match: nil, faces: []),
                            image: FaceAnnotator.draw(detections: found, on: panelImage, scale: scale * panelScale), hasGroundTruth: false)
                    }
                    out += try thumbnail(
                        FaceAnnotator.panels(panels), id: anchor + "-\(record.sampleID)",
                        alt: "\(record.name): each detector's detections", caption: caption, close: anchor)
                } catch {
                    out += Self.missingThumbnail(error, caption: caption)
                }
            }
            out += "</div>\n"
        }
        return out + "</div>\n"
    }
}
