import FaceBenchModel
import Foundation

/// FDDB's detection-file layout, the input of its evaluation toolkit: for each image, its
/// name (as the fold lists give it), the number of regions, then one region per line —
/// a rectangle `left top width height score` or an ellipse
/// `major_radius minor_radius angle center_x center_y score`.
///
/// Reading finds images by name rather than relying on the fold order as the toolkit does
/// (which silently misreads a file missing an image); an image the dataset does not have,
/// an image listed twice, a count that is not a number, a region line with other than five
/// or six numbers, and non-finite values are errors naming the file and line. Ellipses are
/// kept as `Detection.ellipse` with their bounding box as the box. Writing produces rectangles for every sample, images without
/// detections included, in the dataset's order.
public enum FDDBDetectionFile {
    public static func read(_ path: String, for dataset: Dataset) throws -> [Int: [Detection]] {
        let resolver = SampleResolver(dataset)
        let text = TextScanner(try FileIO.read(path))
        var detections: [Int: [Detection]] = [:]
        var id = 0
        try CountedBlocks(countName: "number of regions", entryName: "regions").forEach(
            in: path, lineCount: text.lines.count, firstField: { text.fields(ofLine: $0).first.map(text.text) }, count: text.count(onLine:),
            checkName: { image, index in
                guard let found = resolver.sample(named: image) else {
                    throw FaceBenchError.malformed(path: path, location: "line \(index + 1)", reason: "no image '\(image)' in dataset \(dataset.name)")
                }
                guard detections[found] == nil else {
                    throw FaceBenchError.malformed(path: path, location: "line \(index + 1)", reason: "'\(image)' is listed twice")
                }
                id = found
            }
        ) { block in
            var found: [Detection] = []
            found.reserveCapacity(block.count)
            for regionLine in block.entries { found.append(try region(text, line: regionLine, in: path)) }
            detections[id] = found
        }
        return detections
    }

    static func region(_ text: TextScanner, line index: Int, in path: String) throws -> Detection {
        let fields = text.fields(ofLine: index)
        guard fields.count == 5 || fields.count == 6 else {
            throw FaceBenchError.malformed(
                path: path, location: "line \(index + 1)",
                reason: "expected 'left top width height score' or 'major minor angle cx cy score', found \(fields.count) fields")
        }
        let values = try fields.map { try text.finiteNumber($0, line: index, path: path) }
        if values.count == 5 {
            guard values[2] > 0, values[3] > 0 else {
                throw FaceBenchError.malformed(
                    path: path, location: "line \(index + 1)", reason: "box width \(values[2]) and height \(values[3]) must both be positive")
            }
            return Detection(box: Box(x: values[0], y: values[1], width: values[2], height: values[3]), score: values[4])
        }
        let ellipse = Ellipse(majorRadius: values[0], minorRadius: values[1], angle: values[2], centerX: values[3], centerY: values[4])
        if let reason = ellipse.angleProblem { throw FaceBenchError.malformed(path: path, location: "line \(index + 1)", reason: reason) }
        return Detection(box: ellipse.boundingBox, score: values[5], ellipse: ellipse)
    }

    /// The toolkit's input for these detections: every sample in order, rectangles.
    public static func text(_ detections: [[Detection]], samples: [Sample]) -> String {
        precondition(detections.count == samples.count, "one detection list per sample")
        var text = ""
        for (sample, found) in zip(samples, detections) {
            text += sample.name + "\n" + String(found.count) + "\n"
            for detection in found {
                let box = detection.box
                text += [box.x, box.y, box.width, box.height, detection.score].map(JSONWriter.format).joined(separator: " ") + "\n"
            }
        }
        return text
    }

    public static func write(_ detections: [[Detection]], samples: [Sample], to path: String) throws {
        try FileIO.writeAtomically(text(detections, samples: samples), to: path)
    }

    /// True for a file whose first lines are an image name, a count, and a region line.
    public static func recognises(_ path: String) -> Bool {
        guard !FileIO.isDirectory(path), let bytes = try? FileIO.readPrefix(path, count: 4096) else { return false }
        let head = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true).prefix(3)
        guard head.count >= 2, head[0].split(separator: " ").count == 1, Int(head[1].trimmingCharacters(in: .whitespacesAndNewlines)) != nil else { return false }
        return head.count == 2 || [5, 6].contains(head[2].split(separator: " ").count)
    }
}
