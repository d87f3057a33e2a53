import FaceBenchModel

/// Reads COCO-format ground truth (`{"images", "annotations", "categories"}`), as
/// pycocotools' `COCO` reads it for bbox evaluation.
///
/// - The face category: the one named "face" (any case), else the only category; other
///   categories' annotations are left out. Several categories without a "face" is an error.
/// - Images are ordered by id (pycocotools evaluates them in that order, which breaks score
///   ties between images); `Sample.id` is the 1-based position as everywhere in FaceBench,
///   and the COCO id is kept as `Sample.cocoID` (results files refer to it).
/// - Annotations keep their file order within an image. `bbox` is `[x, y, width, height]`;
///   `iscrowd` makes a crowd face. The annotation's `area` (what COCO's size ranges use) is
///   kept as `Face.annotatedArea` when it differs from width × height.
/// - `"ignore": 1` marks the face ignored for FaceBench's other protocols; COCO's own
///   evaluation disregards it (pycocotools overwrites it with `iscrowd`).
/// - Annotation ids must be unique: pycocotools looks annotations up by id (duplicates
///   collapse into one). Id 0 is read with a warning: pycocotools takes it for "unmatched",
///   so its numbers on such a file (Roboflow's exports number from 0) differ from FaceBench's.
///
/// Read by a streaming pass (`JSONScanner`): a WIDER-sized file (40,000 faces) loads in
/// milliseconds.
///
/// Images are looked for in `images` (by default beside the file, and where the layouts of
/// `COCOLayout` put them).
public enum COCOLoader {
    public static func load(file: String, name: String, images: ImageFolders? = nil, source: any FileSource = LocalFiles()) throws -> Dataset {
        try load(bytes: try source.read(file), file: file, name: name, images: images, source: source)
    }

    struct RawImage {
        var id: Int
        var fileName: String
        var width: Int?
        var height: Int?
        var offset: Int
    }

    struct RawAnnotation {
        var id: Int
        var imageID: Int
        var categoryID: Int
        var box: Box
        var area: Double?
        var crowd: Bool
        var ignore: Bool
        var offset: Int
        /// COCO `keypoints`: x, y, v triples.
        var keypoints: [Double]? = nil
    }

