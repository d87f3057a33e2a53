import FaceBenchModel

/// Apple Vision face observations (`VNFaceObservation` from `VNDetectFaceRectanglesRequest`
/// or `VNDetectFaceLandmarksRequest`) as an app writes them out: `{"boundingBox",
/// "confidence", "roll", "yaw", "pitch", "faceCaptureQuality", "landmarks": {region: …}}`.
/// Files are `{"images": [{"image": name, "observations": [...]}]}` or an object keyed by
/// image name whose values are observation lists.
///
/// Vision's boxes are normalised to [0, 1] with the origin at the image's bottom-left;
/// they become pixels with the image size from the dataset: x·W, H − (y + h)·H, w·W, h·H.
/// `boundingBox` may be written as `CGRect`'s Codable form `[[x, y], [w, h]]`, as
/// `{"x", "y", "width", "height"}` or as `{"origin": {"x", "y"}, "size": {"width",
/// "height"}}`. Landmarks are `VNFaceLandmarks2D`'s regions under their property names
/// (`"landmarks": {"leftEye": {"normalizedPoints": [[x, y], …]}, "rightPupil": …}`, or a
/// region as a bare point list), normalised to the face box with a bottom-left origin, as
/// `[x, y]` or `{"x", "y"}`; they are converted the same way and reduced to scheme `vision`'s
/// points (`LandmarkScheme.vision`: eyes, pupils, nose and outer lips are read; `allPoints`'
/// order is undocumented, so it is not). Score: `confidence` (1 when absent); roll, yaw,
/// pitch (radians) and capture quality are attributes.
public struct AppleVisionImporter: DetectionImporter {
    public let name = "apple-vision"
    public var landmarkScheme: LandmarkScheme? { .vision }

    static let keptAttributes = ["roll", "yaw", "pitch", "faceCaptureQuality"]

    public init() {}

    public func recognises(_ path: String) -> Bool {
        ImportSniffer.jsonFile(path, containsAny: ["\"observations\"", "\"faceCaptureQuality\""])
    }

    public func load(_ path: String, for dataset: Dataset) throws -> [Int: [Detection]] {
        var collector = ImportCollector(path: path, dataset: dataset)
        let root = try JSONReader.parse(file: path)
        for entry in try collector.entries(root, nameKeys: ["image"], listKey: "observations") {
            let source = collector.source
            try collector.add(image: entry.name, field: entry.field) { sample in
                guard let width = sample.width, let height = sample.height else {
                    throw source.malformed(entry.field, "the size of image '\(sample.name)' is unknown, and Vision's normalised boxes need it")
                }
                let size = (width: Double(width), height: Double(height))
                return try entry.list.enumerated().map { index, observation in
                    try detection(observation, field: "\(entry.field)[\(index)]", imageSize: size, source)
                }
            }
        }
        return collector.detections
    }

    func detection(_ observation: JSONValue, field: String, imageSize: (width: Double, height: Double), _ source: ImportSource) throws -> Detection {
        guard let rect = observation["boundingBox"] else { throw source.malformed(field, "no boundingBox") }
        let normalised = try Self.rect(rect, field: field + ".boundingBox", source)
        let (w, h) = imageSize
        let box = Box(x: normalised.x * w, y: h - (normalised.y + normalised.height) * h,
                      width: normalised.width * w, height: normalised.height * h)
        var detection = Detection(box: box, score: observation["confidence"]?.double ?? 1, attributes: observation.scalarTexts(of: Self.keptAttributes))
        guard let landmarks = observation["landmarks"], !landmarks.isNull else { return detection }
        var regions: [String: [Point]] = [:]
        for (region, value) in landmarks.object?.pairs ?? [] where Self.usedRegions.contains(region) {
            let list = value.array ?? value["normalizedPoints"]?.array ?? []
            regions[region] = try list.enumerated().map { index, point in
                let here = "\(field).landmarks.\(region)[\(index)]"
                guard let xy = Self.pair(point, "x", "y"), xy.0.isFinite, xy.1.isFinite else {
                    throw source.malformed(here, "expected [x, y] or {\"x\", \"y\"} with finite numbers")
                }
                return Point(x: (normalised.x + xy.0 * normalised.width) * w, y: h - (normalised.y + xy.1 * normalised.height) * h)
            }
        }
        let (points, missing) = Self.reduced(regions)
        detection.landmarks = points
        if !missing.isEmpty { detection.attributes[TypedLandmarks.missingAttribute] = missing.joined(separator: ",") }
        return detection
    }

