import FaceBenchModel

/// The detections of a COCO results file, `[{"image_id", "category_id", "bbox": [x, y, w,
/// h], "score"}, …]`, read in one streaming pass (`COCOResultsFastReader`, or the general
/// `JSONScanner` for unusual or invalid files) into flat arrays (entry `i` is
/// `imageIDs[i]`, `boxes[i]`, …, in file order). Other keys (`segmentation`, `keypoints`,
/// anything a tool adds) are skipped.
///
/// Every entry needs all four keys, an integer image and category id, four finite numbers
/// in `bbox` with positive width and height, and a finite score; anything else is an error
/// naming the file, line and entry. Python's `json` writes `NaN` for a NaN score, which is
/// reported as such rather than as a syntax error.
public struct COCOResultsFile: Sendable {
    public let path: String
    public private(set) var imageIDs: [Int] = []
    public private(set) var categoryIDs: [Int] = []
    public private(set) var boxes: [Box] = []
    public private(set) var scores: [Double] = []
    /// Byte offset of each entry's `{`, so later checks can say where an entry is.
    let offsets: [Int]
    let bytes: [UInt8]

    public var count: Int { scores.count }

    public static func read(_ path: String) throws -> COCOResultsFile {
        try COCOResultsFile(bytes: try FileIO.read(path), path: path)
    }

    public init(bytes: [UInt8], path: String) throws {
        self.path = path
        self.bytes = bytes
        if let columns = bytes.withUnsafeBufferPointer(COCOResultsFastReader.read) {
            (imageIDs, categoryIDs, boxes, scores, offsets) = columns
            return
        }
        let capacity = bytes.count / 64
        let columns = try JSONScanner.scan(bytes, path: path) { scanner in
            var imageIDs: [Int] = [], categoryIDs: [Int] = [], boxes: [Box] = [], scores: [Double] = [], offsets: [Int] = []
            imageIDs.reserveCapacity(capacity)
            categoryIDs.reserveCapacity(capacity)
            boxes.reserveCapacity(capacity)
            scores.reserveCapacity(capacity)
            offsets.reserveCapacity(capacity)
            try scanner.expect(UInt8(ascii: "["), "at the start of a COCO results file (a list of detections)")
            if !scanner.consume(UInt8(ascii: "]")) {
                repeat {
                    let entry = scores.count
                    let start = scanner.valueStart()
                    try scanner.expect(UInt8(ascii: "{"), "for entry [\(entry)] (an object)")
                    var imageID: Int?, categoryID: Int?, box: Box?, score: Double?
                    if !scanner.consume(UInt8(ascii: "}")) {
                        repeat {
                            let key = try scanner.key()
                            if scanner.key(key, is: "image_id") {
                                imageID = try scanner.integer("entry [\(entry)].image_id")
                            } else if scanner.key(key, is: "category_id") {
                                categoryID = try scanner.integer("entry [\(entry)].category_id")
                            } else if scanner.key(key, is: "score") {
                                let at = scanner.valueStart()
                                let value = try scanner.number()
                                guard value.isFinite else { throw scanner.fail("entry [\(entry)].score is \(value)", at: at) }
                                score = value
                            } else if scanner.key(key, is: "bbox") {
                                box = try Self.box(&scanner, entry: entry)
                            } else {
                                try scanner.skipValue()
                            }
                        } while try scanner.more(closing: UInt8(ascii: "}"), "in entry [\(entry)]")
                    }
                    guard let imageID, let categoryID, let box, let score else {
                        let missing = [("image_id", imageID == nil), ("category_id", categoryID == nil), ("bbox", box == nil), ("score", score == nil)]
                            .filter(\.1).map(\.0).joined(separator: ", ")
                        throw scanner.fail("entry [\(entry)] has no \(missing)", at: start)
                    }
                    imageIDs.append(imageID)
                    categoryIDs.append(categoryID)
                    boxes.append(box)
                    scores.append(score)
                    offsets.append(start)
                } while try scanner.more(closing: UInt8(ascii: "]"), "after entry [\(scores.count - 1)]")
            }
            guard scanner.atEnd() else { throw scanner.fail("unexpected text after the list of detections") }
            return (imageIDs, categoryIDs, boxes, scores, offsets)
        }
        (imageIDs, categoryIDs, boxes, scores, offsets) = columns
    }

    @inline(__always)
    static func box(_ scanner: inout JSONScanner, entry: Int) throws -> Box {
        let start = scanner.valueStart()
        try scanner.expect(UInt8(ascii: "["), "for entry [\(entry)].bbox")
        let x = try scanner.number()
        try scanner.expect(UInt8(ascii: ","), "in entry [\(entry)].bbox")
        let y = try scanner.number()
        try scanner.expect(UInt8(ascii: ","), "in entry [\(entry)].bbox")
        let width = try scanner.number()
        try scanner.expect(UInt8(ascii: ","), "in entry [\(entry)].bbox")
        let height = try scanner.number()
        try scanner.expect(UInt8(ascii: "]"), "after the 4 numbers of entry [\(entry)].bbox [x, y, width, height]")
        guard x.isFinite, y.isFinite, width.isFinite, height.isFinite else {
            throw scanner.fail("entry [\(entry)].bbox [\(x), \(y), \(width), \(height)] is not finite", at: start)
        }
        guard width > 0, height > 0 else {
            let what = width < 0 || height < 0 ? "a negative" : "a zero"
            throw scanner.fail("entry [\(entry)].bbox [\(x), \(y), \(width), \(height)] has \(what) width or height", at: start)
        }
        return Box(x: x, y: y, width: width, height: height)
    }

    /// Where entry `index` is, for messages: "line L, column C (entry [i])".
    public func location(ofEntry index: Int) -> String {
        JSONScanner.location(of: offsets[index], in: bytes) + " (entry [\(index)])"
    }
}
