import FaceBenchModel

/// Reads dlib imglab XML (`training.xml`, `testing.xml`, `*_with_face_landmarks.xml`):
/// `<dataset><images><image file= [width= height=]><box top= left= width= height=
/// [ignore='1']><part name= x= y=/>…</box></image></images></dataset>`.
///
/// dlib boxes are inclusive pixel rectangles whose `width` is `right - left + 1`, which is
/// the continuous box `[left, left + width)`. Parts are sorted by their numeric name (the
/// iBUG 68 scheme names them 00…67). Box attributes other than the geometry are kept.
public enum DlibXMLLoader {
    public static func load(files: [String], root: String, name: String, landmarkFiles: [String] = [], source: any FileSource = LocalFiles()) throws -> Dataset {
        var samples: [Sample] = []
        var seen: [String: Int] = [:]
        for file in files {
            for sample in try readSamples(in: file, root: root, source: source) {
                if let index = seen[sample.name] {
                    samples[index].faces += sample.faces
                } else {
                    seen[sample.name] = samples.count
                    samples.append(sample)
                }
            }
        }
        if !landmarkFiles.isEmpty {
            let marked = try landmarkFiles.flatMap { try readSamples(in: $0, root: root, source: source) }
            attachLandmarks(from: marked, to: &samples)
        }
        for index in samples.indices { samples[index].id = index + 1 }
        var dataset = Dataset(
            name: name, format: "dlib-xml", root: root, annotationFiles: files + landmarkFiles,
            samples: samples, landmarkScheme: try scheme(of: samples, files: landmarkFiles.isEmpty ? files : landmarkFiles))
        dataset.imageFolders = Array(Set(files.map(FileIO.parent))).sorted()
        return dataset
    }

    /// dlib's files hold 68 parts (iBUG) or 5 (its 5-point predictor's training set); every
    /// marked face of a dataset must have the same number, or points would be compared by position
    /// across schemes.
    static func scheme(of samples: [Sample], files: [String]) throws -> String? {
        var first: (count: Int, image: String)?
        for sample in samples {
            for face in sample.faces {
                guard let count = face.landmarks?.count else { continue }
                guard let seen = first else {
                    first = (count, sample.name)
                    continue
                }
                if count != seen.count {
                    throw FaceBenchError.malformed(
                        path: files.joined(separator: ", "), location: sample.name,
                        reason: "a face has \(count) landmark parts where \(seen.image) has \(seen.count)")
                }
            }
        }
        switch first?.count {
        case nil: return nil
        case LandmarkScheme.ibug68.pointNames.count: return LandmarkScheme.ibug68.id
        case LandmarkScheme.dlib5.pointNames.count: return LandmarkScheme.dlib5.id
        case let count?:
            throw FaceBenchError.malformed(
                path: files.joined(separator: ", "), location: first?.image,
                reason: "faces have \(count) landmark parts; known schemes have 68 (iBUG) or 5 (dlib)")
        }
    }

