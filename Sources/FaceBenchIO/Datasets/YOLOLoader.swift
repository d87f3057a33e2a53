import FaceBenchModel

/// Reads YOLO (Darknet, Ultralytics, Roboflow) detection labels: a text file per image,
/// `labels/<stem>.txt` beside `images/<stem>.<any image extension>`, one box per line as
/// `class cx cy w h` with the centre and size normalised to the image (0…1).
///
/// - Layouts: `images/` + `labels/`; the same with a subfolder per split
///   (`images/train/` + `labels/train/`, Ultralytics); or a folder per split each holding
///   `images/` + `labels/` (Roboflow). Splits are read in name order and samples named
///   `<split>/<image>`.
/// - Every image is a sample: one without a label file has no faces (YOLO's background
///   images). A label file without its image is an error.
/// - Class names come from `data.yaml` / `dataset.yaml` (`names:` as a list or an index map)
///   or `classes.txt` / `obj.names` (a name per line); the face class is `FaceClass`'s choice,
///   by name or index. Boxes of other classes are left out.
/// - Boxes: `x = (cx - w/2) * width`, `width = w * width` (and vertically), the continuous
///   pixel box of the normalised one. A number outside [0, 1] or a line without exactly five
///   fields is an error naming the file and line; a box of zero width or height is skipped
///   and counted in a warning.
public enum YOLOLoader {
    public static let expects =
        "a folder with images/ and labels/*.txt ('class cx cy w h' normalised to 0–1; per split images/<split>/ + labels/<split>/, or <split>/images/ + <split>/labels/), class names in data.yaml or classes.txt"

    /// An image folder and the label folder beside it, with the prefix of their sample names.
    struct Split {
        var images: String
        var labels: String
        var prefix: String
    }

    public static func recognises(_ path: String, source: any FileSource = LocalFiles()) -> Bool {
        !splits(of: path, source: source).isEmpty
    }

    static func splits(of path: String, source: any FileSource) -> [Split] {
        guard source.isDirectory(path) else { return [] }
        func hasLabels(_ folder: String) -> Bool { source.list(folder).contains { $0.hasSuffix(".txt") } }
        let images = path + "/images", labels = path + "/labels"
        if source.isDirectory(images), source.isDirectory(labels) {
            if hasLabels(labels) || !ImageFolders.images(in: images, source: source).isEmpty {
                return [Split(images: images, labels: labels, prefix: "")]
            }
            return source.list(labels).filter { source.isDirectory(images + "/" + $0) && source.isDirectory(labels + "/" + $0) }
                .map { Split(images: images + "/" + $0, labels: labels + "/" + $0, prefix: $0 + "/") }
        }
        return source.list(path).filter { source.isDirectory(path + "/" + $0 + "/images") && source.isDirectory(path + "/" + $0 + "/labels") }
            .map { Split(images: path + "/" + $0 + "/images", labels: path + "/" + $0 + "/labels", prefix: $0 + "/") }
    }

