import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchHarness

/// report.md's lines under the latency table: each timed detector's median time ÷ the
/// fastest detector's, with the interval paired over images that results.json keeps
/// (`DetectorResult.latencyRatioToFastest`, `LatencyRatio`), judged by `SpeedChange`:
/// "slower" only when the whole interval lies above its tolerance.
public enum LatencyRatios {
    /// Each detector but the fastest with its ratio, in run order.
    public static func againstFastest(_ results: RunResults) -> [(detector: String, ratio: LatencyRatio)] {
        results.detectors.compactMap { detector -> (detector: String, ratio: LatencyRatio)? in
            guard let ratio = detector.latencyRatioToFastest, ratio.fastest != detector.id else { return nil }
            return (detector.id, ratio)
        }
    }

    /// The table and its reading under the latency table, nil when there is nothing to compare.
    public static func document(_ results: RunResults) -> ReportDocument? {
        let ratios = againstFastest(results)
        guard let first = ratios.first else { return nil }
        var table = MarkdownTable(headers: ["Median time ÷ \(first.ratio.fastest)'s", "×", "95% interval (paired over images)", "Verdict"])
        for (detector, ratio) in ratios {
            let change = SpeedChange(ratio: ratio.ratio, least: ratio.interval.low, most: ratio.interval.high)
            table.add([
                detector, Formatting.fixed(ratio.ratio, 2), "\(Formatting.fixed(ratio.interval.low, 2))–\(Formatting.fixed(ratio.interval.high, 2))",
                change.verdict.rawValue,
            ])
        }
        return ReportDocument([
            .table(table),
            .paragraph("Slower only when the whole interval is above ×\(Formatting.fixed(SpeedChange.standardMaxSlowdown, 2)) (`compare`'s default `--tolerance slowdown`)."),
        ])
    }
}
