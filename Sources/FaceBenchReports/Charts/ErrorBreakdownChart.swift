import FaceBenchModel
import FaceBenchEvaluation

/// Where each detector loses AP: one horizontal bar per detector, stacked from the `errors`
/// protocol's dAP of localisation, duplicate, background and missed errors (TIDE's main
/// errors; they overlap, so the stack is a share of blame, not an AP to add up).
public enum ErrorBreakdownChart {
    /// Error types in stacking order with their colours (not the detectors' palette: the
    /// segments are error types, the rows detectors).
    static let segments: [(type: TIDEAnalysis.ErrorType, title: String, color: String)] = [
        (.localization, "Localisation", "#e15759"), (.duplicate, "Duplicate", "#f28e2b"),
        (.background, "Background", "#76b7b2"), (.missed, "Missed", "#4e79a7"),
    ]

    public static func chart(_ comparison: DatasetComparison, styles: [SeriesStyle]) -> ChartFigure? {
        let rows = zip(comparison.series, styles).compactMap { series, style -> (name: String, dap: [Double], result: ErrorAnalysisResult)? in
            guard let result = series.detector.evaluations.errors else { return nil }
            return (style.name, segments.map { result.deltaAP[$0.type.rawValue] ?? 0 }, result)
        }
        guard !rows.isEmpty else { return nil }
        let longest = rows.map { $0.dap.reduce(0, +) }.max() ?? 0
        let rowHeight = 30.0
        var chart = SVGChart(
            height: max(150, Double(rows.count) * rowHeight + 70), x: .linear(covering: [0, max(longest, 0.05)]),
            y: AxisScale(kind: .linear, lower: 0, upper: Double(rows.count)), xTitle: "AP lost (TIDE dAP)", yTitle: "",
            left: 110)
        chart.yCategories = rows.enumerated().map { (Double(rows.count - $0.offset) - 0.5, $0.element.name) }
        let barHeight = min(20, (chart.y.position(0) - chart.y.position(1)) * 0.7)
        for (index, row) in rows.enumerated() {
            let center = chart.y.position(Double(rows.count - index) - 0.5)
            var start = 0.0
            for (segment, value) in zip(segments, row.dap) where value > 0 {
                let left = chart.x.position(start), right = chart.x.position(start + value)
                let tip = "\(row.name): \(segment.title.lowercased()) dAP \(Formatting.fixed(value, 4)) (\(Int(saturating: row.result.counts[segment.type.rawValue] ?? 0)) errors)"
                chart.add("<rect x=\"\(SVGChart.n(left))\" y=\"\(SVGChart.n(center - barHeight / 2))\" width=\"\(SVGChart.n(max(0.5, right - left)))\" height=\"\(SVGChart.n(barHeight))\" fill=\"\(segment.color)\"><title>\(HTMLText.escape(tip))</title></rect>")
                start += value
            }
        }
        let legend = segments.map { segment in
            "<li><svg width=\"14\" height=\"10\" aria-hidden=\"true\"><rect width=\"14\" height=\"10\" fill=\"\(segment.color)\"/></svg>\(HTMLText.escape(segment.title))</li>"
        }
        return ChartFigure(
            title: "Why AP is lost",
            caption: "AP each error type costs (TIDE dAP at IoU \(Formatting.fixed(rows[0].result.iouThreshold, 2)), the `errors` protocol): fixing that type alone would add it. False-positive and false-negative dAPs are in the errors table.",
            svg: chart.svg(label: "AP lost per error type"), legend: legend)
    }
}
