import FaceBenchModel

/// COCO results JSON (`[{"image_id", "category_id", "bbox", "score"}, …]`, what
/// pycocotools' `loadRes` reads and FaceBench's `<detector>.coco.json` holds) as detections.
///
/// `image_id` is the dataset's COCO id (`Sample.cocoImageID`: a COCO dataset's own ids,
/// else the 1-based sample id FaceBench exports). All entries must share one `category_id`
/// — FaceBench scores one class — and an image id the dataset lacks is an error, as in
/// pycocotools. Entries keep their file order within an image; nothing assumes they are
/// sorted. Malformed entries (see `COCOResultsFile`) are errors with file and line.
public struct COCOResultsImporter: DetectionImporter {
    public init() {}

    public var name: String { "coco" }

    /// A `.json` file holding a list whose first bytes mention `bbox` (or an empty list).
    public func recognises(_ path: String) -> Bool {
        guard path.lowercased().hasSuffix(".json"), !FileIO.isDirectory(path), let bytes = try? FileIO.readPrefix(path, count: 4096) else {
            return false
        }
        let text = JSONReader.significantBytes(bytes)
        guard text.first == UInt8(ascii: "[") else { return false }
        return text.count == 2 && text.last == UInt8(ascii: "]") || String(decoding: bytes, as: UTF8.self).contains("\"bbox\"")
    }

    public func load(_ path: String, for dataset: Dataset) throws -> [Int: [Detection]] {
        try detections(in: try COCOResultsFile.read(path), for: dataset)
    }

    public func detections(in file: COCOResultsFile, for dataset: Dataset) throws -> [Int: [Detection]] {
        let samples = dataset.samples
        // COCO id → index into samples; dense ids (the usual case) use an array.
        let ids = samples.map(\.cocoImageID)
        let largest = ids.max() ?? 0
        let smallest = ids.min() ?? 0
        var denseIndex: [Int32] = []
        var sparseIndex: [Int: Int] = [:]
        let dense = smallest >= 0 && largest < 16 * samples.count + 1024
        if dense {
            denseIndex = [Int32](repeating: -1, count: largest + 1)
            for (index, id) in ids.enumerated() { denseIndex[id] = Int32(index) }
        } else {
            for (index, id) in ids.enumerated() { sparseIndex[id] = index }
        }
        var sampleOfEntry = [Int32](repeating: 0, count: file.count)
        var counts = [Int](repeating: 0, count: samples.count)
        let category = file.categoryIDs.first
        for entry in 0..<file.count {
            let imageID = file.imageIDs[entry]
            let index: Int
            if dense {
                index = imageID >= 0 && imageID <= largest ? Int(denseIndex[imageID]) : -1
            } else {
                index = sparseIndex[imageID] ?? -1
            }
            guard index >= 0 else {
                throw FaceBenchError.malformed(
                    path: file.path, location: file.location(ofEntry: entry),
                    reason: "image_id \(imageID) is not an image of dataset \(dataset.name) (its COCO ids run \(smallest)…\(largest))")
            }
            guard file.categoryIDs[entry] == category else {
                throw FaceBenchError.malformed(
                    path: file.path, location: file.location(ofEntry: entry),
                    reason: "category_id \(file.categoryIDs[entry]) after earlier entries of category \(category ?? 0): FaceBench scores one class (faces); keep only the face detections")
            }
            sampleOfEntry[entry] = Int32(index)
            counts[index] += 1
        }
        // Entries grouped by sample in file order (a counting sort), then each sample's
        // detections built in place.
        var first = [Int](repeating: 0, count: samples.count + 1)
        for index in 0..<samples.count { first[index + 1] = first[index] + counts[index] }
        var next = first
        var entriesBySample = [Int32](repeating: 0, count: file.count)
        for entry in 0..<file.count {
            let index = Int(sampleOfEntry[entry])
            entriesBySample[next[index]] = Int32(entry)
            next[index] += 1
        }
        let grouped = (0..<samples.count).map { index in
            [Detection](unsafeUninitializedCapacity: counts[index]) { buffer, initialized in
                for slot in 0..<counts[index] {
                    let entry = Int(entriesBySample[first[index] + slot])
                    (buffer.baseAddress! + slot).initialize(to: Detection(box: file.boxes[entry], score: file.scores[entry]))
                }
                initialized = counts[index]
            }
        }
        var result: [Int: [Detection]] = [:]
        result.reserveCapacity(samples.count)
        for (index, list) in grouped.enumerated() where !list.isEmpty {
            result[samples[index].id] = list
        }
        return result
    }
}
