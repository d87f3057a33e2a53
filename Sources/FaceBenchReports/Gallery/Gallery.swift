import Foundation
import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchHarness

/// The report's gallery: each detector's worst images with ground truth and detections
/// drawn by `FaceAnnotator` (outcome colours, score and IoU on every detection; false
/// positives and missed faces labelled with their TIDE error type and IoU when the results
/// hold the `errors` protocol), embedded once each as a JPEG data URI so the report stays one
/// file. The grid shows them small; a click opens the same image full-size in the page
/// (`:target` in the stylesheet, no script), and the close mark or the browser's back button
/// returns.
public struct Gallery {
    public var decoder: any ImageDecoder
    public var encoder: any ImageEncoder
    public var imagesPerDetector = 4
    /// Longest side of an embedded image in pixels; larger images are scaled down to it.
    public var imageSide = 1024
    public var jpegQuality = 82
    /// Decoded, scaled images by path: an image that is worst for several detectors is
    /// decoded once.
    var images: [String: (image: RGBImage, scale: Double)] = [:]

    public init(decoder: any ImageDecoder, encoder: any ImageEncoder) {
        self.decoder = decoder
        self.encoder = encoder
    }

    /// The gallery of one dataset; `dataset` is the reloaded dataset the results were made on.
    public mutating func html(_ comparison: DatasetComparison, dataset: Dataset, styles: [SeriesStyle]) -> String {
        let anchor = "gallery-" + DetectorRegistry.sanitizedID(comparison.dataset)
        var out = "<div id=\"\(anchor)\">" + Self.legend
        // Detectors whose detections are identical on every image (haar and swift-haar) share a row.
        var rows: [(samples: [Sample], detections: [[Detection]], series: [(entry: LabelledResults, detector: DetectorResult, style: SeriesStyle)])] = []
        for ((entry, detector), style) in zip(comparison.series, styles) {
            let recorded = RecordedSamples(entry.results.records, in: dataset)
            let found = recorded.detections(of: detector.id)
            if let same = rows.firstIndex(where: { $0.detections == found && $0.series[0].entry.results.settings.iouThreshold == entry.results.settings.iouThreshold }) {
                rows[same].series.append((entry, detector, style))
            } else {
                rows.append((recorded.samples, found, [(entry, detector, style)]))
            }
        }
        for row in rows {
            let (entry, detector, style) = row.series[0]
            let picks = WorstImages.rank(
                samples: row.samples, detections: row.detections, iouThreshold: entry.results.settings.iouThreshold
            ).prefix(imagesPerDetector)
            let swatches = row.series.map { "<span class=\"swatch\" style=\"background:\($0.style.color)\"></span>\(HTMLText.escape($0.style.name))" }
            let shared = row.series.count > 1 ? " <small class=\"note\">identical detections</small>" : ""
            out += "<div class=\"gallery-row\"><h4>\(swatches.joined(separator: " "))\(shared)</h4>\n"
            if picks.isEmpty {
                out += "<p class=\"note\">No image with a missed face or a false positive.</p></div>\n"
                continue
            }
            out += "<div class=\"thumbs\">\n"
            let errors = ErrorLabels(detector.evaluations.errors)
            for pick in picks {
                let id = anchor + "-" + DetectorRegistry.sanitizedID(style.name) + "-\(pick.sample.id)"
                out += figure(pick, id: id, detector: style.name, close: anchor, errors: errors.image(pick.sample.id))
            }
            out += "</div></div>\n"
        }
        return out + "</div>\n"
    }

    mutating func figure(
        _ pick: WorstImages.Pick, id: String, detector: String, close: String, errors: ErrorLabels.Image
    ) -> String {
        var caption = "<figcaption><strong>\(HTMLText.escape(pick.sample.name))</strong> <span class=\"full-only\">· \(HTMLText.escape(detector))</span><br>\(pick.missed) missed · \(pick.falsePositives) false positive\(pick.falsePositives == 1 ? "" : "s") · \(pick.match.truePositives) found"
        if !errors.summary.isEmpty { caption += "<br>TIDE: " + HTMLText.escape(errors.summary) }
        caption += "</figcaption>"
        do {
            guard let path = pick.sample.path else { throw FaceBenchError.imageFileMissing(image: nil) }
            let (image, scale) = try scaled(path)
            let drawn = FaceAnnotator.draw(
                faces: pick.sample.faces, detections: pick.detections, match: pick.match, on: image, scale: scale,
                detectionLabels: errors.detections, faceLabels: errors.faces)
            return try thumbnail(drawn, id: id, alt: "\(pick.sample.name): ground truth and \(detector)'s detections", caption: caption, close: close)
        } catch {
            return Self.missingThumbnail(error, caption: caption)
        }
    }

    /// A drawn image as a figure of the grid that opens full size; `caption` is HTML.
    func thumbnail(_ drawn: RGBImage, id: String, alt: String, caption: String, close: String) throws -> String {
        let uri = "data:image/jpeg;base64," + Data(try encoder.encodeJPEG(drawn, quality: jpegQuality)).base64EncodedString()
        return "<figure class=\"thumb\" id=\"\(id)\"><a href=\"#\(id)\" title=\"Open full size\"><img src=\"\(uri)\" width=\"\(drawn.width)\" height=\"\(drawn.height)\" alt=\"\(HTMLText.escape(alt))\"></a>\(caption)<a class=\"close\" href=\"#\(close)\" title=\"Close\">×</a></figure>\n"
    }

    static func missingThumbnail(_ error: any Error, caption: String) -> String {
        "<figure class=\"thumb missing\"><div class=\"note\">Image not shown: \(HTMLText.escape("\(error)"))</div>\(caption)</figure>\n"
    }

    mutating func scaled(_ path: String) throws -> (image: RGBImage, scale: Double) {
        if let cached = images[path] { return cached }
        let shrunk = Canvas.resized(try decoder.decode(path).rgb, maxSide: imageSide)
        images[path] = shrunk
        return shrunk
    }

    static var legend: String {
        "<ul class=\"legend boxes\">" + FaceAnnotator.legend.map { entry in
            "<li><span class=\"box\" style=\"border:2px \(entry.dashed ? "dashed" : "solid") \(entry.color.hex)\"></span>\(entry.meaning)</li>"
        }.joined() + "<li>labels: detection score, IoU with the nearest face; LOC, DUP, BKG, MISS: the TIDE error type of a false positive or missed face, with its IoU</li><li>click an image for full size</li></ul>\n"
    }
}
