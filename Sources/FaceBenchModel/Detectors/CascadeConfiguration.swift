import Foundation

/// The configuration shared by every Viola-Jones cascade detector (OpenCV's and the pure
/// Swift engine): which trained cascade, and detectMultiScale's parameters.
public struct CascadeConfiguration: Sendable, Equatable {
    public enum Family: String, Sendable {
        case haar
        case lbp
    }

    /// What a face's score is. `weight`: the final stage's sum of the best window of the group
    /// (OpenCV's detectMultiScale3 level weight) — continuous, so AP and ROC have a real
    /// ranking. `neighbors`: the number of raw windows grouped into the face
    /// (detectMultiScale2), an integer with many ties.
    public enum Score: String, Sendable, CaseIterable {
        case weight
        case neighbors
    }

    public var family: Family
    /// The cascade name (`default`, `alt2`, `improved`, …) or a path to a cascade XML file.
    public var cascade: String
    public var scaleFactor: Double
    public var minNeighbors: Int
    /// Smallest and largest face side in pixels; 0 means the cascade window and no limit.
    public var minSize: Int
    public var maxSize: Int
    public var score: Score

    /// OpenCV's frontal-face cascades as opencv-data installs them.
    public static let cascadeFiles: [Family: [(name: String, file: String)]] = [
        .haar: [
            ("default", "haarcascade_frontalface_default.xml"),
            ("alt", "haarcascade_frontalface_alt.xml"),
            ("alt2", "haarcascade_frontalface_alt2.xml"),
            ("alt_tree", "haarcascade_frontalface_alt_tree.xml"),
        ],
        .lbp: [
            ("frontalface", "lbpcascade_frontalface.xml"),
            ("improved", "lbpcascade_frontalface_improved.xml"),
        ],
    ]

    /// Where cascade files are looked for: `$FACEBENCH_CASCADES`, then opencv-data's folders.
    public static func cascadeDirectories(environment: [String: String]) -> [String] {
        var directories = (environment["FACEBENCH_CASCADES"] ?? "").split(separator: ":").map(String.init)
        directories += ["/usr/share/opencv4/haarcascades", "/usr/share/opencv4/lbpcascades",
                        "/usr/share/opencv/haarcascades", "/usr/share/opencv/lbpcascades"]
        return directories
    }

    /// detectMultiScale's parameters as a spec sets them (`haar:scale=1.2,neighbors=5`).
    public enum Parameters {
        public static func cascade(for family: Family) -> DetectorParameter<String> {
            let names = cascadeFiles[family]!.map(\.name)
            return .nameOrPath(
                "cascade", names: names, pathSuffix: ".xml", default: names[0],
                help: "trained cascade: a name from opencv-data or a path to a cascade XML")
        }
        public static let scale = DetectorParameter.number(
            "scale", greaterThan: 1, atMost: 4, default: 1.1,
            help: "scale factor between pyramid levels (detectMultiScale scaleFactor); an image needing more than \(maximumPyramidLevels) levels fails")
        public static let neighbors = DetectorParameter.integer(
            "neighbors", atLeast: 0, atMost: 1000, default: 3, help: "minimum raw windows per face (minNeighbors); 0 returns ungrouped windows")
        public static let minimumSize = DetectorParameter.integer(
            "min", atLeast: 0, atMost: Int(CoordinateBounds.limit), default: 0, help: "smallest face side in pixels (minSize); 0 = the cascade window")
        public static let maximumSize = DetectorParameter.integer(
            "max", atLeast: 0, atMost: Int(CoordinateBounds.limit), default: 0, help: "largest face side in pixels (maxSize); 0 = no limit")
        public static let score = DetectorParameter.choice(
            "score", default: Score.weight, help: "face score: weight (final stage sum, continuous) or neighbors (group size)")

        public static func specs(for family: Family) -> [ParameterSpec] {
            [cascade(for: family).spec, scale.spec, neighbors.spec, minimumSize.spec, maximumSize.spec, score.spec]
        }
    }

    public init(family: Family, values: ParameterValues) {
        self.init(
            family: family, cascade: values[Parameters.cascade(for: family)], scaleFactor: values[Parameters.scale],
            minNeighbors: values[Parameters.neighbors], minSize: values[Parameters.minimumSize], maxSize: values[Parameters.maximumSize],
            score: values[Parameters.score])
    }

    public init(
        family: Family, cascade: String, scaleFactor: Double = 1.1, minNeighbors: Int = 3,
        minSize: Int = 0, maxSize: Int = 0, score: Score = .weight
    ) {
        self.family = family
        self.cascade = cascade
        self.scaleFactor = scaleFactor
        self.minNeighbors = minNeighbors
        self.minSize = minSize
        self.maxSize = maxSize
        self.score = score
    }

    /// The cascade XML file: the path itself, or the named file in the first directory that
    /// has it. The error lists where it looked.
    public func cascadePath(environment: [String: String], spec: String) throws -> String {
        if cascade.hasSuffix(".xml") {
            guard FileIO.exists(cascade) else { throw FaceBenchError.invalidSpec(spec: spec, reason: "cascade file \(cascade) does not exist") }
            return cascade
        }
        guard let file = Self.cascadeFiles[family]?.first(where: { $0.name == cascade })?.file else {
            throw FaceBenchError.invalidSpec(spec: spec, reason: "unknown cascade '\(cascade)'")
        }
        let directories = Self.cascadeDirectories(environment: environment)
        if let found = directories.map({ $0 + "/" + file }).first(where: FileIO.exists) { return found }
        throw FaceBenchError.invalidSpec(
            spec: spec,
            reason: "\(file) not found in \(directories.joined(separator: ", ")) (install opencv-data or set FACEBENCH_CASCADES)")
    }

    /// The most pyramid levels one image may need. A scale factor barely above 1 is accepted
    /// but would scan for hours (and OpenCV would allocate a list of billions of scales);
    /// 1.01 on a 12-megapixel photo with a 20-pixel window needs about 500.
    public static let maximumPyramidLevels = 1000

    /// Refuses an image whose pyramid, from the cascade window up to the image (or `max`),
    /// has more than `maximumPyramidLevels` levels; levels below `min` count too, since both
    /// engines step through them.
    public func checkPyramidLevels(imageWidth: Int, imageHeight: Int, windowWidth: Int, windowHeight: Int) throws {
        var largest = min(Double(imageWidth) / Double(windowWidth), Double(imageHeight) / Double(windowHeight))
        if maxSize > 0 { largest = min(largest, Double(maxSize) / Double(max(windowWidth, windowHeight))) }
        guard largest > 1 else { return }
        let levels = (log(largest) / log(scaleFactor)).rounded(.down) + 1
        guard levels <= Double(Self.maximumPyramidLevels) else {
            throw FaceBenchError.failed(
                "scale=\(scaleFactor) needs \(levels < 1e15 ? String(Int(levels)) : "over 10^15") pyramid levels for "
                    + "\(imageWidth)x\(imageHeight) with a \(windowWidth)x\(windowHeight) window; at most \(Self.maximumPyramidLevels) are scanned (raise scale)")
        }
    }

    /// The score of a grouped face from its two candidates.
    public func score(levelWeight: Double, neighbors: Int) -> Double {
        switch score {
        case .weight: return levelWeight
        case .neighbors: return Double(neighbors)
        }
    }

    public var scoreMeaning: String {
        switch score {
        case .weight: return "level weight: sum of the final cascade stage for the best window of the face (detectMultiScale3)"
        case .neighbors: return "neighbours: number of raw windows grouped into the face (detectMultiScale2)"
        }
    }
}
