/// Recall by face size as grouped bars: a group per size bucket that has faces, a bar per
/// detector, from the `sizes` protocol (`FaceSizeEvaluator`).
public enum SizeRecallChart {
    /// `sizes[i]` is series i's `sizes` result, or nil.
    public static func chart(_ comparison: DatasetComparison, sizes: [JSONValue?], styles: [SeriesStyle]) -> ChartFigure? {
        let labels = FaceSizeEvaluator.edges.indices.map(FaceSizeEvaluator.label).filter { label in
            sizes.contains { ($0?["buckets"]?[label]?["faces"]?.int ?? 0) > 0 }
        }
        let series = zip(sizes, styles).compactMap { result, style in result.map { ($0, style) } }
        guard !labels.isEmpty, !series.isEmpty else { return nil }
        var chart = SVGChart(
            x: AxisScale(kind: .linear, lower: 0, upper: Double(labels.count)), y: AxisScale(kind: .linear, lower: 0, upper: 1),
            xTitle: "Face height in pixels (faces in the bucket)", yTitle: "Recall")
        chart.xCategories = labels.enumerated().map { index, label in
            let faces = series.compactMap { $0.0["buckets"]?[label]?["faces"]?.int }.max() ?? 0
            return (Double(index) + 0.5, "\(label) (\(faces))")
        }
        let groupWidth = chart.x.position(1) - chart.x.position(0)
        let barWidth = min(28, groupWidth * 0.8 / Double(series.count))
        for (group, label) in labels.enumerated() {
            for (index, (result, style)) in series.enumerated() {
                guard let recall = result["buckets"]?[label]?["recall"]?.double else { continue }
                let center = chart.x.position(Double(group) + 0.5)
                let left = center - barWidth * Double(series.count) / 2 + barWidth * Double(index)
                let top = chart.y.position(recall), bottom = chart.y.position(0)
                let detected = result["buckets"]?[label]?["detected"]?.int ?? 0
                let faces = result["buckets"]?[label]?["faces"]?.int ?? 0
                chart.add("<rect x=\"\(SVGChart.n(left + 1))\" y=\"\(SVGChart.n(top))\" width=\"\(SVGChart.n(barWidth - 2))\" height=\"\(SVGChart.n(max(0.5, bottom - top)))\" fill=\"\(style.color)\"\(style.dash == nil ? "" : " fill-opacity=\"0.55\"")><title>\(HTMLText.escape(style.name)) \(label) px: recall \(Formatting.fixed(recall, 3)) (\(detected)/\(faces))</title></rect>")
            }
        }
        return ChartFigure(
            title: "Recall by face size",
            caption: "Share of the faces of each height that a detector found (IoU ≥ \(Formatting.fixed(series.first?.0["iou_threshold"]?.double ?? 0.5, 2)), all its detections).",
            svg: chart.svg(label: "Recall by face size"), legend: series.map { $0.1.legendItem($0.1.name) })
    }
}
