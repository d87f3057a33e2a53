import FaceBenchModel
import FaceBenchEvaluation

/// The `coco` protocol's table: pycocotools' twelve numbers per detector.
enum COCOMarkdown {
    static func document(_ results: [(detector: String, result: COCOResult)]) -> ReportDocument {
        var table = MarkdownTable(headers: ["Detector"] + COCOSummary.keys.map { "COCO " + $0 })
        for (detector, result) in results {
            table.add([detector] + result.summary.stats.map { $0 < 0 ? "–" : Formatting.fixed($0, 3) })
        }
        let maxDets = results.first?.result.summary.maxDetections ?? [1, 10, 100]
        return ReportDocument([
            .paragraph("pycocotools' twelve numbers:"), .table(table),
            .paragraph("AP averages IoU 0.50:0.05:0.95 at 101 recall points; s/m/l = area < 32², 32²–96², > 96² px; maxDets \(maxDets.map { String($0) }.joined(separator: "/")); – = no face in that range."),
        ])
    }
}
