import FaceBenchModel
import FaceBenchEvaluation

/// The `per_image` protocol's table: the five worst images of each detector.
enum PerImageMarkdown {
    static func document(_ results: [(detector: String, result: PerImageResult)]) -> ReportDocument {
        var table = MarkdownTable(headers: ["Detector", "Image", "TP", "FP", "Missed"])
        for (detector, result) in results {
            for image in result.images.prefix(5) {
                table.add([detector, image.name, String(image.truePositives), String(image.falsePositives), String(image.missed)])
            }
        }
        return ReportDocument([.paragraph("Worst images (missed faces plus false positives), five per detector:"), .table(table)])
    }
}
