import FaceBenchTestSupport
import XCTest
@testable import FaceBenchModel
@testable import FaceBenchIO
@testable import FaceBenchReports
import FaceBenchEvaluation
@testable import FaceBenchHarness

final class RegressionGateTests: XCTestCase {
    /// Without intervals (`bootstrap` 0) unless asked: the exact rule of the tolerance.
    func snapshot(_ detectors: [SyntheticRun.Detector], build: String = "release", bootstrap: Int = 0) -> BenchmarkSnapshot {
        BenchmarkSnapshot(results: [SyntheticRun.results(detectors, build: build, bootstrap: bootstrap)], created: "now")
    }

    let haar = SyntheticRun.perfect("haar", latency: 20)

    func testSameResultsPassWithNothingJudged() {
        let base = snapshot([haar, SyntheticRun.partial()])
        let outcome = RegressionGate().compare(current: base, baseline: base)
        XCTAssertEqual(outcome.verdict, .unchanged)
        XCTAssertTrue(outcome.findings.isEmpty, "\(outcome.findings)")
        XCTAssertTrue(outcome.lines.contains { $0.detector == "partial" && $0.metric == "ap50" && $0.status == "=" })
    }

    func testAccuracyDropIsARegressionNamingTheMetrics() {
        let base = snapshot([haar, SyntheticRun.partial(minHeight: 30)])
        let now = snapshot([haar, SyntheticRun.partial(minHeight: 50)])
        let outcome = RegressionGate().compare(current: now, baseline: base)
        XCTAssertEqual(outcome.verdict, .regressed)
        let metrics = Set(outcome.regressions.compactMap(\.metric))
        XCTAssertTrue(metrics.isSuperset(of: ["ap50", "recall"]), "\(metrics)")
        XCTAssertFalse(metrics.contains("missed"), "counts are shown, not gated")
        XCTAssertFalse(metrics.contains("sizes.buckets.h32-64.recall"), "a protocol's other numbers are shown, not gated")
        XCTAssertEqual(outcome.information.compactMap(\.metric), ["precision", "f1"], "precision and F1 are judged, reported as information")
        XCTAssertTrue(outcome.regressions.allSatisfy { $0.detector == "partial" && $0.dataset == "synthetic" })
        let text = GateReport.text(outcome, current: "now", baseline: "base")
        let verdictAt = text.range(of: "- **REGRESSED** synthetic / partial: ")!.lowerBound
        let tableAt = text.range(of: "## Side by side")!.lowerBound
        XCTAssertLessThan(verdictAt, tableAt, "verdicts come before the table")
        XCTAssertTrue(text.hasPrefix("# facebench compare: 1 regressed, 1 same\n"), text)
        XCTAssertTrue(text.contains("- same synthetic / haar\n"), text)
        XCTAssertTrue(outcome.regressions.contains { $0.message.contains("recall got worse: 0.7500 → 0.5000") })
        let entry = try! XCTUnwrap(outcome.entries.first { $0.detector == "partial" })
        XCTAssertEqual(entry.verdict, .regressed)
        XCTAssertTrue(entry.findings.prefix(3).allSatisfy(\.isHeadline), "headline metrics are named first: \(entry.findings.map(\.metric))")
    }

    func testNumbersAreFormattedOneWay() {
        XCTAssertEqual(RegressionGate.number(0.75), "0.7500")
        XCTAssertEqual(RegressionGate.number(1, against: 0.8713), "1.0000", "an AP of 1 lines up with fractions")
        XCTAssertEqual(RegressionGate.number(37, against: 36), "37")
        XCTAssertEqual(RegressionGate.number(177.26), "177.3")
        XCTAssertEqual(RegressionGate.number(0.83221, against: 0.83224), "0.83221", "digits added until they differ")
        XCTAssertEqual(RegressionGate.change(from: 0.7180, to: 0.7172), "-0.0008")
        XCTAssertEqual(RegressionGate.change(from: 0.5, to: 0.50001), "+0.00001")
        XCTAssertEqual(RegressionGate.change(from: 6, to: 7), "+1")
    }

