/// How one detector of one run is drawn in every chart of a dataset: the colour is the
/// detector's (the same detector keeps its colour across runs), the dash pattern the run's,
/// so "haar on commit A" and "haar on commit B" read as a pair.
public struct SeriesStyle: Sendable, Equatable {
    public var name: String
    public var color: String
    /// SVG `stroke-dasharray`, nil for solid.
    public var dash: String?

    /// Tableau 10: distinct in print, for most colour-blind readers and in grey.
    static let palette = ["#4e79a7", "#f28e2b", "#e15759", "#59a14f", "#b07aa1", "#76b7b2", "#edc948", "#ff9da7", "#9c755f", "#bab0ac"]
    static let dashes: [String?] = [nil, "7 4", "2 3", "10 3 2 3"]

    /// Styles for every series of a comparison, in `DatasetComparison.series` order.
    public static func styles(_ comparison: DatasetComparison) -> [SeriesStyle] {
        var detectors: [String] = []
        var runs: [String] = []
        for (entry, detector) in comparison.series {
            if !detectors.contains(detector.id) { detectors.append(detector.id) }
            if let label = entry.label, !runs.contains(label) { runs.append(label) }
        }
        return comparison.series.map { entry, detector in
            let colour = palette[(detectors.firstIndex(of: detector.id) ?? 0) % palette.count]
            let run = entry.label.flatMap { runs.firstIndex(of: $0) } ?? 0
            return SeriesStyle(
                name: detector.id + (entry.label.map { " · " + $0 } ?? ""), color: colour, dash: dashes[run % dashes.count])
        }
    }

    /// A legend entry: a short line in the series' style, then the text.
    public func legendItem(_ text: String) -> String {
        "<li><svg width=\"26\" height=\"10\" aria-hidden=\"true\"><line x1=\"1\" y1=\"5\" x2=\"25\" y2=\"5\" stroke=\"\(color)\" stroke-width=\"3\"\(dash.map { " stroke-dasharray=\"\($0)\"" } ?? "")/></svg>\(HTMLText.escape(text))</li>"
    }
}
