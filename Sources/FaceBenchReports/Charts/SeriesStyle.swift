/// How one detector of one run is drawn in every chart of a dataset: the colour is the
/// detector's, derived from its id, so lbp is the same colour in every report and run; the
/// dash pattern is the run's, so "haar on commit A" and "haar on commit B" read as a pair.
public struct SeriesStyle: Sendable, Equatable {
    public var name: String
    public var color: String
    /// SVG `stroke-dasharray`, nil for solid.
    public var dash: String?

    /// Paul Tol's "muted" qualitative scheme (sand left out: too pale on white): built to stay
    /// distinct for colour-blind readers and in grey. The gallery's outcome colours
    /// (`FaceAnnotator.legend`) are vivid hues outside it.
    public static let palette = ["#332288", "#cc6677", "#117733", "#88ccee", "#882255", "#44aa99", "#999933", "#aa4499"]
    /// The default detectors' slots, so the five of `facebench run` never share a colour.
    static let reserved = ["haar": 0, "lbp": 1, "hog": 2, "swift-haar": 3, "swift-lbp": 4]
    static let dashes: [String?] = [nil, "7 4", "2 3", "10 3 2 3"]

    /// Each detector id's colour among `ids`: its own slot (reserved, else a hash of the id),
    /// or, when another id of the set took that slot first, the next free one. Ids with
    /// reserved slots go first, then the rest by name, so the result depends only on the set.
    public static func colors(for ids: some Collection<String>) -> [String: String] {
        func slot(_ id: String) -> Int { reserved[id] ?? Int(stableHash(id) % UInt64(palette.count)) }
        let ordered = Set(ids).sorted { a, b in
            switch (reserved[a], reserved[b]) {
            case let (x?, y?): return x < y
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return a < b
            }
        }
        var taken: Set<Int> = []
        var colors: [String: String] = [:]
        for id in ordered {
            var index = slot(id)
            // More detectors than colours share, rather than loop forever.
            for step in 0..<palette.count where !taken.contains((index + step) % palette.count) {
                index = (index + step) % palette.count
                break
            }
            taken.insert(index)
            colors[id] = palette[index]
        }
        return colors
    }

    /// FNV-1a over the id's UTF-8: the same on every machine and run (Swift's `hashValue`
    /// is seeded per process).
    static func stableHash(_ text: String) -> UInt64 {
        text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }

    /// Styles for every series of a comparison, in `DatasetComparison.series` order.
    public static func styles(_ comparison: DatasetComparison) -> [SeriesStyle] {
        var runs: [String] = []
        for entry in comparison.entries {
            if let label = entry.label, !runs.contains(label) { runs.append(label) }
        }
        let colors = colors(for: comparison.series.map(\.detector.id))
        return comparison.series.map { entry, detector in
            let run = entry.label.flatMap { runs.firstIndex(of: $0) } ?? 0
            return SeriesStyle(
                name: detector.id + (entry.label.map { " · " + $0 } ?? ""), color: colors[detector.id] ?? palette[0],
                dash: dashes[run % dashes.count])
        }
    }

    /// A legend entry: a short line in the series' style, then the text.
    public func legendItem(_ text: String) -> String {
        "<li><svg width=\"26\" height=\"10\" aria-hidden=\"true\"><line x1=\"1\" y1=\"5\" x2=\"25\" y2=\"5\" stroke=\"\(color)\" stroke-width=\"3\"\(dash.map { " stroke-dasharray=\"\($0)\"" } ?? "")/></svg>\(HTMLText.escape(text))</li>"
    }
}
