import FaceBenchModel

/// Reads Pascal VOC annotation XML: one `<annotation>` file per image with `<filename>`,
/// `<size><width><height>`, and `<object>`s of `<name>`, `<difficult>`, `<truncated>`,
/// `<pose>` and `<bndbox><xmin><ymin><xmax><ymax>`. Given a VOC folder (with
/// `Annotations/`), a folder of such files, or one file.
///
/// - Coordinates: VOC's are 1-based inclusive pixels, so a box spans `xmin…xmax` whole
///   pixels. FaceBench boxes are continuous: `x = xmin - 1`, `width = xmax - xmin + 1` (and
///   the same vertically). The continuous IoU of such boxes is the devkit's "+1" overlap.
/// - Faces: objects named "face" (any case). A dataset where no object is so named keeps
///   every object, with its class in `attributes["class"]`.
/// - `difficult` objects are ignored faces (VOC's "difficult"); `truncated` and `pose` are
///   kept as attributes.
/// - Images are ordered by annotation file name and found in `JPEGImages/` beside
///   `Annotations/`, or beside the XML file.
public enum PascalVOCLoader {
    /// True for a VOC folder, a folder of `<annotation>` XML files, or one such file.
    public static func recognises(_ path: String) -> Bool {
        annotationFiles(path).first.map(isAnnotation) ?? false
    }

    public static func load(path: String, name: String, source: any FileSource = LocalFiles()) throws -> Dataset {
        let files = annotationFiles(path, source: source)
        guard !files.isEmpty else { throw FaceBenchError.io(path: path, reason: "no Pascal VOC annotation files (*.xml) here") }
        var parsed = try files.map { try read($0, source: source) }
        let hasFaces = parsed.contains { $0.objects.contains { $0.name.lowercased() == "face" } }
        for index in parsed.indices where hasFaces {
            parsed[index].objects.removeAll { $0.name.lowercased() != "face" }
        }
        let samples = parsed.enumerated().map { index, image in
            Sample(
                id: index + 1, name: image.fileName, path: image.imagePath, width: image.width, height: image.height,
                faces: image.objects.map { object in
                    var attributes = object.attributes
                    if !hasFaces { attributes["class"] = object.name }
                    return Face(box: object.box, ignore: object.difficult, attributes: attributes)
                })
        }
        let root = source.isDirectory(path) ? path : FileIO.parent(of: files[0])
        var dataset = Dataset(name: name, format: "pascal-voc", root: root, annotationFiles: files, samples: samples)
        dataset.imageFolders = Array(Set(files.flatMap { imageCandidates(forAnnotationIn: FileIO.parent(of: $0)) })).sorted()
        return dataset
    }

    struct Object {
        var name: String
        var box: Box
        var difficult: Bool
        var attributes: [String: String]
    }

    struct Image {
        var fileName: String
        var imagePath: String?
        var width: Int?
        var height: Int?
        var objects: [Object]
    }

    static func annotationFiles(_ path: String, source: any FileSource = LocalFiles()) -> [String] {
        if !source.isDirectory(path) { return path.lowercased().hasSuffix(".xml") ? [path] : [] }
        let folder = source.isDirectory(path + "/Annotations") ? path + "/Annotations" : path
        return source.list(folder).filter { $0.lowercased().hasSuffix(".xml") }.map { folder + "/" + $0 }
    }

    static func isAnnotation(_ file: String) -> Bool {
        guard let prefix = try? FileIO.readPrefix(file, count: 1024) else { return false }
        return String(decoding: prefix, as: UTF8.self).contains("<annotation")
    }

    static func read(_ file: String, source: any FileSource) throws -> Image {
        let tree = try XMLTree.parse(try source.read(file), path: file)
        func fail(_ element: XMLTree.Element, _ reason: String) -> FaceBenchError {
            .malformed(path: file, location: "<\(element.name)> at line \(element.line)", reason: reason)
        }
        guard tree.name == "annotation" else { throw fail(tree, "root element is <\(tree.name)>, expected <annotation>") }
        guard let fileName = tree.child("filename")?.text.trimmingSpaces, !fileName.isEmpty else { throw fail(tree, "missing <filename>") }
        func integer(_ element: XMLTree.Element?, _ key: String) throws -> Int? {
            guard let child = element?.child(key) else { return nil }
            guard let value = Int(child.text.trimmingSpaces) else { throw fail(child, "<\(key)> '\(child.text.trimmingSpaces)' is not an integer") }
            return value
        }
        let size = tree.child("size")
        let width = try integer(size, "width").flatMap { $0 > 0 ? $0 : nil }
        let height = try integer(size, "height").flatMap { $0 > 0 ? $0 : nil }
        let objects = try tree.children("object").map { object -> Object in
            guard let box = object.child("bndbox") else { throw fail(object, "object without <bndbox>") }
            func coordinate(_ key: String) throws -> Double {
                guard let child = box.child(key) else { throw fail(box, "<bndbox> without <\(key)>") }
                guard let value = Double(child.text.trimmingSpaces), value.isFinite else {
                    throw fail(child, "<\(key)> '\(child.text.trimmingSpaces)' is not a number")
                }
                return value
            }
            let xmin = try coordinate("xmin"), ymin = try coordinate("ymin"), xmax = try coordinate("xmax"), ymax = try coordinate("ymax")
            guard xmax >= xmin, ymax >= ymin else { throw fail(box, "xmax < xmin or ymax < ymin") }
            var attributes: [String: String] = [:]
            for key in ["truncated", "pose", "occluded"] {
                if let text = object.child(key)?.text.trimmingSpaces, !text.isEmpty { attributes[key] = text }
            }
            let difficult = object.child("difficult").map { $0.text.trimmingSpaces == "1" } ?? false
            return Object(
                name: object.child("name")?.text.trimmingSpaces ?? "", box: Box(x1: xmin - 1, y1: ymin - 1, x2: xmax, y2: ymax),
                difficult: difficult, attributes: attributes)
        }
        let candidates = imageCandidates(forAnnotationIn: FileIO.parent(of: file)).map { $0 + "/" + fileName }
        return Image(fileName: fileName, imagePath: candidates.first(where: source.exists), width: width, height: height, objects: objects)
    }

    /// `JPEGImages/` beside `Annotations/`, then the annotation's own folder.
    static func imageCandidates(forAnnotationIn folder: String) -> [String] {
        folder.hasSuffix("/Annotations") ? [String(folder.dropLast("Annotations".count)) + "JPEGImages", folder] : [folder]
    }
}