    public static func load(
        bytes: [UInt8], file: String, name: String, images imageFolders: ImageFolders? = nil, source: any FileSource = LocalFiles()
    ) throws -> Dataset {
        var images: [RawImage] = []
        var annotations: [RawAnnotation] = []
        var categories: [(id: Int, name: String)] = []
        var keypointNames: [Int: [String]] = [:]
        var sawImages = false, sawAnnotations = false
        try JSONScanner.scan(bytes, path: file) { scanner in
            try scanner.forEachMember("at the start of a COCO ground-truth file") { scanner, key in
                if scanner.key(key, is: "images") {
                    sawImages = true
                    try scanner.forEachElement("for 'images'") { scanner in
                        images.append(try image(&scanner, index: images.count))
                    }
                } else if scanner.key(key, is: "annotations") {
                    sawAnnotations = true
                    annotations.reserveCapacity(bytes.count / 120)
                    try scanner.forEachElement("for 'annotations'") { scanner in
                        annotations.append(try annotation(&scanner, index: annotations.count))
                    }
                } else if scanner.key(key, is: "categories") {
                    try scanner.forEachElement("for 'categories'") { scanner in
                        var id: Int?, label = ""
                        try scanner.forEachMember("in a category") { scanner, key in
                            if scanner.key(key, is: "id") {
                                id = try scanner.integer("categories[\(categories.count)].id")
                            } else if scanner.key(key, is: "name") {
                                label = try scanner.string()
                            } else if scanner.key(key, is: "keypoints") {
                                var names: [String] = []
                                try scanner.forEachElement("for categories[\(categories.count)].keypoints") { names.append(try $0.string()) }
                                keypointNames[categories.count] = names
                            } else {
                                try scanner.skipValue()
                            }
                        }
                        guard let id else { throw scanner.fail("categories[\(categories.count)] has no id") }
                        categories.append((id, label))
                    }
                } else {
                    try scanner.skipValue()
                }
            }
            guard scanner.atEnd() else { throw scanner.fail("unexpected text after the ground-truth object") }
        }
        func locate(_ offset: Int) -> String {
            JSONScanner.location(of: offset, in: bytes)
        }
        guard sawImages, sawAnnotations else {
            throw FaceBenchError.malformed(path: file, location: nil, reason: "not COCO ground truth: needs 'images' and 'annotations'")
        }
        let category = try faceCategory(categories, annotations: annotations, file: file)
        let pointNames = categories.indices.first { categories[$0].id == category }.flatMap { keypointNames[$0] }
            ?? (categories.count == 1 ? keypointNames[0] : nil)
        var incomplete = 0

        images.sort { $0.id < $1.id }
        var positionOfImage: [Int: Int] = [:]
        positionOfImage.reserveCapacity(images.count)
        for (position, image) in images.enumerated() {
            if let earlier = positionOfImage[image.id] {
                throw FaceBenchError.malformed(
                    path: file, location: locate(image.offset),
                    reason: "image id \(image.id) appears twice (also at \(locate(images[earlier].offset)))")
            }
            positionOfImage[image.id] = position
        }
        var faces = [[Face]](repeating: [], count: images.count)
        var annotationIDs = Set<Int>()
        annotationIDs.reserveCapacity(annotations.count)
        var inverted: [Int] = [], firstInverted = ""
        var zeroID: Int?
        for annotation in annotations {
            if annotation.id == 0 { zeroID = annotation.offset }
            guard annotationIDs.insert(annotation.id).inserted else {
                throw FaceBenchError.malformed(
                    path: file, location: locate(annotation.offset),
                    reason: "annotation id \(annotation.id) appears twice (pycocotools would evaluate one of them twice)")
            }
            guard category.map({ annotation.categoryID == $0 }) ?? true else { continue }
            guard let position = positionOfImage[annotation.imageID] else {
                throw FaceBenchError.malformed(
                    path: file, location: locate(annotation.offset),
                    reason: "annotation \(annotation.id) refers to image \(annotation.imageID), which is not in 'images'")
            }
            let annotatedArea = annotation.area.flatMap { $0 != annotation.box.width * annotation.box.height ? $0 : nil }
            var landmarks: [Point]?
            if let values = annotation.keypoints, values.contains(where: { $0 != 0 }) {
                guard values.count % 3 == 0, pointNames.map({ values.count == 3 * $0.count }) ?? true else {
                    throw FaceBenchError.malformed(
                        path: file, location: locate(annotation.offset),
                        reason: "annotation \(annotation.id) has \(values.count) keypoint numbers; the category names \(pointNames?.count ?? 0) points (x, y, v each)")
                }
                let triples = stride(from: 0, to: values.count, by: 3).map { (Point(x: values[$0], y: values[$0 + 1]), values[$0 + 2]) }
                if triples.contains(where: { $0.1 == 0 }) {
                    incomplete += 1
                } else {
                    landmarks = triples.map(\.0)
                    if let problem = LandmarkChecks.problem(landmarks!, width: images[position].width, height: images[position].height) {
                        throw FaceBenchError.malformed(path: file, location: locate(annotation.offset), reason: "annotation \(annotation.id): " + problem)
                    }
                }
            }
            faces[position].append(Face(
                box: annotation.box, landmarks: landmarks, ignore: annotation.ignore, crowd: annotation.crowd, annotatedArea: annotatedArea))
            if annotation.box.width < 0 || annotation.box.height < 0 {
                if inverted.isEmpty { firstInverted = locate(annotation.offset) }
                inverted.append(annotation.id)
            }
        }
        var landmarkWarnings: [String] = []
        if incomplete > 0 {
            landmarkWarnings.append("\(file): \(incomplete) faces have unlabelled keypoints (v = 0); they are not scored on landmarks")
        }
        let scheme = pointNames.flatMap { names in LandmarkScheme.known.first { $0.pointNames == names }?.id }
        if let pointNames, scheme == nil, faces.contains(where: { $0.contains { $0.landmarks != nil } }) {
            landmarkWarnings.append("\(file): keypoints \(pointNames.prefix(3).joined(separator: ", "))… are no known scheme (\(LandmarkScheme.known.map(\.id).joined(separator: ", "))); the landmarks protocol skips them")
        }
        let directory = FileIO.parent(of: file)
        let folders = imageFolders ?? ImageFolders(COCOLayout.imageFolders(of: file))
        // When the first image is not found (ground truth shipped without images), none is
        // looked up.
        let firstPath = images.first.flatMap { folders.locate($0.fileName, source: source) }
        let samples = images.enumerated().map { position, image in
            Sample(
                id: position + 1, name: image.fileName, path: firstPath == nil ? nil : folders.locate(image.fileName, source: source),
                width: image.width, height: image.height, faces: faces[position], cocoID: image.id)
        }
        var dataset = Dataset(name: name, format: "coco", root: directory, annotationFiles: [file], samples: samples, landmarkScheme: scheme)
        dataset.imageFolders = folders.folders
        dataset.warnings += landmarkWarnings
        if let zeroID {
            dataset.warnings.append(
                "\(file): annotation id 0 at \(locate(zeroID)) (Roboflow numbers from 0): FaceBench scores it as any face, "
                    + "but pycocotools on this file counts a detection matched to it as a false positive")
        }
        if !inverted.isEmpty {
            dataset.warnings.append(
                "\(file): \(inverted.count) annotation\(inverted.count == 1 ? " has" : "s have") a negative width or height "
                    + "(first: id \(inverted[0]) at \(firstInverted)); kept, as pycocotools keeps them: they match nothing")
        }
        return dataset
    }

