import FaceBenchModel
import FaceBenchEvaluation

/// The `fp_table` protocol's table: detection rate at each false-positive count, where the
/// curve ends and the log-average miss rate, with the published reference row when present.
enum FalsePositiveTableMarkdown {
    static func document(_ results: [(detector: String, result: FalsePositiveTableResult)]) -> ReportDocument {
        let counts = results.first?.result.detectionRate.entries.map(\.name) ?? FalsePositiveTable.violaJones.counts.map { String($0) }
        var table = MarkdownTable(headers: ["Detector"] + counts.map { "\($0) FP" } + ["Curve ends at", "LAMR"])
        for (detector, result) in results {
            let rates = counts.map { Formatting.percent(result.detectionRate[$0]) }
            let end = "\(result.maxFalsePositives) FP, \(Formatting.percent(result.detectionRateAtMax))"
            table.add([detector] + rates + [end, Formatting.percent(result.logAverageMissRate)])
        }
        if let reference = results.lazy.compactMap({ $0.result.reference }).first {
            table.add([reference.name] + counts.map { Formatting.percent(reference.detectionRate[$0]) } + ["–", "–"])
        }
        let removed = table.removeColumnsHolding(only: "–")
        let unreached = removed.isEmpty ? "" : " Left out: \(removed.joined(separator: ", ")), which no detector reaches even with every detection it returned."
        let iou = results.first?.result.iouThreshold ?? 0.5
        return ReportDocument([
            .paragraph("Detection rate at fixed numbers of false positives (IoU \(Formatting.fixed(iou, 2))):"), .table(table),
            .paragraph("– = the detector never produces that many false positives, even with every detection it returned.\(unreached) LAMR: log-average miss rate over 10⁻²…10⁰ false positives per image (lower is better)."),
        ])
    }
}
