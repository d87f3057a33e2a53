import FaceBenchModel
import FaceBenchEvaluation

/// The cumulative error distribution of the `landmarks` protocol: for each NME up to 0.10,
/// the share of scored faces at or below it, one step curve per detector from the per-face
/// NMEs stored in the results (`evaluation.landmarks.faces`).
public enum CEDChart {
    public static let limit = 0.10

    public static func chart(_ comparison: DatasetComparison, styles: [SeriesStyle]) -> ChartFigure? {
        let series = zip(comparison.series, styles).compactMap { pair -> (nmes: [Double], result: LandmarkScores, style: SeriesStyle)? in
            guard let result = pair.0.detector.evaluations.landmarks, !result.faces.isEmpty else { return nil }
            return (result.faces.map(\.nme).sorted(), result, pair.1)
        }
        guard !series.isEmpty else { return nil }
        var chart = SVGChart(
            x: AxisScale(kind: .linear, lower: 0, upper: limit), y: AxisScale(kind: .linear, lower: 0, upper: 1),
            xTitle: "NME", yTitle: "Share of faces with NME ≤ x")
        var legend: [String] = []
        for (nmes, result, style) in series {
            var points: [(Double, Double)] = [(0, 0)]
            for (index, nme) in nmes.enumerated() where nme <= limit {
                points.append((nme, Double(index) / Double(nmes.count)))
                points.append((nme, Double(index + 1) / Double(nmes.count)))
            }
            points.append((limit, points.last?.1 ?? 0))
            chart.polyline(points, color: style.color, dash: style.dash)
            legend.append(style.legendItem(
                "\(style.name) — AUC@0.10 \(Formatting.fixed(result.auc["0.10"], 3)), mean NME \(Formatting.fixed(result.nme.mean, 4)), \(nmes.count) faces"))
        }
        return ChartFigure(
            title: "Landmarks: cumulative error distribution",
            caption: "Per scored face, the landmark error over the normaliser (NME); the curve is the share of faces at or below each NME. Up and left is better.",
            svg: chart.svg(label: "CED curves"), legend: legend)
    }
}
