/// The precision-recall curve and the ROC of every detector, from the ranked detections
/// stored with the metrics (`metrics.pr_curve`): one point per score threshold, from the
/// most confident detection down, ending at the detector's operating point (everything it
/// returned), marked with a dot.
public enum DetectionCurveCharts {
    public static func precisionRecall(_ comparison: DatasetComparison, styles: [SeriesStyle]) -> ChartFigure? {
        let series = Array(zip(comparison.series, styles)).filter { !$0.0.detector.metrics.curve.isEmpty }
        guard !series.isEmpty else { return nil }
        var chart = SVGChart(
            x: AxisScale(kind: .linear, lower: 0, upper: 1), y: AxisScale(kind: .linear, lower: 0, upper: 1),
            xTitle: "Recall", yTitle: "Precision")
        var legend: [String] = []
        for ((_, detector), style) in series {
            let curve = detector.metrics.curve
            chart.polyline(curve.map { ($0.recall, $0.precision) }, color: style.color, dash: style.dash)
            if let last = curve.last {
                chart.circle(last.recall, last.precision, radius: 4, fill: style.color, stroke: "#fff", title: "\(style.name): operating point, precision \(Formatting.fixed(last.precision, 3)), recall \(Formatting.fixed(last.recall, 3))")
            }
            let ap = ComparisonReport.summaryValue("ap50", of: detector) ?? detector.metrics.averagePrecision
            legend.append(style.legendItem("\(style.name) — AP \(Formatting.fixed(ap, 3))"))
        }
        let iou = comparison.entries.first?.results.settings.iouThreshold ?? 0.5
        return ChartFigure(
            title: "Precision–recall",
            caption: "Each detection ranked by score, IoU ≥ \(Formatting.fixed(iou, 2)); the dot is the detector's own operating point. Up and right is better.",
            svg: chart.svg(label: "Precision-recall curves"), legend: legend)
    }

    /// True positives against false positives (the ROC of face detection, as in Viola and
    /// Jones): how many faces each detector finds for a given number of false alarms.
    public static func roc(_ comparison: DatasetComparison, styles: [SeriesStyle]) -> ChartFigure? {
        let series = Array(zip(comparison.series, styles)).filter { !$0.0.detector.metrics.curve.isEmpty }
        guard !series.isEmpty else { return nil }
        let faces = comparison.series.map(\.detector.metrics.faces).max() ?? 0
        let maxFP = series.compactMap { $0.0.detector.metrics.curve.last?.falsePositives }.max() ?? 1
        var chart = SVGChart(
            x: .linear(covering: [0, Double(max(maxFP, 1))]), y: .linear(covering: [0, Double(max(faces, 1))]),
            xTitle: "False positives", yTitle: "True positives (faces found)")
        chart.polyline([(chart.x.lower, Double(faces)), (chart.x.upper, Double(faces))], color: "#9aa0a6", dash: "4 4", width: 1)
        chart.text("\(faces) faces", atX: chart.x.upper, y: Double(faces), dx: -4, dy: -5, anchor: "end", className: "note")
        var legend: [String] = []
        for ((_, detector), style) in series {
            let curve = detector.metrics.curve
            chart.polyline([(0, 0)] + curve.map { (Double($0.falsePositives), Double($0.truePositives)) }, color: style.color, dash: style.dash)
            if let last = curve.last {
                chart.circle(Double(last.falsePositives), Double(last.truePositives), radius: 4, fill: style.color, stroke: "#fff", title: "\(style.name): \(last.truePositives) faces found, \(last.falsePositives) false positives")
            }
            legend.append(style.legendItem("\(style.name) — \(detector.metrics.truePositives) TP at \(detector.metrics.falsePositives) FP"))
        }
        return ChartFigure(
            title: "ROC: faces found against false alarms",
            caption: "Lowering the score threshold finds more faces at the cost of false positives. Up and left is better.",
            svg: chart.svg(label: "ROC curves"), legend: legend)
    }
}
