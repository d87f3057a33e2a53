import FaceBenchModel
import FaceBenchEvaluation

/// The `errors` protocol's table: TIDE's AP and the AP lost to each error type.
enum ErrorAnalysisMarkdown {
    static func document(_ results: [(detector: String, result: ErrorAnalysisResult)]) -> ReportDocument {
        var table = MarkdownTable(headers: ["Detector", "TIDE AP", "Localisation", "Duplicate", "Background", "Missed", "False pos.", "False neg."])
        for (detector, result) in results {
            table.add([detector, Formatting.fixed(result.averagePrecision, 4)] + ErrorAnalysisResult.deltaKeys.map { Formatting.fixed(result.deltaAP[$0], 4) })
        }
        let threshold = results.first?.result.iouThreshold ?? TIDEAnalysis.standardForegroundThreshold
        return ReportDocument([
            .paragraph("AP lost to each error type (TIDE dAP at IoU \(Formatting.fixed(threshold, 2)), as tidecv computes it; classification and \"both\" are 0 for one class):"),
            .table(table),
        ])
    }
}
