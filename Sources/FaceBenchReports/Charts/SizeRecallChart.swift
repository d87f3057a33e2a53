import FaceBenchModel
import FaceBenchEvaluation

/// Recall by face size as grouped bars: a group per face-height bucket that has faces, a
/// bar per detector, from the `sizes` protocol's results.
public enum SizeRecallChart {
    /// `sizes[i]` is series i's `sizes` result, or nil.
    public static func chart(_ comparison: DatasetComparison, sizes: [SizeBreakdownResult?], styles: [SeriesStyle]) -> ChartFigure? {
        let labels = SizeBuckets.heights(sizes.compactMap { $0 })
        let series = zip(sizes, styles).compactMap { result, style in
            result.map { (Dictionary(SizeBuckets.heights([$0]).map { ($0.label, $0.recall) }, uniquingKeysWith: { first, _ in first }), style) }
        }
        guard !labels.isEmpty, !series.isEmpty else { return nil }
        var chart = SVGChart(
            x: AxisScale(kind: .linear, lower: 0, upper: Double(labels.count)), y: AxisScale(kind: .linear, lower: 0, upper: 1),
            xTitle: "Face height in pixels (faces in the bucket)", yTitle: "Recall")
        chart.xCategories = labels.enumerated().map { index, bucket in
            (Double(index) + 0.5, "\(bucket.label.hasPrefix("h") ? String(bucket.label.dropFirst()) : bucket.label) (\(bucket.faces))")
        }
        let groupWidth = chart.x.position(1) - chart.x.position(0)
        let barWidth = min(28, groupWidth * 0.8 / Double(series.count))
        for (group, bucket) in labels.enumerated() {
            for (index, (recalls, style)) in series.enumerated() {
                guard let recall = recalls[bucket.label] ?? nil else { continue }
                let center = chart.x.position(Double(group) + 0.5)
                let left = center - barWidth * Double(series.count) / 2 + barWidth * Double(index)
                let top = chart.y.position(recall), bottom = chart.y.position(0)
                chart.add("<rect x=\"\(SVGChart.n(left + 1))\" y=\"\(SVGChart.n(top))\" width=\"\(SVGChart.n(barWidth - 2))\" height=\"\(SVGChart.n(max(0.5, bottom - top)))\" fill=\"\(style.color)\"\(style.dash == nil ? "" : " fill-opacity=\"0.55\"")><title>\(HTMLText.escape(style.name)) \(HTMLText.escape(bucket.label)): recall \(Formatting.fixed(recall, 3))</title></rect>")
            }
        }
        let iou = sizes.compactMap { $0?.iouThreshold }.first ?? 0.5
        return ChartFigure(
            title: "Recall by face size",
            caption: "Share of the faces of each height that a detector found (IoU ≥ \(Formatting.fixed(iou, 2)), all its detections).",
            svg: chart.svg(label: "Recall by face size"), legend: series.map { $0.1.legendItem($0.1.name) })
    }
}