    static func image(_ scanner: inout JSONScanner, index: Int) throws -> RawImage {
        let offset = scanner.valueStart()
        var id: Int?, fileName = "", width: Int?, height: Int?
        try scanner.forEachMember("in images[\(index)]") { scanner, key in
            if scanner.key(key, is: "id") {
                id = try scanner.integer("images[\(index)].id")
            } else if scanner.key(key, is: "file_name") {
                fileName = try scanner.string()
            } else if scanner.key(key, is: "width"), scanner.peek() != UInt8(ascii: "n") {
                width = try scanner.integer("images[\(index)].width")
            } else if scanner.key(key, is: "height"), scanner.peek() != UInt8(ascii: "n") {
                height = try scanner.integer("images[\(index)].height")
            } else {
                try scanner.skipValue()
            }
        }
        guard let id else { throw scanner.fail("images[\(index)] has no id", at: offset) }
        for (what, side) in [("width", width), ("height", height)] {
            if let side, side < 0 { throw scanner.fail("images[\(index)].\(what) is \(side); an image size cannot be negative", at: offset) }
        }
        return RawImage(id: id, fileName: fileName.isEmpty ? String(id) : fileName, width: width, height: height, offset: offset)
    }

    static func annotation(_ scanner: inout JSONScanner, index: Int) throws -> RawAnnotation {
        let offset = scanner.valueStart()
        var id: Int?, imageID: Int?, categoryID: Int?, box: Box?, area: Double?, crowd = false, ignore = false
        var keypoints: [Double]?
        // An explicit loop rather than `forEachMember`: this runs for every face.
        try scanner.expect(UInt8(ascii: "{"), "for annotations[\(index)]")
        if !scanner.consume(UInt8(ascii: "}")) {
            repeat {
                let key = try scanner.key()
                if scanner.key(key, is: "id") {
                    id = try scanner.integer("annotations[\(index)].id")
                } else if scanner.key(key, is: "image_id") {
                    imageID = try scanner.integer("annotations[\(index)].image_id")
                } else if scanner.key(key, is: "category_id") {
                    categoryID = try scanner.integer("annotations[\(index)].category_id")
                } else if scanner.key(key, is: "bbox") {
                    box = try groundTruthBox(&scanner, index: index)
                } else if scanner.key(key, is: "area") {
                    let at = scanner.valueStart()
                    let value = try scanner.number()
                    guard value.isFinite else { throw scanner.fail("annotations[\(index)].area is \(value)", at: at) }
                    area = value
                } else if scanner.key(key, is: "iscrowd") {
                    crowd = try flag(&scanner)
                } else if scanner.key(key, is: "ignore") {
                    ignore = try flag(&scanner)
                } else if scanner.key(key, is: "keypoints") {
                    var values: [Double] = []
                    let at = scanner.valueStart()
                    try scanner.forEachElement("for annotations[\(index)].keypoints") { values.append(try $0.number()) }
                    guard values.allSatisfy(\.isFinite) else { throw scanner.fail("annotations[\(index)].keypoints has a non-finite number", at: at) }
                    keypoints = values
                } else {
                    try scanner.skipValue()
                }
            } while try scanner.more(closing: UInt8(ascii: "}"), "in annotations[\(index)]")
        }
        guard let id, let imageID, let categoryID, let box else {
            let missing = [("id", id == nil), ("image_id", imageID == nil), ("category_id", categoryID == nil), ("bbox", box == nil)]
                .filter(\.1).map(\.0).joined(separator: ", ")
            throw scanner.fail("annotations[\(index)] has no \(missing)", at: offset)
        }
        return RawAnnotation(
            id: id, imageID: imageID, categoryID: categoryID, box: box, area: area, crowd: crowd, ignore: ignore, offset: offset,
            keypoints: keypoints)
    }

