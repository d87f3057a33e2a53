import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchHarness

/// The precision-recall curve and the ROC of every detector, from the ranked detections
/// stored with the metrics (`metrics.pr_curve`): one point per score threshold, from the
/// most confident detection down, ending at the detector's operating point (everything it
/// returned), marked with a dot. Series with the same curve (haar and swift-haar, which
/// agree box for box) are drawn once, and a note names them all, so none hides unseen.
public enum DetectionCurveCharts {
    public static func precisionRecall(_ comparison: DatasetComparison, styles: [SeriesStyle]) -> ChartFigure? {
        let series = Array(zip(comparison.series, styles)).filter { !$0.0.detector.metrics.curve.isEmpty }
        guard !series.isEmpty else { return nil }
        var chart = SVGChart(
            x: AxisScale(kind: .linear, lower: 0, upper: 1), y: AxisScale(kind: .linear, lower: 0, upper: 1),
            xTitle: "Recall", yTitle: "Precision")
        var legend: [String] = []
        let twins = Twins(series.map(\.0.detector))
        for (index, ((_, detector), style)) in series.enumerated() {
            let ap = ComparisonReport.summaryValue("ap50", of: detector) ?? detector.metrics.averagePrecision
            if let first = twins.original[index] {
                legend.append(style.legendItem("\(style.name) — AP \(Formatting.fixed(ap, 3)), same curve as \(series[first].1.name)"))
                continue
            }
            let curve = detector.metrics.curve
            chart.polyline(curve.map { ($0.recall, $0.precision) }, color: style.color, dash: style.dash)
            if let last = curve.last, let precision = detector.intervals["precision"], let recall = detector.intervals["recall"] {
                chart.intervalBar(at: last.recall, from: precision.low, to: precision.high, vertical: true, color: style.color)
                chart.intervalBar(at: last.precision, from: recall.low, to: recall.high, vertical: false, color: style.color)
            }
            if let last = curve.last {
                chart.circle(last.recall, last.precision, radius: 4, fill: style.color, stroke: "#fff", title: "\(style.name): operating point, precision \(Formatting.fixed(last.precision, 3)), recall \(Formatting.fixed(last.recall, 3))")
            }
            legend.append(style.legendItem("\(style.name) — AP \(Formatting.fixed(ap, 3))"))
        }
        let iou = comparison.entries.first?.results.settings.iouThreshold ?? 0.5
        return ChartFigure(
            title: "Precision–recall",
            caption: "Each detection ranked by score, IoU ≥ \(Formatting.fixed(iou, 2)); the dot is the detector's own operating point"
                + (series.contains { !$0.0.detector.intervals.isEmpty } ? ", its cross the 95 % intervals of its precision and recall over images." : ".")
                + " Up and right is better.",
            svg: chart.svg(label: "Precision-recall curves"), legend: legend, notes: twins.notes(series.map(\.1.name)))
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
        let twins = Twins(series.map(\.0.detector))
        for (index, ((_, detector), style)) in series.enumerated() {
            let counts = "\(detector.metrics.truePositives) TP at \(detector.metrics.falsePositives) FP"
            if let first = twins.original[index] {
                legend.append(style.legendItem("\(style.name) — \(counts), same curve as \(series[first].1.name)"))
                continue
            }
            let curve = detector.metrics.curve
            chart.polyline([(0, 0)] + curve.map { (Double($0.falsePositives), Double($0.truePositives)) }, color: style.color, dash: style.dash)
            if let last = curve.last {
                chart.circle(Double(last.falsePositives), Double(last.truePositives), radius: 4, fill: style.color, stroke: "#fff", title: "\(style.name): \(last.truePositives) faces found, \(last.falsePositives) false positives")
            }
            legend.append(style.legendItem("\(style.name) — \(counts)"))
        }
        return ChartFigure(
            title: "ROC: faces found against false alarms",
            caption: "Lowering the score threshold finds more faces at the cost of false positives. Up and left is better.",
            svg: chart.svg(label: "ROC curves"), legend: legend, notes: twins.notes(series.map(\.1.name)))
    }

    /// Which series repeat an earlier one's curve exactly (the same true and false positives
    /// at every rank, against the same number of faces).
    struct Twins {
        /// For each series, the index of the first series with the same curve, when that is
        /// another one.
        var original: [Int?]

        init(_ detectors: [DetectorResult]) {
            var firstByCurve: [[Int]: Int] = [:]
            original = detectors.enumerated().map { index, detector in
                let key = [detector.metrics.faces] + detector.metrics.curve.flatMap { [$0.truePositives, $0.falsePositives] }
                if let first = firstByCurve[key] { return first }
                firstByCurve[key] = index
                return nil
            }
        }

        /// "`haar` and `swift-haar` have identical curves: one line shows both."
        func notes(_ names: [String]) -> [String] {
            var groups: [Int: [Int]] = [:]
            for (index, first) in original.enumerated() {
                if let first { groups[first, default: [first]].append(index) }
            }
            return groups.keys.sorted().map { first in
                let members = groups[first]!.map { "`\(names[$0])`" }
                let list = members.dropLast().joined(separator: ", ") + " and " + members.last!
                return "\(list) have identical curves: the line of `\(names[first])` shows \(members.count == 2 ? "both" : "all \(members.count)")."
            }
        }
    }
}
