import FaceBenchModel
import FaceBenchEvaluation

/// The `fddb` protocol's table, and what missing image sizes do to its numbers.
public enum FDDBMarkdown {
    static func document(_ results: [(detector: String, result: FDDBResult)]) -> ReportDocument {
        var table = MarkdownTable(headers: ["Detector", "Discrete TPR @1000 FP", "Continuous TPR @1000 FP", "Detections"])
        for (detector, result) in results {
            table.add([
                detector, Formatting.fixed(result.discrete.truePositiveRateAt1000, 4),
                Formatting.fixed(result.continuous.truePositiveRateAt1000, 4), String(result.detections),
            ])
        }
        var document = ReportDocument([.paragraph("FDDB ROC (FDDB toolkit semantics)"), .table(table)])
        if let unsized = results.map(\.result.imagesWithoutSize).max(), unsized > 0 {
            let images = results.map(\.result.images).max() ?? 0
            document.blocks.append(.paragraph(unsizedNote(unsized, of: images)))
        }
        return document
    }

    /// What an evaluation without image sizes says about its numbers. The figures are those of
    /// FDDBImageSizesTests' synthetic FDDB-like images (docs/evaluation.md, "FDDB without images").
    public static func unsizedNote(_ unsized: Int, of images: Int) -> String {
        "\(unsized) of \(images) images have no known size (neither the image nor FDDB-image-sizes.txt is there): their regions "
            + "are clipped at the left and top border only, so faces and detections crossing the right or bottom border overlap "
            + "differently than in FDDB's toolkit. Both TPRs may differ, the continuous one most: on synthetic FDDB-like images "
            + "with a third of the faces at those borders, discrete TPR moved by less than 0.01 and continuous TPR by 0.019 "
            + "(docs/evaluation.md). "
            + "Write the sizes once from the images with `facebench fddb-sizes`."
    }
}
