import FaceBenchModel
import FaceBenchEvaluation

/// Accuracy against speed: each detector at its median latency (log axis) and its VOC AP at
/// the run's IoU (AP50 (VOC) at the usual 0.5), with
/// the Pareto front — the detectors nothing else beats on both — joined by a staircase.
/// Everything below and right of the staircase is a worse choice than a detector on it.
/// A vertical bar through each dot spans its AP's 95 % interval over images (results.json's
/// `intervals.ap`), so two dots whose bars overlap widely may not differ on this dataset.
public enum AccuracySpeedChart {
    public static func chart(_ comparison: DatasetComparison, styles: [SeriesStyle]) -> ChartFigure? {
        let points = zip(comparison.series, styles).compactMap { series, style -> (cost: Double, value: Double, interval: ConfidenceInterval?, style: SeriesStyle)? in
            guard let latency = ComparisonReport.summaryValue("latency_p50_ms", of: series.detector),
                  let ap = ComparisonReport.summaryValue("ap", of: series.detector), latency > 0 else { return nil }
            return (latency, ap, series.detector.intervals["ap"], style)
        }
        guard !points.isEmpty else { return nil }
        let apName = ComparisonReport.apName(iou: comparison.entries.first?.results.settings.iouThreshold ?? EvaluationOptions.standardIoUThreshold) + " (VOC)"
        let front = ParetoFront.indices(points.map { ($0.cost, $0.value) })
        let lowestAP = points.map { $0.interval?.low ?? $0.value }.min() ?? 0
        let highestAP = points.map { $0.interval?.high ?? $0.value }.max() ?? 1
        var x = AxisScale.logarithmic(covering: points.map(\.cost))
        x.upper *= 1.6  // room for the labels right of the slowest points
        var chart = SVGChart(
            x: x, y: .linear(covering: [max(0, lowestAP - 0.05), min(1, highestAP + 0.05)]),
            xTitle: "Median latency, ms per call (log scale)", yTitle: apName)
        let steps = front.enumerated().flatMap { position, index -> [(Double, Double)] in
            let point = (points[index].cost, points[index].value)
            guard position > 0 else { return [point] }
            return [(point.0, points[front[position - 1]].value), point]
        }
        if let last = front.last {
            chart.polyline(steps + [(chart.x.upper, points[last].value)], color: "#202124", dash: "5 4", width: 1.4)
        }
        for point in points {
            guard let interval = point.interval else { continue }
            chart.intervalBar(at: point.cost, from: interval.low, to: interval.high, vertical: true, color: point.style.color)
        }
        var legend: [String] = []
        let radii = points.indices.map { front.contains($0) ? 6.5 : 5 }
        var labels = LabelPlacement(
            area: .init(minX: chart.plotLeft + 2, minY: chart.plotTop + 2, maxX: chart.plotRight - 2, maxY: chart.plotBottom - 2),
            points: points.indices.map { (chart.x.position(points[$0].cost), chart.y.position(points[$0].value), radii[$0]) })
        for (index, point) in points.enumerated() {
            let onFront = front.contains(index)
            chart.circle(
                point.cost, point.value, radius: radii[index], fill: onFront ? point.style.color : "#fff",
                stroke: onFront ? "#202124" : point.style.color,
                title: "\(point.style.name): \(apName) \(Formatting.fixed(point.value, 3))\(Self.intervalText(point.interval)) at \(Formatting.milliseconds(point.cost)) ms")
            let spot = labels.place(
                point.style.name, atX: chart.x.position(point.cost), y: chart.y.position(point.value), radius: radii[index])
            chart.add("<text x=\"\(SVGChart.n(spot.x))\" y=\"\(SVGChart.n(spot.y))\" text-anchor=\"\(spot.anchor)\" class=\"label\">\(HTMLText.escape(point.style.name))</text>")
            legend.append(point.style.legendItem(
                "\(point.style.name) — \(apName) \(Formatting.fixed(point.value, 3))\(Self.intervalText(point.interval)) at \(Formatting.milliseconds(point.cost)) ms\(onFront ? " (Pareto front)" : "")"))
        }
        legend.append("<li><svg width=\"26\" height=\"10\" aria-hidden=\"true\"><line x1=\"1\" y1=\"5\" x2=\"25\" y2=\"5\" stroke=\"#202124\" stroke-width=\"1.4\" stroke-dasharray=\"5 4\"/></svg>Pareto front (filled dots): no other detector is both faster and more accurate</li>")
        return ChartFigure(
            title: "Accuracy against speed",
            caption: "Up and left is better. Hollow dots are beaten on both counts by a detector on the front."
                + (points.contains { $0.interval != nil } ? " Bars: 95 % interval of the AP over images (resampled)." : ""),
            svg: chart.svg(label: "Accuracy against latency with the Pareto front"), legend: legend)
    }

    /// " (95 % interval 0.80–0.86)", or nothing without one.
    static func intervalText(_ interval: ConfidenceInterval?) -> String {
        interval.map { " (95 % interval \(Formatting.fixed($0.low, 3))–\(Formatting.fixed($0.high, 3)))" } ?? ""
    }
}
