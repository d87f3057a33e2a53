import FaceBenchModel
import FaceBenchEvaluation

/// The `landmarks` protocol's tables: NME, failure rates and CED AUC per detector, and mean
/// NME by face height. A detector without landmarks gets a row of dashes.
enum LandmarkMarkdown {
    static func document(_ results: [(detector: String, result: LandmarkResult)]) -> ReportDocument {
        var table = MarkdownTable(headers: [
            "Detector", "points", "normaliser", "faces scored", "no landmarks", "mean NME", "median NME",
            "FR@0.08", "FR@0.10", "AUC@0.08", "AUC@0.10", "worst point",
        ], alignments: [.left, .left, .left] + Array(repeating: .right, count: 8) + [.left])
        var sizes = MarkdownTable(headers: ["Mean NME by face height"] + SizeRange.faceHeights.map(\.label))
        for (detector, result) in results {
            let s = result.scores
            let points = s.map { "\($0.detectorScheme) vs \($0.datasetScheme) (\($0.comparison ?? "?"), \($0.points.count))" } ?? "–"
            let worst = (s?.perPoint ?? []).max { ($0.meanError ?? 0) < ($1.meanError ?? 0) }
            table.add([
                detector, points, s?.normaliser ?? "–", s.map { String($0.facesScored) } ?? "–", s.map { String($0.facesWithoutLandmarks) } ?? "–",
                Formatting.fixed(s?.nme.mean, 4), Formatting.fixed(s?.nme.median, 4),
                Formatting.percent(s?.failureRate["0.08"]), Formatting.percent(s?.failureRate["0.10"]),
                Formatting.fixed(s?.auc["0.08"], 3), Formatting.fixed(s?.auc["0.10"], 3),
                worst.map { "\($0.name) \(Formatting.fixed($0.meanError, 4))" } ?? "–",
            ])
            // A detector without landmarks has no buckets: a row of dashes, like its main row.
            // Matched by label: a results file may hold other buckets than this FaceBench's.
            let buckets = SizeRange.faceHeights.map { range in
                s?.bySize.first { $0.label == range.label }.map { bucket in
                    bucket.faces == 0 ? "–" : "\(Formatting.fixed(bucket.nmeMean, 4)) (\(bucket.faces))"
                } ?? "–"
            }
            sizes.add([detector] + buckets)
        }
        let iou = results.first?.result.scores?.iouThreshold ?? 0.5
        return ReportDocument([
            .paragraph("Landmark accuracy (faces matched at IoU \(Formatting.fixed(iou, 2))):"), .table(table),
            .paragraph(
                "NME = mean point error ÷ normaliser (outer_eye_corners: iBUG points 37–46; eye_centres: distance between the eye centres). "
                    + "FR = share of scored faces with NME above the threshold; AUC = area under the CED curve up to it, ÷ the threshold. "
                    + "No landmarks = faces the box found whose detection has no points."),
            .table(sizes),
        ])
    }
}
