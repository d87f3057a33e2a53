import FaceBenchModel
import FaceBenchEvaluation

/// Latency distributions as horizontal box plots on a log axis, one per detector: the box
/// spans the quartiles, the thick line is the median, whiskers reach the furthest sample
/// within 1.5 interquartile ranges (Tukey), and samples beyond are drawn as dots. Built
/// from every timed call in the per-image records; from the stored summary (whiskers at
/// min and max) when a results file has no records.
public enum LatencyBoxPlot {
    public struct Box: Sendable, Equatable {
        public var count: Int
        public var lowWhisker: Double
        public var q1: Double
        public var median: Double
        public var q3: Double
        public var highWhisker: Double
        public var outliers: [Double]

        public init?(samples: [Double]) {
            guard !samples.isEmpty else { return nil }
            let sorted = samples.sorted()
            count = sorted.count
            let q1 = LatencySummary.percentile(sorted, 25), q3 = LatencySummary.percentile(sorted, 75)
            let reach = 1.5 * (q3 - q1)
            let low = sorted.first { $0 >= q1 - reach } ?? q1
            let high = sorted.last { $0 <= q3 + reach } ?? q3
            self.q1 = q1
            self.q3 = q3
            median = LatencySummary.percentile(sorted, 50)
            lowWhisker = low
            highWhisker = high
            outliers = sorted.filter { $0 < low || $0 > high }
        }

        public init(summary: LatencySummary) {
            count = summary.count
            lowWhisker = summary.min
            q1 = summary.p25
            median = summary.p50
            q3 = summary.p75
            highWhisker = summary.max
            outliers = []
        }
    }

    /// Outlier dots drawn per detector at most (evenly picked), to keep the file small.
    static let maxOutliers = 60

    public static func boxes(_ comparison: DatasetComparison) -> [Box?] {
        comparison.series.map { entry, detector in
            guard !detector.info.isImported else { return nil }
            let samples = entry.results.records.flatMap { $0.results[detector.id]?.latencies ?? [] }
            return Box(samples: samples) ?? detector.latency.map(Box.init(summary:))
        }
    }

    public static func chart(_ comparison: DatasetComparison, styles: [SeriesStyle]) -> ChartFigure? {
        let rows = zip(boxes(comparison), styles).compactMap { box, style in box.map { ($0, style) } }
        guard !rows.isEmpty else { return nil }
        let values = rows.flatMap { [$0.0.lowWhisker, $0.0.highWhisker] + $0.0.outliers }
        var x = AxisScale.logarithmic(covering: values)
        x.upper *= 2  // room for the median's label right of the slowest calls
        let count = Double(rows.count)
        var chart = SVGChart(
            height: max(230, 70 + 40 * count), x: x, y: AxisScale(kind: .linear, lower: 0, upper: count),
            xTitle: "Milliseconds per call (log scale)", yTitle: "", left: 128)
        chart.yCategories = rows.enumerated().map { index, row in
            (count - Double(index) - 0.5, String(row.1.name.prefix(20)))
        }
        var legend: [String] = []
        for (index, (box, style)) in rows.enumerated() {
            let center = count - Double(index) - 0.5
            let y = chart.y.position(center)
            func px(_ value: Double) -> String { SVGChart.n(chart.x.position(value)) }
            let dash = style.dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
            chart.add("<line x1=\"\(px(box.lowWhisker))\" y1=\"\(SVGChart.n(y))\" x2=\"\(px(box.highWhisker))\" y2=\"\(SVGChart.n(y))\" stroke=\"\(style.color)\" stroke-width=\"1.5\"/>")
            for end in [box.lowWhisker, box.highWhisker] {
                chart.add("<line x1=\"\(px(end))\" y1=\"\(SVGChart.n(y - 6))\" x2=\"\(px(end))\" y2=\"\(SVGChart.n(y + 6))\" stroke=\"\(style.color)\" stroke-width=\"1.5\"/>")
            }
            let left = chart.x.position(box.q1), right = chart.x.position(box.q3)
            chart.add("<rect x=\"\(SVGChart.n(left))\" y=\"\(SVGChart.n(y - 10))\" width=\"\(SVGChart.n(max(1, right - left)))\" height=\"20\" fill=\"\(style.color)\" fill-opacity=\"0.22\" stroke=\"\(style.color)\" stroke-width=\"1.5\"\(dash)><title>\(HTMLText.escape(style.name)): quartiles \(Formatting.milliseconds(box.q1))–\(Formatting.milliseconds(box.q3)) ms, \(box.count) calls</title></rect>")
            chart.add("<line x1=\"\(px(box.median))\" y1=\"\(SVGChart.n(y - 10))\" x2=\"\(px(box.median))\" y2=\"\(SVGChart.n(y + 10))\" stroke=\"\(style.color)\" stroke-width=\"3\"/>")
            let shown = box.outliers.count <= maxOutliers ? box.outliers
                : (0..<maxOutliers).map { box.outliers[$0 * box.outliers.count / maxOutliers] }
            for value in shown {
                chart.add("<circle cx=\"\(px(value))\" cy=\"\(SVGChart.n(y))\" r=\"2.2\" fill=\"\(style.color)\" fill-opacity=\"0.55\"/>")
            }
            let rightmost = max(box.highWhisker, box.outliers.last ?? box.highWhisker)
            chart.add("<text class=\"label\" x=\"\(SVGChart.n(chart.x.position(rightmost) + 8))\" y=\"\(SVGChart.n(y))\" dy=\"0.32em\">\(Formatting.milliseconds(box.median)) ms</text>")
            legend.append(style.legendItem("\(style.name) — median \(Formatting.milliseconds(box.median)) ms, IQR \(Formatting.milliseconds(box.q1))–\(Formatting.milliseconds(box.q3)) ms, \(box.count) calls"))
        }
        return ChartFigure(
            title: "Latency per call",
            caption: "Box: quartiles; thick line: median; whiskers: 1.5 × IQR; dots: slower or faster calls beyond. Decode excluded. Left is faster.",
            svg: chart.svg(label: "Latency box plots"), legend: legend)
    }
}
