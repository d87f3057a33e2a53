import FaceBenchModel
import FaceBenchEvaluation

/// The `wider` protocol's table: easy, medium and hard AP per detector.
enum WIDERMarkdown {
    static func document(_ results: [(detector: String, result: WIDERResult)]) -> ReportDocument {
        var table = MarkdownTable(headers: ["Detector", "Easy AP", "Medium AP", "Hard AP", "Predictions"])
        for (detector, result) in results {
            let ap = WIDEREvaluator.settings.map { Formatting.fixed(result[$0]?.averagePrecision, 4) }
            table.add([detector] + ap + [String(result.predictions)])
        }
        let flavors = Set(results.map(\.result.flavor))
        let tools = WIDERFlavor.allCases.filter(flavors.contains).map(\.tool).joined(separator: " and ")
        return ReportDocument([.paragraph("WIDER FACE AP (\(tools), IoU 0.5)"), .table(table)])
    }
}