    func testOnlyImprovementsGiveTheImprovedVerdict() {
        let base = snapshot([haar, SyntheticRun.partial(minHeight: 50)])
        let now = snapshot([haar, SyntheticRun.partial(minHeight: 30)])
        let outcome = RegressionGate().compare(current: now, baseline: base)
        XCTAssertEqual(outcome.verdict, .improved)
        XCTAssertTrue(outcome.improvements.contains { $0.metric == "recall" })
    }

    func testToleranceAbsorbsSmallDrops() {
        let base = snapshot([haar, SyntheticRun.partial(minHeight: 30)])
        let now = snapshot([haar, SyntheticRun.partial(minHeight: 50)])
        var gate = RegressionGate()
        gate.settings = try! GateSettings(tolerances: ["ap": 0.5, "coco_ap": 0.5, "recall": 0.5, "f1": 0.5], gatedMetrics: nil)  // recall 0.75 → 0.5
        let outcome = gate.compare(current: now, baseline: base)
        XCTAssertEqual(outcome.verdict, .unchanged, "\(outcome.findings)")
        XCTAssertTrue(outcome.lines.contains { $0.metric == "recall" && $0.status == "within tolerance" })
    }

    /// A detector finding every face, with one more false positive, ranked last, when `extra`:
    /// precision and F1 drop, recall and AP do not move.
    func withFalsePositive(_ extra: Bool) -> SyntheticRun.Detector {
        var detector = SyntheticRun.perfect()
        detector.detect = { sample in
            sample.faces.map { Detection(box: $0.box, score: $0.box.height) }
                + (extra && sample.id == 1 ? [Detection(box: Box(x: 300, y: 200, width: 30, height: 30), score: 1)] : [])
        }
        return detector
    }

    /// Precision and F1 do not gate by default: their changes are judged by the same rule and
    /// reported as information; listed in the gated metrics they gate.
    func testMetricsThatDoNotGateAreReportedAsInformation() throws {
        let base = snapshot([haar, withFalsePositive(false)]), now = snapshot([haar, withFalsePositive(true)])
        let outcome = RegressionGate().compare(current: now, baseline: base)
        XCTAssertEqual(outcome.verdict, .unchanged, "\(outcome.findings.map(\.message))")
        XCTAssertEqual(outcome.information.compactMap(\.metric), ["precision", "f1"])
        XCTAssertTrue(outcome.lines.contains { $0.metric == "precision" && $0.status == "worse, not gated" })
        let text = GateReport.text(outcome, current: "now", baseline: "base")
        XCTAssertTrue(text.contains("- same synthetic / perfect; not gated: precision 1.0000 → 0.8000 (-0.2000), f1 "), text)
        XCTAssertTrue(outcome.notes.contains("accuracy: gated (tolerance): ap 0.01, coco_ap 0.01, recall 0.02, nme_mean 0.005, slowdown 1.15; information: precision 0.02, f1 0.02"), "\(outcome.notes)")
        var strict = RegressionGate()
        strict.settings = try GateSettings(tolerances: [:], gatedMetrics: ["precision"])
        XCTAssertEqual(strict.compare(current: now, baseline: base).regressions.compactMap(\.metric), ["precision"])
        strict.settings = try GateSettings(tolerances: ["precision": 0.25], gatedMetrics: ["precision"])
        XCTAssertEqual(strict.compare(current: now, baseline: base).verdict, .unchanged, "a drop of 0.2 within a tolerance of 0.25")
        // Improvements alone make the verdict "improved" and a reminder to refresh the baseline.
        let improved = RegressionGate().compare(current: snapshot([haar, SyntheticRun.partial(minHeight: 30)]), baseline: snapshot([haar, SyntheticRun.partial(minHeight: 50)]))
        XCTAssertTrue(GateReport.text(improved, current: "now", baseline: "base").contains("refresh the baseline"))
    }

