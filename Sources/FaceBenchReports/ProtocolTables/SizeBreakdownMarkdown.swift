import FaceBenchModel
import FaceBenchEvaluation

/// The `sizes` protocol's table: recall and AP per size bucket.
enum SizeBreakdownMarkdown {
    static func document(_ results: [(detector: String, result: SizeBreakdownResult)]) -> ReportDocument {
        let labels = (results.first?.result.buckets ?? []).map(\.label)
        var table = MarkdownTable(headers: ["Detector"] + labels.map { "\($0) recall / AP" })
        for (detector, result) in results {
            // Matched by label: results read from files may hold other buckets than the first.
            // A bucket without faces has no numbers: one dash, as every table shows no data.
            let cells = labels.map { label in
                result.buckets.first { $0.label == label && $0.faces > 0 }.map {
                    "\(Formatting.percent($0.recall)) / \(Formatting.fixed($0.averagePrecision, 3))"
                } ?? "–"
            }
            table.add([detector] + cells)
        }
        let faces = (results.first?.result.buckets ?? []).map { "\($0.label): \($0.faces)" }
        let iou = results.first?.result.iouThreshold ?? 0.5
        return ReportDocument([
            .paragraph("Recall and AP by face size (IoU \(Formatting.fixed(iou, 2))):"), .table(table),
            .paragraph("h = face height in px; small/medium/large = COCO area ranges. Faces per bucket: \(faces.joined(separator: ", "))."),
        ])
    }
}
