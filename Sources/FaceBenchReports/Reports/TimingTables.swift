import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchHarness

/// The timing tables of a run: latency statistics per detector with image decoding as its
/// own row, and throughput per worker count when throughput passes ran.
public enum TimingTables {
    public static func latency(_ results: RunResults) -> MarkdownTable {
        var table = MarkdownTable(headers: [
            "Latency (ms)", "n", "min", "p25", "p50", "p50 95% CI", "p75", "p90", "p99", "max", "mean", "std", "MAD",
            "p50 ms/MP", "load ms", "RSS MB",
        ])
        func row(_ name: String, _ s: LatencySummary, perMegapixel: LatencySummary?, load: Double?, memory: MemoryUse?) {
            let ms = Formatting.milliseconds
            table.add([
                name, String(s.count), ms(s.min), ms(s.p25), ms(s.p50),
                "\(ms(s.medianCI95.lowerBound))–\(ms(s.medianCI95.upperBound))", ms(s.p75), ms(s.p90), ms(s.p99),
                ms(s.max), ms(s.mean), ms(s.standardDeviation), ms(s.mad), ms(perMegapixel?.p50), ms(load),
                memory.map { Formatting.fixed($0.loadMegabytes + $0.warmupMegabytes, 1) } ?? "–",
            ])
        }
        for detector in results.detectors {
            guard let latency = detector.latency else { continue }
            row(detector.id, latency, perMegapixel: detector.latencyPerMegapixel,
                load: detector.setup.loadMilliseconds.first, memory: detector.setup.memory)
            if let reported = detector.reportedLatency {
                row("\(detector.id) (own timing)", reported, perMegapixel: nil, load: nil, memory: nil)
            }
            if let stage = detector.landmarkLatency {
                let name = detector.info.parameters.first { $0.name == "landmarks" }?.value ?? "landmarks"
                row("\(detector.id) (\(name) stage)", stage, perMegapixel: nil, load: nil, memory: nil)
            }
        }
        if let decode = results.decodeLatency { row("image decode", decode, perMegapixel: nil, load: nil, memory: nil) }
        return table
    }

    /// Nil when no throughput pass ran.
    public static func throughput(_ results: RunResults) -> MarkdownTable? {
        let measured = results.detectors.filter { !$0.throughput.isEmpty }
        guard !measured.isEmpty else { return nil }
        var table = MarkdownTable(headers: ["Throughput", "threads", "img/s", "MP/s", "scaling efficiency"])
        for detector in measured {
            for t in detector.throughput {
                table.add([
                    detector.id, String(t.threads), Formatting.fixed(t.imagesPerSecond, 2),
                    Formatting.fixed(t.megapixelsPerSecond, 2), Formatting.fixed(t.scalingEfficiency, 3),
                ])
            }
        }
        return table
    }

    public static func markdown(_ results: RunResults) -> String {
        var out = latency(results).text
        if let throughput = throughput(results) { out += "\n" + throughput.text }
        return out
    }
}
