import FaceBenchModel

/// Detections with landmarks as a COCO keypoint file: `{"images": [{"id", "file_name"}],
/// "annotations": [{"image_id", "bbox", "score", "keypoints": [x, y, v, …]}], "categories":
/// [{"keypoints": [names]}]}` — what `run` writes as `<detector>.keypoints.coco.json`, and what
/// keypoint tools produce. Images are matched to the dataset by file name (else by id).
///
/// A detection whose keypoints have any v = 0 (not labelled) gets no landmarks: the
/// `landmarks` protocol counts it as found without points. Keypoint lists must hold three
/// numbers per category keypoint, finite; anything else is an error naming the file and entry.
public struct COCOKeypointsImporter: DetectionImporter {
    public let name = "coco-keypoints"

    public init() {}

    public func recognises(_ path: String) -> Bool {
        ImportSniffer.jsonFile(path, containsAny: ["\"num_keypoints\""]) && ImportSniffer.jsonFile(path, containsAny: ["\"score\""])
    }

    public func load(_ path: String, for dataset: Dataset) throws -> [Int: [Detection]] {
        let json = try JSONReader.parse(file: path)
        func fail(_ field: String, _ reason: String) -> FaceBenchError { .malformed(path: path, location: field, reason: reason) }
        guard let annotations = json["annotations"]?.array else { throw fail("annotations", "missing or not a list") }
        let names = json["categories"]?.array?.first?["keypoints"]?.array?.compactMap(\.string)
        let resolver = SampleResolver(dataset)
        var sampleOfImage: [Int: Int] = [:]
        for (index, image) in (json["images"]?.array ?? []).enumerated() {
            guard let id = image["id"]?.int else { throw fail("images[\(index)].id", "must be an integer") }
            if let name = image["file_name"]?.string, let sample = resolver.sample(named: name) { sampleOfImage[id] = sample }
        }
        var out: [Int: [Detection]] = [:]
        for (index, entry) in annotations.enumerated() {
            let field = "annotations[\(index)]"
            guard let imageID = entry["image_id"]?.int else { throw fail(field + ".image_id", "must be an integer") }
            guard let sample = sampleOfImage[imageID] ?? resolver.sample(id: imageID) else {
                throw fail(field + ".image_id", "image \(imageID) is not in dataset \(dataset.name)")
            }
            guard let box = entry["bbox"]?.array?.compactMap(\.double), box.count == 4, box.allSatisfy(\.isFinite), box[2] > 0, box[3] > 0 else {
                throw fail(field + ".bbox", "needs four finite numbers with positive width and height")
            }
            guard let score = entry["score"]?.double, score.isFinite else { throw fail(field + ".score", "must be a finite number") }
            var landmarks: [Point]?
            if let values = entry["keypoints"]?.array {
                let numbers = values.compactMap(\.double)
                guard numbers.count == values.count, numbers.allSatisfy(\.isFinite), numbers.count % 3 == 0 else {
                    throw fail(field + ".keypoints", "must be finite x, y, v triples")
                }
                if let names, numbers.count != 3 * names.count {
                    throw fail(field + ".keypoints", "\(numbers.count / 3) points; the category names \(names.count)")
                }
                let triples = stride(from: 0, to: numbers.count, by: 3).map { (Point(x: numbers[$0], y: numbers[$0 + 1]), numbers[$0 + 2]) }
                landmarks = triples.contains { $0.1 == 0 } ? nil : triples.map(\.0)
            }
            out[sample, default: []].append(
                Detection(box: Box(x: box[0], y: box[1], width: box[2], height: box[3]), score: score, landmarks: landmarks))
        }
        return out
    }
}