    public static func load(path: String, name: String, reading: DatasetReading = DatasetReading(), source: any FileSource = LocalFiles()) throws -> Dataset {
        var splits = splits(of: path, source: source)
        guard !splits.isEmpty else { throw FaceBenchError.malformed(path: path, location: nil, reason: "not a YOLO dataset; expected " + expects) }
        if let images = reading.images {
            guard splits.count == 1 else {
                throw FaceBenchError.usage("--images names one image folder; \(path) has the splits \(splits.map(\.prefix).joined(separator: ", "))")
            }
            splits[0].images = images
        }
        let (names, namesFile) = try classNames(in: path, source: source)
        let faceClass = try FaceClass.choose(reading.faceClass, among: names, file: namesFile ?? path)
        var samples: [Sample] = [], annotationFiles: [String] = [], skipped: [String] = []
        var usedClasses = Set<Int>()
        for split in splits {
            let images = ImageFolders.images(in: split.images, source: source)
            var imageOfStem: [String: String] = [:]
            for image in images {
                let stem = ImageFolders.stem(image)
                if let other = imageOfStem[stem] {
                    throw FaceBenchError.malformed(
                        path: split.images, location: nil, reason: "\(other) and \(image) share the label file \(stem).txt")
                }
                imageOfStem[stem] = image
            }
            let labelFiles = source.list(split.labels).filter { $0.hasSuffix(".txt") && $0 != "classes.txt" }
            if let orphan = labelFiles.first(where: { imageOfStem[ImageFolders.stem($0)] == nil }) {
                throw FaceBenchError.malformed(
                    path: split.labels + "/" + orphan, location: nil,
                    reason: "no image for it in \(split.images)/ (looked for \(ImageFolders.stem(orphan)).*)")
            }
            let labelled = Set(labelFiles.map(ImageFolders.stem))
            for image in images {
                let imagePath = split.images + "/" + image
                let size = try source.imageSize(imagePath)
                var faces: [Face] = []
                let stem = ImageFolders.stem(image)
                if labelled.contains(stem) {
                    let file = split.labels + "/" + stem + ".txt"
                    annotationFiles.append(file)
                    let lines = try source.lines(file)
                    for line in lines {
                        guard let (classIndex, box) = try box(line, in: lines, classCount: names.count, size: size) else { continue }
                        usedClasses.insert(classIndex)
                        guard faceClass.map({ $0 == classIndex }) ?? true else { continue }
                        guard box.width > 0, box.height > 0 else {
                            skipped.append("\(file) line \(line.number)")
                            continue
                        }
                        faces.append(Face(box: box))
                    }
                }
                samples.append(Sample(
                    id: samples.count + 1, name: split.prefix + image, path: imagePath, width: size.width, height: size.height, faces: faces))
            }
        }
        if names.isEmpty, faceClass == nil, usedClasses.count > 1 {
            throw FaceBenchError.malformed(
                path: path, location: nil,
                reason: "labels use the classes \(usedClasses.sorted().map(String.init).joined(separator: ", ")) and no data.yaml or classes.txt names them: name the face class with --class INDEX")
        }
        var dataset = Dataset(
            name: name, format: "yolo", root: path, annotationFiles: (namesFile.map { [$0] } ?? []) + annotationFiles, samples: samples)
        dataset.imageFolders = splits.map(\.images)
        if !skipped.isEmpty {
            dataset.warnings.append("\(skipped.count) box\(skipped.count == 1 ? "" : "es") of zero width or height skipped (first: \(skipped[0]))")
        }
        return dataset
    }

    /// The class and pixel box of a label line, or nil for a blank line.
    static func box(_ line: NumberedLines.Line, in lines: NumberedLines, classCount: Int, size: ImageHeader.Size) throws -> (Int, Box)? {
        let fields = line.fields
        if fields.isEmpty { return nil }
        guard fields.count == 5 else {
            throw lines.malformed(line, "expected 'class cx cy w h' (a class and 4 numbers), found \(fields.count) field\(fields.count == 1 ? "" : "s")")
        }
        guard let classIndex = Int(fields[0]), classIndex >= 0 else { throw lines.malformed(line, "class '\(fields[0])' is not a class index (0, 1, …)") }
        if classCount > 0, classIndex >= classCount {
            throw lines.malformed(line, "class \(classIndex), but only \(classCount) class\(classCount == 1 ? " is" : "es are") named")
        }
        var values: [Double] = []
        for (field, what) in zip(fields.dropFirst(), ["cx", "cy", "w", "h"]) {
            guard let value = Double(field), value.isFinite else { throw lines.malformed(line, "\(what) '\(field)' is not a number") }
            guard value >= 0, value <= 1 else {
                throw lines.malformed(line, "\(what) \(field) is outside [0, 1]: YOLO coordinates are fractions of the image size")
            }
            values.append(value)
        }
        let width = Double(size.width), height = Double(size.height)
        let box = Box(x: (values[0] - values[2] / 2) * width, y: (values[1] - values[3] / 2) * height, width: values[2] * width, height: values[3] * height)
        return (classIndex, box)
    }

