import FaceBenchModel

/// What OpenCV's own detectMultiScale3 (level weights) or detectMultiScale2 (neighbour counts)
/// returned for one dataset and cascade over a `CascadeGrid`: the files written by
/// `scripts/opencv-reference.py --grid`, one per scale (zlib-compressed text; its docstring gives
/// the layout). A scale without a file is not covered.
public struct OpenCVGridReference: Sendable {
    /// One face OpenCV returned, with the score of the file's kind.
    public struct Face: Sendable, Equatable, Comparable {
        public var x: Int, y: Int, width: Int, height: Int
        public var score: Double

        public init(x: Int, y: Int, width: Int, height: Int, score: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
            self.score = score
        }

        public static func < (a: Face, b: Face) -> Bool {
            (a.x, a.y, a.width, a.height, a.score) < (b.x, b.y, b.width, b.height, b.score)
        }

        public var text: String { "[\(x), \(y), \(width), \(height)] \(score)" }
    }

    public var openCVVersion: String
    public var dataset: String
    public var family: CascadeConfiguration.Family
    public var cascade: String
    public var score: CascadeConfiguration.Score
    /// Per combination, each image's faces sorted.
    public var faces: [CascadeGrid.Combination: [String: [Face]]]

    /// `<dataset>-<family>-<cascade>-<score>-scale<scale>.txt.zlib`.
    public static func fileName(dataset: String, family: CascadeConfiguration.Family, cascade: String,
                                score: CascadeConfiguration.Score, scale: Double) -> String {
        "\(dataset)-\(family.rawValue)-\(cascade)-\(score.rawValue)-scale\(scale).txt.zlib"
    }

    /// The files of `folder` for one dataset, cascade and score, merged; nil when there is none.
    public static func load(folder: String, dataset: String, family: CascadeConfiguration.Family, cascade: String,
                            score: CascadeConfiguration.Score, scales: [Double], zlib: any ZlibDecompressor) throws -> OpenCVGridReference? {
        var merged: OpenCVGridReference?
        for scale in scales {
            let path = folder + "/" + fileName(dataset: dataset, family: family, cascade: cascade, score: score, scale: scale)
            guard FileIO.exists(path) else { continue }
            let part = try load(path: path, zlib: zlib)
            guard part.dataset == dataset, part.family == family, part.cascade == cascade, part.score == score,
                  part.faces.keys.allSatisfy({ $0.scale == scale }) else {
                throw FaceBenchError.malformed(path: path, location: "header", reason: "holds another dataset, cascade, score or scale than its name says")
            }
            if merged == nil { merged = part } else { merged!.faces.merge(part.faces) { a, _ in a } }
        }
        return merged
    }

    /// The text inflated from a reference file may be this large (the committed ones are a few MB).
    static let maximumTextBytes = 256 << 20

    public static func load(path: String, zlib: any ZlibDecompressor) throws -> OpenCVGridReference {
        let text: [UInt8]
        do {
            text = try zlib.inflate(try FileIO.read(path), limit: maximumTextBytes)
        } catch let failure as ZlibFailure {
            throw FaceBenchError.malformed(path: path, location: nil, reason: "not a zlib stream: \(failure)")
        }
        return try parse(String(decoding: text, as: UTF8.self), path: path)
    }

    static func parse(_ text: String, path: String) throws -> OpenCVGridReference {
        var header: [String: [Substring]] = [:]
        var faces: [CascadeGrid.Combination: [String: [Face]]] = [:]
        var combination: CascadeGrid.Combination?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            func fail(_ reason: String) -> FaceBenchError { .malformed(path: path, location: "line \(index + 1)", reason: reason) }
            let fields = line.split(separator: " ")
            // A line of spaces has no first field, as an empty one.
            guard let first = fields.first else { continue }
            if index < 5 {
                header[String(first)] = Array(fields.dropFirst())
                continue
            }
            if first == "combo" {
                guard fields.count == 5, let scale = Double(fields[1]), scale.isFinite, scale > 1,
                      let n = Int(fields[2]), let minSize = Int(fields[3]), let maxSize = Int(fields[4]) else {
                    throw fail("expected 'combo SCALE NEIGHBORS MIN MAX', got '\(line)'")
                }
                let next = CascadeGrid.Combination(scale: scale, neighbors: n, minSize: minSize, maxSize: maxSize)
                guard faces[next] == nil else { throw fail("combination \(next) given twice") }
                faces[next] = [:]
                combination = next
                continue
            }
            guard let combination else { throw fail("an image line before the first 'combo' line") }
            let image = String(first)
            guard faces[combination]![image] == nil else { throw fail("\(image) given twice for \(combination)") }
            faces[combination]![image] = try fields.dropFirst().map { entry in
                let values = entry.split(separator: ",")
                guard values.count == 5, let x = Int(values[0]), let y = Int(values[1]), let w = Int(values[2]), let h = Int(values[3]),
                      w > 0, h > 0, let score = Double(values[4]), score.isFinite else {
                    throw fail("expected x,y,width,height,score, got '\(entry)'")
                }
                return Face(x: x, y: y, width: w, height: h, score: score)
            }.sorted()
        }
        func field(_ key: String, _ count: Int) throws -> [Substring] {
            guard let values = header[key], values.count == count else {
                throw FaceBenchError.malformed(path: path, location: "header", reason: "missing '\(key)' line")
            }
            return values
        }
        guard try field("facebench-opencv-grid", 1) == ["1"] else {
            throw FaceBenchError.malformed(path: path, location: "line 1", reason: "not a version 1 facebench-opencv-grid file")
        }
        let cascade = try field("cascade", 2)
        guard let family = CascadeConfiguration.Family(rawValue: String(cascade[0])),
              let score = CascadeConfiguration.Score(rawValue: String(try field("score", 1)[0])) else {
            throw FaceBenchError.malformed(path: path, location: "header", reason: "unknown cascade family or score")
        }
        return OpenCVGridReference(openCVVersion: String(try field("opencv", 1)[0]), dataset: String(try field("dataset", 1)[0]),
                                   family: family, cascade: String(cascade[1]), score: score, faces: faces)
    }
}
