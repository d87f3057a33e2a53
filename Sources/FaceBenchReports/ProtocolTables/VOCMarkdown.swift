import FaceBenchModel
import FaceBenchEvaluation

/// The `voc` protocol's table: all-point and 11-point AP with the matching's counts.
enum VOCMarkdown {
    static func document(_ results: [(detector: String, result: VOCResult)]) -> ReportDocument {
        let iou = results.first?.result.iouThreshold ?? EvaluationOptions.standardIoUThreshold
        let name = ComparisonReport.apName(iou: iou)
        var table = MarkdownTable(headers: ["Detector", "\(name) (VOC, all-point)", "\(name) (VOC, 11-point)", "TP", "FP", "Ignored"])
        for (detector, result) in results {
            table.add([
                detector, Formatting.fixed(result.averagePrecision, 4), Formatting.fixed(result.elevenPointAveragePrecision, 4),
                String(result.truePositives), String(result.falsePositives), String(result.ignored),
            ])
        }
        return ReportDocument([
            .paragraph("PASCAL VOC AP at IoU \(Formatting.fixed(iou, 2)):"), .table(table),
            .paragraph("All-point: VOC 2010+ area under the interpolated curve; 11-point: VOC 2007 mean of precision at recall 0, 0.1, …, 1. Faces marked ignore are VOC's \"difficult\"."),
        ])
    }
}
