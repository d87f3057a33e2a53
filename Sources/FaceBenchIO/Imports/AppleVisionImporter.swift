import FaceBenchModel

/// Apple Vision face observations (`VNFaceObservation` from `VNDetectFaceRectanglesRequest`
/// or `VNDetectFaceLandmarksRequest`) as an app writes them out: `{"boundingBox", 
/// "confidence", "roll", "yaw", "pitch", "faceCaptureQuality", "landmarks": {"allPoints":
/// [[x, y], …]}}`. Files are `{"images": [{"image": name, "observations": [...]}]}` or an
/// object keyed by image name whose values are observation lists.
///
/// Vision's boxes are normalised to [0, 1] with the origin at the image's bottom-left;
/// they become pixels with the image size from the dataset: x·W, H − (y + h)·H, w·W, h·H.
/// `boundingBox` may be written as `CGRect`'s Codable form `[[x, y], [w, h]]`, as
/// `{"x", "y", "width", "height"}` or as `{"origin": {"x", "y"}, "size": {"width",
/// "height"}}`. Landmark points (`allPoints`, normalised to the face box, bottom-left
/// origin, as `[x, y]` or `{"x", "y"}`) are converted the same way. Score: `confidence`
/// (1 when absent); roll, yaw, pitch (radians) and capture quality are attributes.
public struct AppleVisionImporter: DetectionImporter {
    public let name = "apple-vision"

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
        let attributes = observation.scalarTexts(of: Self.keptAttributes)
        var landmarks: [Point]?
        if let points = observation["landmarks"]?["allPoints"] {
            let list = points.array ?? points["normalizedPoints"]?.array ?? []
            landmarks = try list.enumerated().map { index, point in
                let here = "\(field).landmarks.allPoints[\(index)]"
                guard let xy = Self.pair(point, "x", "y") else { throw source.malformed(here, "expected [x, y] or {\"x\", \"y\"}") }
                return Point(x: (normalised.x + xy.0 * normalised.width) * w,
                             y: h - (normalised.y + xy.1 * normalised.height) * h)
            }
        }
        let score = observation["confidence"]?.double ?? 1
        return Detection(box: box, score: score, landmarks: landmarks, attributes: attributes)
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