    /// Which metrics gate and their tolerances come from one declaration: flags and the
    /// baseline file's `gate` section are checked against it, errors list what is accepted,
    /// and flags override the file.
    func testGateSettingsAreCheckedAgainstTheDeclaration() throws {
        XCTAssertEqual(GateMetric.names, ["ap", "coco_ap", "recall", "nme_mean", "precision", "f1", "slowdown"])
        XCTAssertEqual(SpeedChange.standardMaxSlowdown, GateMetric.slowdown.defaultTolerance, "report's rule is compare's default")
        func message(_ tolerances: [String], _ metrics: [String] = []) -> String {
            do {
                _ = try GateSettings(flags: tolerances, gatedMetrics: metrics)
                return "accepted"
            } catch {
                return (error as? GateSettingsError)?.message ?? "\(error)"
            }
        }
        XCTAssertEqual(message(["recal=0.1"]), "--tolerance: unknown gate metric 'recal'; accepted: ap, coco_ap, recall, nme_mean, precision, f1, slowdown. Did you mean 'recall'?")
        XCTAssertEqual(message(["ap=2"]), "--tolerance ap: tolerance 2 is not a number in 0…1 (AP, 0–1: the largest drop)")
        XCTAssertEqual(message(["slowdown=0.9"]), "--tolerance slowdown: tolerance 0.9 is not a number in 1…100 (a ratio ≥ 1: the largest growth factor; its inverse bounds 'faster')")
        XCTAssertEqual(message(["ap=nan"]), "--tolerance ap: tolerance nan is not a number in 0…1 (AP, 0–1: the largest drop)")
        XCTAssertTrue(message(["ap"]).hasPrefix("--tolerance expects NAME=X"))
        XCTAssertTrue(message([], ["speed"]).hasPrefix("--gate-metrics: unknown gate metric 'speed'"))
        let flags = try GateSettings(flags: ["recall=0.03", "ap=0.02"], gatedMetrics: [])
        XCTAssertEqual(flags.tolerance(of: GateMetric.named("recall")!), 0.03)
        XCTAssertTrue(flags.gates(GateMetric.named("recall")!))
        XCTAssertFalse(flags.gates(GateMetric.named("precision")!))

        let path = NSTemporaryDirectory() + "/facebench-gate-baseline-\(getpid()).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        var baseline = snapshot([haar])
        baseline.gate = try GateSettings(tolerances: ["recall": 0.05, "slowdown": 1.3], gatedMetrics: ["ap", "recall"])
        try baseline.write(to: path)
        let read = try XCTUnwrap(BenchmarkSnapshot.load(path).gate)
        XCTAssertEqual(read, baseline.gate)
        let merged = read.overridden(by: flags)
        XCTAssertEqual(merged.tolerance(of: GateMetric.named("recall")!), 0.03, "the flag wins")
        XCTAssertEqual(merged.tolerance(of: .slowdown), 1.3, "the file's stays")
        XCTAssertFalse(merged.gates(.slowdown), "the file's metrics, no flag given")

        baseline.gate = nil
        try baseline.write(to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for (section, expected) in [
            (#"{"tolerances": {"recall": 1.5}}"#, "gate.tolerances.recall: recall: tolerance 1.5 is not a number in 0…1"),
            (#"{"tolerances": {"recal": 0.1}}"#, "gate.tolerances.recal: unknown gate metric 'recal'; accepted: ap, coco_ap"),
            (#"{"tolerances": {"ap": "0.1"}}"#, "gate.tolerances.ap"),
            (#"{"metrics": ["ap", "speed"]}"#, "gate.metrics[1]: unknown gate metric 'speed'"),
            (#"{"tolerance": {"ap": 0.1}}"#, "gate.tolerance: not a key of the gate section (metrics, tolerances)"),
        ] {
            let broken = text.replacingOccurrences(of: #""datasets""#, with: #""gate": "# + section + #", "datasets""#)
            try FileIO.writeAtomically(broken, to: path)
            XCTAssertThrowsError(try BenchmarkSnapshot.load(path), section) { error in
                XCTAssertTrue("\(error)".contains("\(path): \(expected)"), "\(error)")
            }
        }
    }

    func testMissingDetectorRegressesUnlessAllowedAndNewOnesAreNotJudged() {
        let base = snapshot([haar, SyntheticRun.partial()])
        let now = snapshot([haar, SyntheticRun.perfect("newcomer")])
        let outcome = RegressionGate().compare(current: now, baseline: base)
        XCTAssertEqual(outcome.verdict, .regressed)
        XCTAssertEqual(outcome.regressions.map(\.detector), ["partial"])
        XCTAssertEqual(outcome.newEntries.map(\.detector), ["newcomer"])
        var lenient = RegressionGate()
        lenient.allowMissing = true
        let allowed = lenient.compare(current: now, baseline: base)
        XCTAssertEqual(allowed.verdict, .unchanged)
        XCTAssertTrue(allowed.notes.contains { $0.contains("partial") && $0.contains("allowed") })
    }

    func testSpeedIsJudgedRelativeToTheReferenceOfTheSameRun() {
        let base = snapshot([haar, SyntheticRun.partial(latency: 5)])
        // A machine twice as slow: everything doubles, the ratio to haar does not move.
        let slowerMachine = snapshot([SyntheticRun.perfect("haar", latency: 40), SyntheticRun.partial(latency: 10)])
        XCTAssertEqual(RegressionGate().compare(current: slowerMachine, baseline: base).verdict, .unchanged)
        var absolute = RegressionGate()
        absolute.speed = .absolute
        XCTAssertEqual(absolute.compare(current: slowerMachine, baseline: base).verdict, .regressed, "absolute sees the slower machine")

        // The detector itself 30% slower relative to haar.
        let slowerDetector = snapshot([haar, SyntheticRun.partial(latency: 6.5)])
        let outcome = RegressionGate().compare(current: slowerDetector, baseline: base)
        XCTAssertEqual(outcome.verdict, .regressed)
        XCTAssertEqual(outcome.regressions.map(\.metric), ["per-image time / haar"])
        XCTAssertTrue(outcome.lines.contains { $0.detector == "haar" && $0.status == "reference" })

        let faster = snapshot([haar, SyntheticRun.partial(latency: 3)])
        XCTAssertEqual(RegressionGate().compare(current: faster, baseline: base).verdict, .improved)
        var reportOnly = RegressionGate()
        reportOnly.speed = .reportOnly
        XCTAssertEqual(reportOnly.compare(current: slowerDetector, baseline: base).verdict, .unchanged)
    }

    func testSlowdownsTheNoiseCouldExplainAreNotFailed() {
        // Times relative to haar spread 1…20 × from image to image: the median's 95% interval
        // is wide, so a 30% slower median is within the noise; with steady ratios the same
        // slowdown fails.
        func noisy(_ factor: Double) -> SyntheticRun.Detector {
            var detector = SyntheticRun.partial(latency: 5)
            detector.latency = { index in [1.0, 4, 6, 20][index] * factor }
            return detector
        }
        let outcome = RegressionGate().compare(current: snapshot([haar, noisy(1.3)]), baseline: snapshot([haar, noisy(1)]))
        XCTAssertEqual(outcome.verdict, .unchanged, "\(outcome.findings)")
        XCTAssertTrue(outcome.lines.contains { $0.detector == "partial" && $0.status == "within noise" })
        let steady = RegressionGate().compare(
            current: snapshot([haar, SyntheticRun.partial(latency: 6.5)]), baseline: snapshot([haar, SyntheticRun.partial(latency: 5)]))
        XCTAssertEqual(steady.verdict, .regressed)
    }

    /// Pairing by image: a detector whose time varies a hundredfold with the image, like
    /// the reference's, keeps a steady ratio, so a 20% slowdown is seen through the spread.
    func testPerImageRatiosSeeThroughImageToImageSpread() {
        let sizes = [1.0, 10, 30, 100]
        let reference = SyntheticRun.Detector(id: "haar", spec: "haar", latency: { sizes[$0] * 4 }, detect: { _ in [] })
        func detector(_ factor: Double) -> SyntheticRun.Detector {
            var detector = SyntheticRun.partial()
            detector.latency = { sizes[$0] * factor }
            return detector
        }
        let outcome = RegressionGate().compare(current: snapshot([reference, detector(1.2)]), baseline: snapshot([reference, detector(1)]))
        XCTAssertEqual(outcome.regressions.map(\.metric), ["per-image time / haar"], "\(outcome.lines)")
        var absolute = RegressionGate()
        absolute.speed = .absolute
        XCTAssertTrue(
            absolute.compare(current: snapshot([reference, detector(1.2)]), baseline: snapshot([reference, detector(1)]))
                .lines.contains { $0.detector == "partial" && $0.status == "within noise" },
            "the medians alone cannot tell 20% from image-to-image spread")
    }

    func testSpeedFallsBackToDecodeAndIsNotJudgedForDebugBuilds() {
        let base = snapshot([SyntheticRun.partial(latency: 5)])
        let slower = snapshot([SyntheticRun.partial(latency: 10)])
        let outcome = RegressionGate().compare(current: slower, baseline: base)
        XCTAssertEqual(outcome.regressions.map(\.metric), ["per-image time / decode"])
        XCTAssertTrue(outcome.notes.contains { $0.contains("decode") && $0.contains("'haar' is not on both sides") })
        let debug = RegressionGate().compare(current: snapshot([SyntheticRun.partial(latency: 10)], build: "debug"), baseline: base)
        XCTAssertEqual(debug.verdict, .unchanged)
        XCTAssertTrue(debug.notes.contains { $0.contains("not a release build") })
    }

    /// A detector of the given spec, finding every face, `latency` ms per call.
    func cascade(_ id: String, _ spec: String, latency: Double) -> SyntheticRun.Detector {
        var detector = SyntheticRun.perfect(id, latency: latency)
        detector.spec = spec
        return detector
    }

    /// Only haar's scale changed (202 → 650 ms in the issue): haar, the speed reference, is
    /// judged against decoding and is slower; lbp and hog, whose own times did not move, are
    /// "same", not "improved" relative to the slower haar.
    func testChangingOnlyTheReferencesSpecJudgesItAndLeavesTheOthersSame() {
        let base = snapshot([cascade("haar", "haar:scale=1.1", latency: 202), cascade("lbp", "lbp:scale=1.1", latency: 65), cascade("hog", "hog:upsample=0", latency: 120)])
        let now = snapshot([cascade("haar", "haar:scale=1.03", latency: 650), cascade("lbp", "lbp:scale=1.1", latency: 66), cascade("hog", "hog:upsample=0", latency: 119)])
        let outcome = RegressionGate().compare(current: now, baseline: base)
        let verdicts = Dictionary(uniqueKeysWithValues: outcome.entries.map { ($0.detector ?? "", $0.verdict) })
        XCTAssertEqual(verdicts, ["haar": .regressed, "lbp": .same, "hog": .same], "\(outcome.findings.map(\.message))")
        XCTAssertEqual(outcome.regressions.map(\.metric), ["per-image time / decode"])
        XCTAssertTrue(outcome.notes.contains("synthetic: speed relative to the decode time: detector 'haar' changed (scale 1.1 → 1.03)"), "\(outcome.notes)")
        XCTAssertTrue(outcome.notes.contains { $0.contains("haar: spec changed: haar:scale=1.1 → haar:scale=1.03 (scale 1.1 → 1.03)") })
    }

    /// A tuned detector without a label has a new id; it is judged against the baseline
    /// detector of its kind, with a note naming the change, not reported missing plus new.
    func testATunedDetectorIsMatchedByKindAndParameters() {
        let base = snapshot([cascade("haar", "haar:cascade=default,neighbors=3", latency: 20), SyntheticRun.partial(minHeight: 30)])
        let now = snapshot([cascade("haar-neighbors=6", "haar:cascade=default,neighbors=6", latency: 20), SyntheticRun.partial(minHeight: 30)])
        let outcome = RegressionGate().compare(current: now, baseline: base)
        XCTAssertEqual(outcome.verdict, .unchanged, "\(outcome.findings.map(\.message))")
        XCTAssertTrue(outcome.newEntries.isEmpty)
        XCTAssertTrue(outcome.notes.contains("synthetic / haar-neighbors=6: judged against the baseline's haar, the same kind (neighbors 3 → 6)"), "\(outcome.notes)")
    }

    /// With intervals over images, a drop the dataset cannot resolve is "within noise"; one
    /// beyond the intervals' resolution still regresses.
    func testAccuracyDropsWithinTheResolutionAreWithinNoise() {
        let base = snapshot([haar, SyntheticRun.partial(minHeight: 30)], bootstrap: 200)
        let small = snapshot([haar, SyntheticRun.partial(minHeight: 50)], bootstrap: 200)
        let outcome = RegressionGate().compare(current: small, baseline: base)
        XCTAssertEqual(outcome.verdict, .unchanged, "one face of four: \(outcome.findings.map(\.message))")
        XCTAssertTrue(outcome.lines.contains { $0.detector == "partial" && $0.metric == "recall" && $0.status == "within noise" })
        XCTAssertTrue(outcome.lines.contains { $0.metric == "sizes.buckets.h32-64.recall" && $0.status == "" }, "metrics without an interval are shown, not gated")
        // A paired interval that lies wholly below −tolerance is a regression.
        var paired = RegressionGate()
        paired.pairedChanges = ["synthetic": ["partial": ["recall": ConfidenceInterval(low: -0.5, high: -0.1)]]]
        XCTAssertEqual(paired.compare(current: small, baseline: base).regressions.map(\.metric), ["recall"])
    }

    /// `report`'s change column and `compare` call the same timings "same": a 9 % faster
    /// median whose ratio stays inside the tolerance is not coloured better.
    func testReportAndCompareShareTheSpeedRule() {
        let before = SyntheticRun.results([SyntheticRun.partial(latency: 5)], bootstrap: 0)
        let after = SyntheticRun.results([SyntheticRun.partial(latency: 4.55)], bootstrap: 0)
        let table = ComparisonReport.summaryTable(SyntheticRun.comparison([("before", before), ("after", after)]))
        let change = try! XCTUnwrap(table.changes(row: 1)?.first { table.columns[$0.column].key == "latency_p50_ms" })
        XCTAssertEqual(change.text, "p50 ms −9% (same)")
        XCTAssertNil(change.better)
        var gate = RegressionGate()
        gate.speed = .absolute
        let outcome = gate.compare(
            current: BenchmarkSnapshot(results: [after], created: "now"), baseline: BenchmarkSnapshot(results: [before], created: "then"))
        XCTAssertEqual(outcome.entries.first?.verdict, .same)
        let faster = SyntheticRun.results([SyntheticRun.partial(latency: 3)], bootstrap: 0)
        let fasterTable = ComparisonReport.summaryTable(SyntheticRun.comparison([("before", before), ("after", faster)]))
        XCTAssertEqual(fasterTable.changes(row: 1)?.first { fasterTable.columns[$0.column].key == "latency_p50_ms" }?.better, true)
    }

    /// Two detectors of one run: the ratio of their medians with an interval paired over
    /// images, stored in results.json and read back checked, judged by the same rule; the
    /// weighted median equals the median of the copies.
    func testLatencyRatiosBetweenDetectorsArePairedOverImages() throws {
        let results = SyntheticRun.results([SyntheticRun.perfect(latency: 10), SyntheticRun.partial(latency: 5)], bootstrap: 200)
        let ratios = LatencyRatios.againstFastest(results)
        XCTAssertEqual(ratios.map { $0.detector }, ["perfect"])
        XCTAssertEqual(ratios.first?.ratio, LatencyRatio(fastest: "partial", ratio: 2, interval: ConfidenceInterval(low: 2, high: 2)), "steady times: every resample gives ×2")
        XCTAssertEqual(results.detector("partial")?.latencyRatioToFastest, LatencyRatio(fastest: "partial", ratio: 1, interval: ConfidenceInterval(low: 1, high: 1)))
        let text = try XCTUnwrap(LatencyRatios.document(results)).markdown
        XCTAssertTrue(text.contains("| perfect                 | 2.00 |                         2.00–2.00 |  slower |"), text)

        let path = NSTemporaryDirectory() + "/facebench-ratios-\(getpid()).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try results.write(to: path)
        let json = try JSONReader.parse(file: path)
        XCTAssertEqual(json["schema_version"]?.string, RunResults.schemaVersion)
        let stored = json["detectors"]?.array?[0]["latency_ratio_to_fastest"]
        XCTAssertEqual(stored?["fastest"]?.string, "partial")
        XCTAssertEqual(stored?["ratio"]?.double, 2)
        XCTAssertEqual(try RunResults.read(path), results)
        let written = try String(contentsOfFile: path, encoding: .utf8)
        for (from, to, expected) in [
            (#""fastest": "partial""#, #""fastest": "nobody""#, "detectors[0].latency_ratio_to_fastest.fastest: \"nobody\" is not a detector of this file"),
            (#""ratio": 2"#, #""ratio": -2"#, "detectors[0].latency_ratio_to_fastest.ratio: must be a finite number above 0"),
            (#""ratio": 1"#, #""ratio": 1.5"#, "detectors[1].latency_ratio_to_fastest.ratio: the fastest detector's ratio to itself is 1 with [1, 1]"),
        ] {
            let broken = written.replacingOccurrences(of: from, with: to)
            XCTAssertNotEqual(broken, written, from)
            try FileIO.writeAtomically(broken, to: path)
            XCTAssertThrowsError(try RunResults.read(path)) { XCTAssertTrue("\($0)".contains(expected), "\($0)") }
        }
        // A layout-0.4 file has no ratios: they are computed from its records on reading.
        let older = written.replacingOccurrences(of: #""schema_version": "\#(RunResults.schemaVersion)""#, with: #""schema_version": "0.4""#)
            .replacing(#/,\s*"latency_ratio_to_fastest": \{[^}]*\}/#, with: "")
        XCTAssertFalse(older.contains("latency_ratio_to_fastest"))
        try FileIO.writeAtomically(older, to: path)
        XCTAssertEqual(try RunResults.read(path).detectors.map(\.latencyRatioToFastest), results.detectors.map(\.latencyRatioToFastest))

        var random = SplitMix64(seed: 5)
        for _ in 0..<20 {
            let values = (0..<7).map { _ in Double.random(in: 0...10, using: &random).rounded() }
            let weights = (0..<7).map { _ in Int32.random(in: 0...3, using: &random) }
            let copies = zip(values, weights).flatMap { Array(repeating: $0, count: Int($1)) }.sorted()
            let order = values.indices.sorted { values[$0] < values[$1] }
            XCTAssertEqual(LatencyRatio.weightedMedian(values, order, weights[...]), copies.isEmpty ? nil : LatencySummary.percentile(copies, 50))
        }
    }

    func testDifferentDatasetsAreNotComparable() {
        let base = snapshot([haar])
        var now = base
        now.datasets[0].images = 3
        let outcome = RegressionGate().compare(current: now, baseline: base)
        XCTAssertEqual(outcome.verdict, .regressed)
        XCTAssertTrue(outcome.regressions[0].message.contains("not comparable"))
    }

    func testBaselineFileRoundTripsWhatTheGateUses() throws {
        let snapshot = snapshot([haar, SyntheticRun.partial()])
        let path = NSTemporaryDirectory() + "/facebench-baseline-\(getpid()).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try snapshot.write(to: path)
        let read = try BenchmarkSnapshot.load(path)
        XCTAssertEqual(read.datasets.map(\.name), ["synthetic"])
        XCTAssertEqual(read.datasets[0].detectors.map(\.accuracy), snapshot.datasets[0].detectors.map(\.accuracy))
        XCTAssertEqual(read.datasets[0].detectors.map { $0.latency?.p50 }, [20, 5])
        XCTAssertEqual(read.datasets[0].decodeP50, 2)
        XCTAssertEqual(RegressionGate().compare(current: read, baseline: snapshot).verdict, .unchanged)
        XCTAssertEqual(read.datasets[0].detectors.map(\.relativeLatency), snapshot.datasets[0].detectors.map(\.relativeLatency))
        let json = try JSONReader.parse(file: path)
        let partial = json["datasets"]?.array?[0]["detectors"]?.array?[1]
        XCTAssertEqual(partial?["relative_latency"]?["haar"]?["p50"]?.double, 0.25)
        XCTAssertEqual(partial?["relative_latency"]?["decode"]?["p50"]?.double, 2.5)
        XCTAssertNil(json["datasets"]?.array?[0]["images_records"], "no per-image records in a baseline")
    }

    func testMalformedBaselineNamesTheField() throws {
        let path = NSTemporaryDirectory() + "/facebench-bad-baseline-\(getpid()).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try FileIO.writeAtomically(#"{"schema": "facebench.baseline/1", "datasets": [{"name": "x", "detectors": [{"id": "a", "accuracy": {"ap50": "high"}}]}]}"#, to: path)
        XCTAssertThrowsError(try BenchmarkSnapshot.load(path)) { error in
            XCTAssertEqual("\(error)", "\(path): datasets[0].detectors[0].accuracy.ap50: expected a number, found a string")
        }
    }
}
