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
            if let band = detector.precisionBand {
                chart.band(band.recall, low: band.low, high: band.high, color: style.color, title: "\(style.name): 95 % band of the interpolated precision over images")
            }
            chart.polyline(curve.map { ($0.recall, $0.precision) }, color: style.color, dash: style.dash)
            for mark in ThresholdMark.marks(of: detector, name: style.name) {
                chart.circle(mark.point.recall, mark.point.precision, radius: mark.isOperatingPoint ? 4.5 : 2.5, fill: "#fff", stroke: style.color, title: mark.title)
            }
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
                + (series.contains { $0.0.detector.precisionBand != nil } ? " The shading is each curve's 95 % band over images (pointwise, of the interpolated precision)." : "")
                + " " + ThresholdMark.caption + " Up and right is better.",
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
            for mark in ThresholdMark.marks(of: detector, name: style.name) {
                chart.circle(Double(mark.point.falsePositives), Double(mark.point.truePositives), radius: mark.isOperatingPoint ? 4.5 : 2.5, fill: "#fff", stroke: style.color, title: mark.title)
            }
            if let last = curve.last {
                chart.circle(Double(last.falsePositives), Double(last.truePositives), radius: 4, fill: style.color, stroke: "#fff", title: "\(style.name): \(last.truePositives) faces found, \(last.falsePositives) false positives")
            }
            legend.append(style.legendItem("\(style.name) — \(counts)"))
        }
        return ChartFigure(
            title: "ROC: faces found against false alarms",
            caption: "Lowering the score threshold finds more faces at the cost of false positives. " + ThresholdMark.caption + " Up and left is better.",
            svg: chart.svg(label: "ROC curves"), legend: legend, notes: twins.notes(series.map(\.1.name)))
    }

    /// A score threshold marked on a curve, with a tooltip naming the score to set and what it
    /// gives, so a deployment threshold can be read off the chart: the detector's operating
    /// points (best F1, the target precision, the false-positive budget) and about eight
    /// thresholds spread along it.
    struct ThresholdMark {
        var point: PRPoint
        var title: String
        var isOperatingPoint: Bool

        static let caption = "Hollow marks are score thresholds (hover: the score to set, precision, recall, counts); the larger ones the best F1, the first reaching the target precision and the last within the false-positive budget."

        static func marks(of detector: DetectorResult, name: String) -> [ThresholdMark] {
            let curve = detector.metrics.curve
            // Only the last detection of a run of equal scores is a threshold one can set.
            let settable = curve.indices.filter { $0 == curve.count - 1 || curve[$0 + 1].score != curve[$0].score }
            let spread = settable.count <= 8 ? settable : (1...8).map { settable[$0 * (settable.count - 1) / 8] }
            func described(_ point: PRPoint) -> String {
                "score ≥ \(RegressionGate.number(point.score)): precision \(Formatting.fixed(point.precision, 3)), recall \(Formatting.fixed(point.recall, 3)), "
                    + "\(point.truePositives) TP, \(point.falsePositives) FP"
            }
            var marks = spread.map { ThresholdMark(point: curve[$0], title: "\(name): \(described(curve[$0]))", isOperatingPoint: false) }
            let points = detector.operatingPoints
            let budget = "≤ \(Formatting.shortest(points?.falsePositivesPerImage ?? 0)) false positives per image"
            for (what, chosen) in [
                ("best F1", points?.bestF1), ("precision ≥ \(Formatting.fixed(points?.targetPrecision, 2))", points?.atTargetPrecision),
                (budget, points?.withinFalsePositiveBudget),
            ] {
                guard let chosen, let point = curve.last(where: { $0.score == chosen.threshold }) else { continue }
                marks.append(ThresholdMark(point: point, title: "\(name): \(what) (F1 \(Formatting.fixed(chosen.f1, 3))) at \(described(point))", isOperatingPoint: true))
            }
            return marks
        }
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
