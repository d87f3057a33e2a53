import Foundation
import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchHarness

/// The landmark side of the gallery: per detector, the faces with the largest NME
/// (`evaluation.landmarks.faces`), each cropped around the face with the true points (green)
/// and the detector's (yellow) drawn by `FaceAnnotator`.
extension Gallery {
    /// Side of a face crop in the landmark gallery, px: small faces are enlarged to about this.
    static let landmarkFaceSide = 180

    public mutating func landmarkHTML(_ comparison: DatasetComparison, dataset: Dataset, styles: [SeriesStyle]) -> String {
        var out = ""
        for ((entry, detector), style) in zip(comparison.series, styles) {
            guard let faces = detector.evaluations.landmarks?.faces, !faces.isEmpty else { continue }
            let worst = faces.sorted { $0.nme > $1.nme }.prefix(imagesPerDetector)
            let recorded = RecordedSamples(entry.results.records, in: dataset)
            let byID = Dictionary(zip(recorded.samples.map(\.id), zip(recorded.samples, recorded.detections(of: detector.id)).map { $0 }),
                                  uniquingKeysWith: { first, _ in first })
            out += "<div class=\"gallery-row\"><h4><span class=\"swatch\" style=\"background:\(style.color)\"></span>\(HTMLText.escape(style.name))</h4>\n<div class=\"thumbs\">\n"
            for face in worst {
                guard let (sample, found) = byID[face.imageID], sample.faces.indices.contains(face.face) else { continue }
                out += landmarkFigure(sample: sample, face: face.face, detections: found, nme: face.nme, iou: entry.results.settings.iouThreshold)
            }
            out += "</div></div>\n"
        }
        return out
    }

    mutating func landmarkFigure(sample: Sample, face index: Int, detections: [Detection], nme: Double?, iou: Double) -> String {
        let caption = "<figcaption><strong>\(HTMLText.escape(sample.name))</strong><br>face \(index + 1) · NME \(Formatting.fixed(nme, 4))</figcaption>"
        do {
            guard let path = sample.path else { throw FaceBenchError.imageFileMissing(image: nil) }
            let match = GreedyMatcher.match(detections, to: sample.faces, iouThreshold: iou)
            guard let d = match.matchedDetection[index] else { throw FaceBenchError.failed("face not matched") }
            let image = try decoder.decode(path).rgb
            // A square around the face with a third of its size as margin.
            let box = sample.faces[index].box
            let side = max(box.width, box.height) * 1.6
            let x0 = max(0, Int(saturating: box.x + box.width / 2 - side / 2)), y0 = max(0, Int(saturating: box.y + box.height / 2 - side / 2))
            let x1 = min(image.width, Int(saturating: box.x + box.width / 2 + side / 2))
            let y1 = min(image.height, Int(saturating: box.y + box.height / 2 + side / 2))
            guard x1 > x0, y1 > y0 else { throw FaceBenchError.failed("face outside the image") }
            // Small faces are enlarged (pixel replication) so the points stay apart.
            let zoom: Int = max(1, Self.landmarkFaceSide / max(x1 - x0, y1 - y0))
            let width: Int = (x1 - x0) * zoom, height: Int = (y1 - y0) * zoom
            var pixels = [UInt8](repeating: 0, count: width * height * 3)
            for y in 0..<height {
                for x in 0..<width {
                    let row: Int = (y0 + y / zoom) * image.stride
                    let source: Int = row + (x0 + x / zoom) * 3
                    let target: Int = (y * width + x) * 3
                    pixels[target] = image.pixels[source]
                    pixels[target + 1] = image.pixels[source + 1]
                    pixels[target + 2] = image.pixels[source + 2]
                }
            }
            let crop = RGBImage(width: width, height: height, pixels: pixels)
            let z = Double(zoom)
            func moved(_ points: [Point]?) -> [Point]? { points?.map { Point(x: ($0.x - Double(x0)) * z, y: ($0.y - Double(y0)) * z) } }
            func moved(_ box: Box) -> Box { Box(x: (box.x - Double(x0)) * z, y: (box.y - Double(y0)) * z, width: box.width * z, height: box.height * z) }
            var truth = sample.faces[index]
            truth.box = moved(truth.box)
            truth.landmarks = moved(truth.landmarks)
            var detection = detections[d]
            detection.box = moved(detection.box)
            detection.landmarks = moved(detection.landmarks)
            let (shown, scale) = Canvas.resized(crop, maxSide: Self.landmarkFaceSide)
            let drawn = FaceAnnotator.draw(
                faces: [truth], detections: [detection],
                match: ImageMatch(outcomes: [.truePositive(face: 0, iou: 1)], matchedDetection: [0]), on: shown, scale: scale, showScores: false)
            let uri = "data:image/jpeg;base64," + Data(try encoder.encodeJPEG(drawn, quality: jpegQuality)).base64EncodedString()
            return "<figure class=\"thumb\"><img src=\"\(uri)\" width=\"\(drawn.width)\" height=\"\(drawn.height)\" alt=\"\(HTMLText.escape(sample.name)) face \(index + 1) with true and predicted landmarks\">\(caption)</figure>\n"
        } catch {
            return "<figure class=\"thumb missing\"><div class=\"note\">Face not shown: \(HTMLText.escape("\(error)"))</div>\(caption)</figure>\n"
        }
    }
}
