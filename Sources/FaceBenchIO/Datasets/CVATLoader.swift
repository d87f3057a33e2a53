import FaceBenchModel

/// Reads CVAT's "CVAT for images 1.1" XML (`annotations.xml`, images in `images/` beside it):
/// `<annotations><image id= name= width= height=><box label= xtl= ytl= xbr= ybr= occluded=
/// [group_id=]><attribute name=>…</attribute></box><points label= points="x,y" [group_id=]/>…`.
///
/// - Faces: the boxes of the face class (`FaceClass` among the box labels: `face`, the only
///   one, or `--class`). `xtl ytl xbr ybr` are the corners of the continuous pixel box.
///   `occluded` and each `<attribute>` are kept as attributes; an attribute `ignore` of
///   true/1 marks the face ignored.
/// - Landmarks: `<points>` labelled with the point names of a known scheme
///   (`LandmarkScheme.known`, e.g. `right_eye`, `left_eye`, `nose_tip`, …) belong to the box
///   with the same `group_id`, else to the one face box that holds them all; a face whose
///   points name a whole scheme gets them in the scheme's order. Points of other labels are
///   not landmarks; faces whose labelled points make no whole scheme are counted in a warning.
/// - Boxes of zero width or height are skipped and counted in a warning; `rotation` other
///   than 0 is an error (FaceBench boxes are upright).
public enum CVATLoader {
    public static let expects = "CVAT for images 1.1 XML (<annotations><image name= width= height=><box label= xtl= ytl= xbr= ybr=>), or a folder with annotations.xml and images/"

    static func file(_ path: String, source: any FileSource) -> String? {
        if !source.isDirectory(path) { return path.lowercased().hasSuffix(".xml") ? path : nil }
        return source.exists(path + "/annotations.xml") ? path + "/annotations.xml" : nil
    }

    public static func recognises(_ path: String, source: any FileSource = LocalFiles()) -> Bool {
        guard let file = file(path, source: source), let prefix = try? source.readPrefix(file, count: 4096) else { return false }
        let text = String(decoding: prefix, as: UTF8.self)
        return text.contains("<annotations") && (text.contains("<version>1.1</version>") || text.contains("<image "))
    }