    public func warnings(_ path: String, for dataset: Dataset, loaded: [Int: [Detection]]) -> [String] {
        TypedLandmarks.warnings(loaded, scheme: .vision)
    }

    /// The `VNFaceLandmarks2D` regions the `vision` scheme's points come from.
    static let usedRegions: Set<String> = ["leftEye", "rightEye", "leftPupil", "rightPupil", "nose", "outerLips"]

    /// The `vision` scheme's points from the regions (in image pixels), or the regions that
    /// are missing: pupils (else eye centroids), the nose centroid, and the outer-lips points
    /// lowest and highest along the direction from the right eye to the left.
    static func reduced(_ regions: [String: [Point]]) -> (points: [Point]?, missing: [String]) {
        func centroid(_ points: [Point]?) -> Point? {
            guard let points, !points.isEmpty else { return nil }
            return Point(x: points.reduce(0) { $0 + $1.x } / Double(points.count), y: points.reduce(0) { $0 + $1.y } / Double(points.count))
        }
        let rightEye = centroid(regions["rightPupil"]) ?? centroid(regions["rightEye"])
        let leftEye = centroid(regions["leftPupil"]) ?? centroid(regions["leftEye"])
        let nose = centroid(regions["nose"])
        let lips = regions["outerLips"] ?? []
        var missing: [String] = []
        if rightEye == nil { missing.append("rightEye") }
        if leftEye == nil { missing.append("leftEye") }
        if nose == nil { missing.append("nose") }
        if lips.isEmpty { missing.append("outerLips") }
        guard let rightEye, let leftEye, let nose, !lips.isEmpty else { return (nil, missing) }
        let along = { (point: Point) in (point.x - rightEye.x) * (leftEye.x - rightEye.x) + (point.y - rightEye.y) * (leftEye.y - rightEye.y) }
        let rightCorner = lips.min { along($0) < along($1) }!, leftCorner = lips.max { along($0) < along($1) }!
        return ([rightEye, leftEye, nose, rightCorner, leftCorner], [])
    }

    /// A normalised rect in any of the three accepted encodings.
    static func rect(_ value: JSONValue, field: String, _ source: ImportSource) throws -> Box {
        if let parts = value.array, parts.count == 2, let origin = pair(parts[0], "x", "y"), let size = pair(parts[1], "width", "height") {
            return Box(x: origin.0, y: origin.1, width: size.0, height: size.1)
        }
        if let origin = value["origin"].flatMap({ pair($0, "x", "y") }), let size = value["size"].flatMap({ pair($0, "width", "height") }) {
            return Box(x: origin.0, y: origin.1, width: size.0, height: size.1)
        }
        if let origin = pair(value, "x", "y"), let size = pair(value, "width", "height") {
            return Box(x: origin.0, y: origin.1, width: size.0, height: size.1)
        }
        throw source.malformed(field, "expected [[x, y], [width, height]], {\"x\", \"y\", \"width\", \"height\"} or {\"origin\", \"size\"}")
    }

    /// Two numbers from `[a, b]` or `{"<first>": a, "<second>": b}`.
    static func pair(_ value: JSONValue, _ first: String, _ second: String) -> (Double, Double)? {
        if let list = value.array?.compactMap(\.double), list.count == 2, value.array?.count == 2 { return (list[0], list[1]) }
        if let a = value[first]?.double, let b = value[second]?.double { return (a, b) }
        return nil
    }
}