    /// Ground-truth boxes may be empty or even inverted (WIDER's validation set has 0-pixel
    /// faces and one of width -2); pycocotools keeps them (they never match, and a negative
    /// area puts them outside every size range), and so does FaceBench.
    static func groundTruthBox(_ scanner: inout JSONScanner, index: Int) throws -> Box {
        let start = scanner.valueStart()
        let shape = "annotations[\(index)].bbox [x, y, width, height]"
        try scanner.expect(UInt8(ascii: "["), "for \(shape)")
        let x = try scanner.number()
        try scanner.expect(UInt8(ascii: ","), "in \(shape)")
        let y = try scanner.number()
        try scanner.expect(UInt8(ascii: ","), "in \(shape)")
        let width = try scanner.number()
        try scanner.expect(UInt8(ascii: ","), "in \(shape)")
        let height = try scanner.number()
        try scanner.expect(UInt8(ascii: "]"), "after the four numbers of \(shape)")
        guard x.isFinite, y.isFinite, width.isFinite, height.isFinite else {
            throw scanner.fail("annotations[\(index)].bbox [\(x), \(y), \(width), \(height)] has a non-finite number", at: start)
        }
        return Box(x: x, y: y, width: width, height: height)
    }

    /// 0/1, true/false or null (false).
    static func flag(_ scanner: inout JSONScanner) throws -> Bool {
        switch scanner.peek() {
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            let start = scanner.position
            try scanner.skipValue()
            return scanner.bytes[start] == UInt8(ascii: "t")
        default:
            return try scanner.number() != 0
        }
    }

    static func faceCategory(_ categories: [(id: Int, name: String)], annotations: [RawAnnotation], file: String) throws -> Int? {
        if let face = categories.first(where: { $0.name.lowercased() == "face" }) { return face.id }
        if categories.count == 1 { return categories[0].id }
        if categories.isEmpty {
            let used = Set(annotations.map(\.categoryID))
            guard used.count <= 1 else {
                throw FaceBenchError.malformed(
                    path: file, location: "categories",
                    reason: "no categories listed and annotations use several (\(used.sorted())); list them with one named 'face'")
            }
            return used.first
        }
        let names = categories.map { "\($0.id) \"\($0.name)\"" }.joined(separator: ", ")
        throw FaceBenchError.malformed(
            path: file, location: "categories", reason: "several categories (\(names)) and none is named 'face': FaceBench evaluates faces")
    }
}