    public static func load(path: String, name: String, reading: DatasetReading = DatasetReading(), source: any FileSource = LocalFiles()) throws -> Dataset {
        guard let file = file(path, source: source) else {
            throw FaceBenchError.malformed(path: path, location: nil, reason: "no annotations.xml here; expected " + expects)
        }
        let tree = try XMLTree.parse(try source.read(file), path: file)
        func fail(_ element: XMLTree.Element, _ reason: String) -> FaceBenchError {
            .malformed(path: file, location: "<\(element.name)> at line \(element.line)", reason: reason)
        }
        guard tree.name == "annotations" else { throw fail(tree, "root element is <\(tree.name)>, expected <annotations>") }
        let images = tree.children("image")
        let faceLabel = try FaceClass.chooseName(
            reading.faceClass, among: images.flatMap { $0.children("box").compactMap { $0.attribute("label") } }, file: file)
        let directory = FileIO.parent(of: file)
        let folders = ImageFolders(default: [directory + "/images", directory], reading: reading)
        let pointNames = Set(LandmarkScheme.known.flatMap(\.pointNames))
        var samples: [Sample] = [], seen = Set<String>(), skipped: [String] = [], unschemed = 0, schemes = Set<String>()
        for image in images {
            guard let imageName = image.attribute("name"), !imageName.isEmpty else { throw fail(image, "missing attribute 'name'") }
            guard seen.insert(imageName).inserted else { throw fail(image, "image \(imageName) appears twice") }
            func size(_ key: String) throws -> Int? {
                guard let text = image.attribute(key) else { return nil }
                guard let value = Int(text), value > 0, Double(value) <= CoordinateBounds.limit else { throw fail(image, "\(key)='\(text)' is not a positive integer") }
                return value
            }
            var width = try size("width"), height = try size("height")
            let found = folders.locate(imageName, source: source)
            if let found, width == nil || height == nil {
                let header = try source.imageSize(found)
                (width, height) = (header.width, header.height)
            }
            var faces: [(face: Face, group: String?)] = []
            for box in image.children("box") where faceLabel.map({ box.attribute("label") == $0 }) ?? true {
                func number(_ key: String) throws -> Double {
                    guard let text = box.attribute(key) else { throw fail(box, "missing attribute '\(key)'") }
                    guard let value = Double(text), value.isFinite else { throw fail(box, "\(key)='\(text)' is not a number") }
                    if let reason = CoordinateBounds.problem(value, key) { throw fail(box, reason) }
                    return value
                }
                if let rotation = box.attribute("rotation"), Double(rotation) != 0 {
                    throw fail(box, "rotation='\(rotation)': FaceBench boxes are upright")
                }
                let rect = Box(x1: try number("xtl"), y1: try number("ytl"), x2: try number("xbr"), y2: try number("ybr"))
                guard rect.width >= 0, rect.height >= 0 else { throw fail(box, "xbr < xtl or ybr < ytl") }
                guard rect.width > 0, rect.height > 0 else {
                    skipped.append("line \(box.line)")
                    continue
                }
                var attributes: [String: String] = [:]
                if let occluded = box.attribute("occluded") { attributes["occluded"] = occluded }
                var ignore = false
                for attribute in box.children("attribute") {
                    guard let key = attribute.attribute("name") else { throw fail(attribute, "missing attribute 'name'") }
                    let value = attribute.text.trimmingSpaces
                    if key == "ignore" { ignore = ["true", "1", "yes"].contains(value.lowercased()) } else { attributes[key] = value }
                }
                faces.append((Face(box: rect, ignore: ignore, attributes: attributes), box.attribute("group_id")))
            }
            var pointsOfFace: [[String: Point]] = Array(repeating: [:], count: faces.count)
            for element in image.children("points") {
                guard let label = element.attribute("label"), pointNames.contains(label) else { continue }
                guard let text = element.attribute("points") else { throw fail(element, "missing attribute 'points'") }
                let pairs = text.split(separator: ";").map { $0.split(separator: ",").map { Double($0.trimmingSpaces) } }
                guard pairs.count == 1, pairs[0].count == 2, let x = pairs[0][0], let y = pairs[0][1], x.isFinite, y.isFinite else {
                    throw fail(element, "points='\(text)': a landmark is one point 'x,y'")
                }
                let point = Point(x: x, y: y)
                if let reason = CoordinateBounds.problem(x, "x") ?? CoordinateBounds.problem(y, "y") { throw fail(element, reason) }
                let owners = element.attribute("group_id").map { group in faces.indices.filter { faces[$0].group == group } }
                    ?? faces.indices.filter { holds(faces[$0].face.box, point) }
                guard owners.count == 1 else { continue }
                guard pointsOfFace[owners[0]].updateValue(point, forKey: label) == nil else {
                    throw fail(element, "a second '\(label)' point for the same face")
                }
            }
            for index in faces.indices where !pointsOfFace[index].isEmpty {
                let names = Set(pointsOfFace[index].keys)
                guard let scheme = LandmarkScheme.known.first(where: { Set($0.pointNames) == names }) else {
                    unschemed += 1
                    continue
                }
                faces[index].face.landmarks = scheme.pointNames.map { pointsOfFace[index][$0]! }
                schemes.insert(scheme.id)
            }
            samples.append(Sample(id: samples.count + 1, name: imageName, path: found, width: width, height: height, faces: faces.map(\.face)))
        }
        guard schemes.count <= 1 else {
            throw FaceBenchError.malformed(path: file, location: nil, reason: "faces' points follow several landmark schemes (\(schemes.sorted().joined(separator: ", ")))")
        }
        var dataset = Dataset(name: name, format: "cvat", root: directory, annotationFiles: [file], samples: samples, landmarkScheme: schemes.first)
        dataset.imageFolders = folders.folders
        if !skipped.isEmpty {
            dataset.warnings.append("\(file): \(skipped.count) box\(skipped.count == 1 ? "" : "es") of zero width or height skipped (first: \(skipped[0]))")
        }
        if unschemed > 0 {
            dataset.warnings.append("\(file): \(unschemed) face\(unschemed == 1 ? "'s points make" : "s' points make") no whole landmark scheme; their landmarks are left out")
        }
        return dataset
    }

    static func holds(_ box: Box, _ point: Point) -> Bool {
        point.x >= box.x && point.x <= box.x + box.width && point.y >= box.y && point.y <= box.y + box.height
    }
}