    /// The class names from `data.yaml` / `dataset.yaml` or `classes.txt` / `obj.names` in
    /// `path` or its labels folder, and the file they came from.
    static func classNames(in path: String, source: any FileSource) throws -> ([String], String?) {
        for name in ["data.yaml", "dataset.yaml", "data.yml"] where source.exists(path + "/" + name) {
            let file = path + "/" + name
            return (try YAMLNames.read(file, source: source), file)
        }
        for file in [path + "/classes.txt", path + "/obj.names", path + "/labels/classes.txt"] where source.exists(file) {
            let names = try source.lines(file).map { String($0.text).trimmingSpaces }.filter { !$0.isEmpty }
            return (names, file)
        }
        return ([], nil)
    }
}

/// The `names:` of an Ultralytics dataset YAML, in its three spellings: a flow list
/// (`names: [face, person]`), a block list (`- face`), or an index map (`0: face`).
/// Only this key is read; the rest of the file is not parsed.
enum YAMLNames {
    static func read(_ file: String, source: any FileSource) throws -> [String] {
        let lines = Array(try source.lines(file))
        guard let start = lines.firstIndex(where: { $0.text.hasPrefix("names:") }) else {
            throw FaceBenchError.malformed(path: file, location: nil, reason: "no 'names:' key naming the classes")
        }
        let inline = String(lines[start].text.dropFirst("names:".count)).withoutComment.trimmingSpaces
        if !inline.isEmpty {
            guard inline.hasPrefix("["), inline.hasSuffix("]") else {
                throw FaceBenchError.malformed(path: file, location: "line \(lines[start].number)", reason: "names: expects [a, b, …] or the names on the lines below")
            }
            return inline.dropFirst().dropLast().split(separator: ",").map { unquoted(String($0)) }.filter { !$0.isEmpty }
        }
        var names: [String] = [], indexed: [Int: String] = [:]
        for line in lines[(start + 1)...] {
            let text = String(line.text).withoutComment
            if text.trimmingSpaces.isEmpty { continue }
            guard text.first == " " || text.first == "\t" || text.hasPrefix("-") else { break }
            let entry = text.trimmingSpaces
            if entry.hasPrefix("-") {
                names.append(unquoted(String(entry.dropFirst())))
            } else if let colon = entry.firstIndex(of: ":"), let index = Int(String(entry[..<colon]).trimmingSpaces), index >= 0, index < 1 << 16 {
                guard indexed.updateValue(unquoted(String(entry[entry.index(after: colon)...])), forKey: index) == nil else {
                    throw FaceBenchError.malformed(path: file, location: "line \(line.number)", reason: "class \(index) is named twice")
                }
            } else {
                throw FaceBenchError.malformed(path: file, location: "line \(line.number)", reason: "expected '- name' or 'index: name' under names:")
            }
        }
        if !indexed.isEmpty {
            guard names.isEmpty, indexed.keys.sorted() == Array(0..<indexed.count) else {
                throw FaceBenchError.malformed(path: file, location: "line \(lines[start].number)", reason: "names: must number the classes 0, 1, … without gaps")
            }
            return (0..<indexed.count).map { indexed[$0]! }
        }
        return names
    }

    static func unquoted(_ text: String) -> String {
        let trimmed = text.trimmingSpaces
        if trimmed.count >= 2, let first = trimmed.first, first == "'" || first == "\"", trimmed.last == first {
            return String(trimmed.dropFirst().dropLast())
        }
        return trimmed
    }
}

extension String {
    /// The text before a YAML comment (` #` or a leading `#`).
    fileprivate var withoutComment: String {
        if hasPrefix("#") { return "" }
        guard let range = range(of: " #") else { return self }
        return String(self[..<range.lowerBound])
    }
}
