import Foundation
import FaceBenchModel

/// WIDER FACE's prediction layout, the input of the official evaluation: a folder per event,
/// a text file per image (`<root>/<event>/<image>.txt`) holding the image name, the number of
/// boxes, then one `x y w h score` line per box.
///
/// Reading follows `read_pred.m` where it is well defined — the first line is not used (the
/// file's path names the image), only the first five numbers of a box line count, a missing
/// file means no predictions — and refuses what MATLAB would silently drop or the popular
/// Python port would read differently: a count that is not a number, fewer or more box lines
/// than the count, fewer than five numbers, non-finite values. Each error names the file and
/// line. Writing produces files both tools read back to the same numbers (coordinates and
/// scores are written in the shortest form that reads back exactly).
public enum WIDERPredictionFolder {
    /// Detections by sample id for every file under `root` (`root/event/image.txt`, or
    /// `root/image.txt`). A file that matches no sample of `dataset` is an error.
    public static func read(_ root: String, for dataset: Dataset) throws -> [Int: [Detection]] {
        guard FileIO.isDirectory(root) else { throw FaceBenchError.io(path: root, reason: "not a folder of WIDER prediction files") }
        let resolver = SampleResolver(dataset)
        var detections: [Int: [Detection]] = [:]
        var files: [(path: String, key: String)] = []
        for entry in FileIO.list(root) {
            let path = root + "/" + entry
            let isFolder = FileIO.isDirectory(path)
            if entry.hasSuffix(".txt"), !isFolder {
                files.append((path, String(entry.dropLast(4))))
            } else if isFolder {
                for file in FileIO.list(path) where file.hasSuffix(".txt") {
                    files.append((path + "/" + file, entry + "/" + String(file.dropLast(4))))
                }
            }
        }
        for (path, key) in files {
            guard let id = resolver.sample(named: key) else {
                throw FaceBenchError.malformed(path: path, location: nil, reason: "no image '\(key)' in dataset \(dataset.name)")
            }
            guard detections[id] == nil else {
                throw FaceBenchError.malformed(path: path, location: nil, reason: "a second prediction file for image '\(key)'")
            }
            detections[id] = try readFile(path, image: String(key.split(separator: "/").last ?? ""))
        }
        return detections
    }

    /// The boxes of one prediction file, in file order. With `image` (the file's own name
    /// without .txt), the name on its first line must be that image's.
    public static func readFile(_ path: String, image: String? = nil) throws -> [Detection] {
        try parse(FileIO.read(path), path: path, image: image)
    }

    public static func parse(_ bytes: [UInt8], path: String, image: String? = nil) throws -> [Detection] {
        let text = TextScanner(bytes)
        let lines = text.lines
        guard lines.count >= 2 else {
            throw FaceBenchError.malformed(path: path, location: nil, reason: "expected the image name and the number of boxes on the first two lines")
        }
        if let image {
            let named = String(decoding: bytes[lines[0]], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            let stem = SampleResolver.stripExtension(String(named.split(separator: "/").last ?? ""))
            guard stem == image else {
                throw FaceBenchError.malformed(path: path, location: "line 1", reason: "names image '\(named)' but the file is for '\(image)'")
            }
        }
        guard let count = text.count(onLine: 1) else {
            throw FaceBenchError.malformed(path: path, location: "line 2", reason: "expected the number of boxes")
        }
        var boxLines = lines.count - 2
        while boxLines > 0, text.isBlank(line: boxLines + 1) { boxLines -= 1 }
        guard boxLines == count else {
            throw FaceBenchError.malformed(path: path, location: "line 2", reason: "says \(count) boxes but \(boxLines) box lines follow")
        }
        var detections: [Detection] = []
        detections.reserveCapacity(count)
        for number in 0..<count {
            let line = lines[number + 2]
            var cursor = line.lowerBound
            var values: (Double, Double, Double, Double, Double) = (0, 0, 0, 0, 0)
            for k in 0..<5 {
                guard let field = text.nextField(&cursor, line.upperBound) else {
                    throw FaceBenchError.malformed(path: path, location: "line \(number + 3)", reason: "expected 'x y w h score', found \(k) fields")
                }
                let value = try text.finiteNumber(field, line: number + 2, path: path)
                switch k {
                case 0: values.0 = value
                case 1: values.1 = value
                case 2: values.2 = value
                case 3: values.3 = value
                default: values.4 = value
                }
            }
            // Scoring refuses such boxes later, but only here is the file and line known.
            guard values.2 > 0, values.3 > 0 else {
                throw FaceBenchError.malformed(
                    path: path, location: "line \(number + 3)", reason: "box width \(values.2) and height \(values.3) must both be positive")
            }
            detections.append(Detection(box: Box(x: values.0, y: values.1, width: values.2, height: values.3), score: values.4))
        }
        return detections
    }

    /// Writes one file per sample (images without detections get a count of 0) under
    /// `root/<folder of the sample name>/<image>.txt`. `detections[i]` belong to
    /// `samples[i]`. Every file's path is checked before the first is written.
    public static func write(_ detections: [[Detection]], samples: [Sample], to root: String) throws {
        precondition(detections.count == samples.count, "one detection list per sample")
        let folder = OutputFolder(root)
        let paths = try samples.map { try folder.path(try fileName(of: $0), what: "image '\($0.name)'") }
        for ((sample, found), path) in zip(zip(samples, detections), paths) {
            let image = String(SampleResolver.stripExtension(sample.name).split(separator: "/").last ?? "")
            var text = image + "\n" + String(found.count) + "\n"
            for detection in found {
                let box = detection.box
                text += [box.x, box.y, box.width, box.height, detection.score].map(JSONWriter.format).joined(separator: " ") + "\n"
            }
            try FileIO.writeAtomically(text, to: path)
        }
    }

    /// `<folder of the sample name>/<image>.txt`, or an error naming the image when a part
    /// of its name could not be a file's (`..`, an absolute path: `PathComponent`).
    public static func fileName(of sample: Sample) throws -> String {
        let relative = SampleResolver.stripExtension(sample.name) + ".txt"
        if let problem = PathComponent.relativePathProblem(relative) {
            throw FaceBenchError.unsafeName(
                source: "image '\(sample.name)' (sample \(sample.id)) cannot name a file of WIDER's prediction layout", folder: nil, problem: problem)
        }
        return relative
    }

    /// True for a folder holding `.txt` files directly or in its first subfolder.
    public static func recognises(_ path: String) -> Bool {
        guard FileIO.isDirectory(path) else { return false }
        let entries = FileIO.list(path)
        if entries.contains(where: { $0.hasSuffix(".txt") }) { return !entries.contains { $0.hasSuffix(".mat") } }
        guard let folder = entries.first(where: { FileIO.isDirectory(path + "/" + $0) }) else { return false }
        return FileIO.list(path + "/" + folder).contains { $0.hasSuffix(".txt") }
    }
}
