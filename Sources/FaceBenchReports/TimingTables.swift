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
        var table = MarkdownTable(headers: ["Throughput", "threads", "img/s", "MP/s", "scaling efficiency", "cores used"])
        for detector in measured {
            for t in detector.throughput {
                table.add([
                    detector.id, String(t.threads), Formatting.fixed(t.imagesPerSecond, 2),
                    Formatting.fixed(t.megapixelsPerSecond, 2), Formatting.fixed(t.scalingEfficiency, 3), Formatting.fixed(t.coresUsed, 2),
                ])
            }
        }
        return table
    }

    /// What the throughput table needs said beside it: passes whose workers did not get their
    /// cores (the machine was busy, so throughput and scaling understate the detector), and
    /// a one-worker rate that differs from the headline's img/s, with why.
    public static func throughputNotes(_ results: RunResults) -> [String] {
        var notes: [String] = []
        let cores = results.environment?.cores
        for detector in results.detectors {
            for t in detector.throughput {
                guard let used = t.coresUsed, used < Self.busyShare * Double(t.threads) else { continue }
                // A pass asking for more workers than the machine has cores is not starved by others.
                if let cores, t.threads > cores { continue }
                notes.append(
                    "the machine was busy: \(detector.id)'s \(t.threads)-worker pass kept \(Formatting.fixed(used, 2)) of \(t.threads) cores busy, so its throughput and scaling understate the detector; measure on an idle machine")
            }
            if let headline = detector.imagesPerSecond, headline > 0,
               let single = detector.throughput.first(where: { $0.threads == 1 }), single.imagesPerSecond > 0 {
                let difference = single.imagesPerSecond / headline - 1
                if abs(difference) > Self.agreement {
                    notes.append(
                        "\(detector.id): 1 worker gave \(Formatting.fixed(single.imagesPerSecond, 1)) img/s, the table \(Formatting.fixed(headline, 1)) (\(difference > 0 ? "+" : "")\(Formatting.fixed(difference * 100, 0)) %): the table divides by each image's median call alone, the pass by its wall time, which also holds the harness's work between calls and any time the machine gave to others")
                }
            }
        }
        return notes
    }

    /// Below this share of its workers' cores, a pass is taken to have competed for the machine.
    static let busyShare = 0.8
    /// How far the one-worker rate may differ from the headline's before it is explained.
    static let agreement = 0.1

    public static func document(_ results: RunResults) -> ReportDocument {
        var document = ReportDocument([.table(latency(results))])
        if let ratios = LatencyRatios.document(results) { document += ratios }
        if let throughput = throughput(results) {
            document.blocks.append(.table(throughput))
            let notes = throughputNotes(results)
            if !notes.isEmpty { document.blocks.append(.list(notes)) }
        }
        return document
    }
}
