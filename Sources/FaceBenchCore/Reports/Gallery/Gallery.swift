import Foundation

/// The report's gallery: each detector's worst images as thumbnails with ground truth and
/// detections drawn by `FaceAnnotator` (matched faces green, missed faces red and dashed,
/// true positives blue, false positives orange, scores above the boxes; false positives and
/// missed faces labelled with their TIDE error type and IoU when the results hold the
/// `errors` protocol), embedded as JPEG data URIs so the report stays one file.
public struct Gallery {
    public var decoder: any ImageDecoder
    public var encoder: any ImageEncoder
    public var imagesPerDetector = 4
    /// Longest side of a thumbnail in pixels.
    public var thumbnailSide = 360
    public var jpegQuality = 82
    /// Decoded, shrunk images by path: an image that is worst for several detectors is
    /// decoded once.
    var thumbnails: [String: (image: RGBImage, scale: Double)] = [:]

    public init(decoder: any ImageDecoder, encoder: any ImageEncoder) {
        self.decoder = decoder
        self.encoder = encoder
    }

    /// The gallery of one dataset; `dataset` is the reloaded dataset the results were made on.
    public mutating func html(_ comparison: DatasetComparison, dataset: Dataset, styles: [SeriesStyle]) -> String {
        var out = Self.legend
        for ((entry, detector), style) in zip(comparison.series, styles) {
            let recorded = RecordedSamples(entry.results.records, in: dataset)
            let picks = WorstImages.rank(
                samples: recorded.samples, detections: recorded.detections(of: detector.id),
                iouThreshold: entry.results.settings.iouThreshold
            ).prefix(imagesPerDetector)
            out += "<div class=\"gallery-row\"><h4><span class=\"swatch\" style=\"background:\(style.color)\"></span>\(HTMLText.escape(style.name))</h4>\n"
            if picks.isEmpty {
                out += "<p class=\"note\">No image with a missed face or a false positive.</p></div>\n"
                continue
            }
            out += "<div class=\"thumbs\">\n"
            let errors = ErrorLabels(detector.evaluations["errors"])
            for pick in picks {
                out += figure(pick, errors: errors.image(pick.sample.id))
            }
            out += "</div></div>\n"
        }
        return out
    }

    mutating func figure(_ pick: WorstImages.Pick, errors: ErrorLabels.Image) -> String {
        var caption = "<figcaption><strong>\(HTMLText.escape(pick.sample.name))</strong><br>\(pick.missed) missed · \(pick.falsePositives) false positive\(pick.falsePositives == 1 ? "" : "s") · \(pick.match.truePositives) found"
        if !errors.summary.isEmpty { caption += "<br>TIDE: " + HTMLText.escape(errors.summary) }
        caption += "</figcaption>"
        do {
            guard let path = pick.sample.path else { throw FaceBenchError.failed("no image file") }
            let (image, scale) = try thumbnail(path)
            let drawn = FaceAnnotator.draw(
                faces: pick.sample.faces, detections: pick.detections, match: pick.match, on: image, scale: scale,
                detectionLabels: errors.detections, faceLabels: errors.faces)
            let jpeg = try encoder.encodeJPEG(drawn, quality: jpegQuality)
            let uri = "data:image/jpeg;base64," + Data(jpeg).base64EncodedString()
            return "<figure class=\"thumb\"><img src=\"\(uri)\" width=\"\(drawn.width)\" height=\"\(drawn.height)\" alt=\"\(HTMLText.escape(pick.sample.name)) with ground truth and detections\">\(caption)</figure>\n"
        } catch {
            return "<figure class=\"thumb missing\"><div class=\"note\">Image not shown: \(HTMLText.escape("\(error)"))</div>\(caption)</figure>\n"
        }
    }

    mutating func thumbnail(_ path: String) throws -> (image: RGBImage, scale: Double) {
        if let cached = thumbnails[path] { return cached }
        let shrunk = Canvas.resized(try decoder.decode(path).rgb, maxSide: thumbnailSide)
        thumbnails[path] = shrunk
        return shrunk
    }

    static var legend: String {
        let items: [(Color, String, Bool)] = [
            (FaceAnnotator.groundTruth, "face found", false), (FaceAnnotator.missed, "face missed", true),
            (FaceAnnotator.truePositive, "detection matching a face", false),
            (FaceAnnotator.falsePositive, "false positive", false), (FaceAnnotator.ignoredFace, "ignored face", true),
        ]
        return "<ul class=\"legend boxes\">" + items.map { color, text, dashed in
            "<li><span class=\"box\" style=\"border:2px \(dashed ? "dashed" : "solid") \(color.hex)\"></span>\(text)</li>"
        }.joined() + "<li>numbers: detection scores; LOC, DUP, BKG, MISS: the TIDE error type of a false positive or missed face, with its IoU</li></ul>\n"
    }
}