    static func readSamples(in file: String, root: String, source: any FileSource) throws -> [Sample] {
        let tree = try XMLTree.parse(try source.read(file), path: file)
        guard tree.name == "dataset" else {
            throw FaceBenchError.malformed(path: file, location: "line \(tree.line)", reason: "root element is <\(tree.name)>, expected <dataset>")
        }
        let images = tree.child("images")?.children("image") ?? []
        let directory = FileIO.parent(of: file)
        return try images.map { image in
            func fail(_ element: XMLTree.Element, _ reason: String) -> FaceBenchError {
                .malformed(path: file, location: "<\(element.name)> at line \(element.line)", reason: reason)
            }
            guard let name = image.attribute("file"), !name.isEmpty else { throw fail(image, "missing attribute 'file'") }
            let path = name.hasPrefix("/") ? name : (directory.isEmpty ? name : directory + "/" + name)
            var width = try image.attribute("width").map { try integer($0, "width", image, fail) }
            var height = try image.attribute("height").map { try integer($0, "height", image, fail) }
            let present = source.exists(path)
            if width == nil || height == nil, present {
                let size = try source.imageSize(path)
                width = size.width
                height = size.height
            }
            let faces = try image.children("box").map { box -> Face in
                func number(_ key: String) throws -> Double {
                    guard let text = box.attribute(key) else { throw fail(box, "missing attribute '\(key)'") }
                    guard let value = Double(text), value.isFinite else { throw fail(box, "\(key)='\(text)' is not a number") }
                    if let reason = CoordinateBounds.problem(value, key) { throw fail(box, reason) }
                    return value
                }
                let rect = Box(x: try number("left"), y: try number("top"), width: try number("width"), height: try number("height"))
                guard rect.width > 0, rect.height > 0 else { throw fail(box, "width and height must be positive") }
                if let width, let height, rect.clipped(width: Double(width), height: Double(height)).area == 0 {
                    throw fail(box, "box \(rect) lies wholly outside the \(width)x\(height) image")
                }
                let parts = try box.children("part").map { part -> (Int, Point) in
                    guard let label = part.attribute("name"), let index = Int(label) else {
                        throw fail(part, "part name must be a number")
                    }
                    guard let x = part.attribute("x").flatMap(Double.init), let y = part.attribute("y").flatMap(Double.init) else {
                        throw fail(part, "part needs numeric x and y")
                    }
                    if let reason = CoordinateBounds.problem(x, "x") ?? CoordinateBounds.problem(y, "y") { throw fail(part, reason) }
                    if let problem = LandmarkChecks.problem([Point(x: x, y: y)], width: width, height: height) {
                        throw fail(part, "part \(label): " + problem.replacingOccurrences(of: "point 1 ", with: ""))
                    }
                    return (index, Point(x: x, y: y))
                }.sorted { $0.0 < $1.0 }
                // dlib's files number parts 00–67 (zero-padded); a gap or repeat would shift every later point.
                if let gap = parts.indices.first(where: { parts[$0].0 != $0 }) {
                    throw fail(box, "part \(gap) is missing or repeated (\(parts.count) parts; expected 0 to \(parts.count - 1) once each)")
                }
                let points = parts.map(\.1)
                var attributes: [String: String] = [:]
                for (key, value) in box.attributes where !["left", "top", "width", "height", "ignore"].contains(key) {
                    attributes[key] = value
                }
                let ignore = box.attribute("ignore").map { $0 == "1" || $0 == "true" } ?? false
                return Face(box: rect, landmarks: points.isEmpty ? nil : points, ignore: ignore, attributes: attributes)
            }
            let relative = root.isEmpty || !path.hasPrefix(root + "/") ? name : String(path.dropFirst(root.count + 1))
            return Sample(id: 0, name: relative, path: present ? path : nil, width: width, height: height, faces: faces)
        }
    }

    private static func integer(
        _ text: String, _ key: String, _ element: XMLTree.Element,
        _ fail: (XMLTree.Element, String) -> FaceBenchError
    ) throws -> Int {
        guard let value = Int(text), value > 0 else { throw fail(element, "\(key)='\(text)' is not a positive integer") }
        guard Double(value) <= CoordinateBounds.limit else { throw fail(element, "\(key)=\(text) is beyond 2^30 pixels") }
        return value
    }

    /// Gives each face the landmarks of the best-overlapping marked face of the same image
    /// (IoU ≥ 0.5), each marked face used once. dlib's landmark files re-annotate a few boxes
    /// slightly, so exact equality would drop them.
    static func attachLandmarks(from marked: [Sample], to samples: inout [Sample]) {
        let byName = Dictionary(marked.map { ($0.name, $0.faces) }, uniquingKeysWith: +)
        for s in samples.indices {
            guard var candidates = byName[samples[s].name] else { continue }
            for f in samples[s].faces.indices where samples[s].faces[f].landmarks == nil {
                let box = samples[s].faces[f].box
                let best = candidates.indices.max { box.iou(candidates[$0].box) < box.iou(candidates[$1].box) }
                guard let best, box.iou(candidates[best].box) >= 0.5, let points = candidates[best].landmarks else { continue }
                samples[s].faces[f].landmarks = points
                candidates.remove(at: best)
            }
        }
    }
}
