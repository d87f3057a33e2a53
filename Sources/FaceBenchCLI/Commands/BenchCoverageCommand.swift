import FaceBenchModel
import FaceBenchHarness
import FaceBenchReports

enum BenchCoverageCommand: FaceBenchCommand {
    /// The share of intervals that should hold the truth, for 95 % intervals and 1,000
    /// simulated datasets (the issue's bounds: about ±3 standard errors of the share).
    static let acceptable = 0.93...0.97

    static let spec = CommandSpec(
        name: "bench-coverage",
        abstract: "Simulate how often the 95% intervals over images hold the true value (coverage), on a real dataset's ground truth.",
        discussion: """
            The population is --dataset's ground truth (its images, equally likely; no image files are needed) with a \
            simulated detector run on it (BootstrapCoverage: each image's difficulty, a find rate rising with face size, \
            box errors, scores, false positives). Each of --datasets simulated datasets draws as many images as the \
            dataset has, with replacement, each with detections of its own, and gets the intervals a run gives it \
            (--resamples resamples, the standard seed). The true value of each statistic is the mean over --chunks draws \
            of every image --copies times. Prints, per detector and statistic, the truth, the mean estimate, the mean \
            half-width and the coverage (the share of the intervals holding the truth, and how many lie wholly below or \
            above it) of the studentized interval runs ship; 93–97 % is expected of 95 % intervals. For comparison, on the \
            same resamples: the mean half-width and coverage of the percentile interval (runs shipped it before), the \
            bias-corrected percentile interval's \
            coverage ("BC"), and with --bca the BCa interval's mean \
            half-width and coverage (its acceleration from a jackknife over each dataset's images, as many evaluations as \
            images: on wider-val about four times the time). Release build; --jobs datasets at once.
            """,
        options: BenchCoverageOptions.specs,
        examples: [
            "swift build -c release && .build/release/facebench bench-coverage",
            ".build/release/facebench bench-coverage --dataset wider-val --detector middling --resamples 200 --copies 10",
            ".build/release/facebench bench-coverage --bca --jobs 2",
        ])

    static func run(_ arguments: ParsedArguments, toolbox: Toolbox) throws -> Int32 {
        let options = try BenchCoverageOptions(arguments)
        let environment = toolbox.environment()
        if !environment.isReleaseBuild {
            StandardStreams.error("facebench bench-coverage: WARNING: debug build; this takes hours (swift build -c release)\n")
        }
        let dataset = try toolbox.catalog.resolve(options.dataset)
        guard !dataset.samples.isEmpty else { throw FaceBenchError.failed("\(dataset.name) has no images") }
        let copies = options.copies ?? (BootstrapCoverage.truthImages + dataset.samples.count - 1) / dataset.samples.count
        guard copies <= BootstrapCoverage.maximumTruthImages / dataset.samples.count else {
            throw arguments.invalid("copies", "--copies \(copies) of \(dataset.name)'s \(dataset.samples.count) images is more than \(BootstrapCoverage.maximumTruthImages) images per draw")
        }
        let (outcomes, milliseconds) = MonotonicClock.measure {
            options.detectors.map { detector in
                BootstrapCoverage.run(
                    detector, population: dataset.samples, datasets: options.datasets, resamples: options.resamples, copies: copies,
                    chunks: options.chunks, seed: options.seed, jobs: options.jobs, measuresBCa: options.measuresBCa)
            }
        }
        let faces = dataset.samples.reduce(0) { $0 + $1.countedFaces }
        if options.format == .json {
            let detectors = outcomes.map { outcome -> JSONValue in
                .object(JSONObject([
                    ("detector", .string(outcome.detector)),
                    ("statistics", .object(JSONObject(outcome.statistics.map { coverage in
                        (coverage.statistic, .object(JSONObject([
                            ("truth", JSONValue(coverage.truth)), ("truth_standard_error", JSONValue(coverage.truthStandardError)),
                            ("mean_estimate", JSONValue(coverage.meanEstimate)), ("mean_half_width", JSONValue(coverage.meanHalfWidth)),
                            ("coverage", JSONValue(coverage.share)),
                            ("percentile_coverage", JSONValue(coverage.percentileShare)),
                            ("percentile_mean_half_width", JSONValue(coverage.meanPercentileHalfWidth)),
                            ("bca_coverage", options.measuresBCa ? JSONValue(coverage.bcaShare) : .null),
                            ("bca_mean_half_width", options.measuresBCa ? JSONValue(coverage.meanBCaHalfWidth) : .null),
                            ("bias_corrected_coverage", JSONValue(coverage.biasCorrectedShare)), ("below", JSONValue(coverage.below)), ("above", JSONValue(coverage.above)),
                            ("undefined", JSONValue(coverage.undefined)),
                        ])))
                    }))),
                ]))
            }
            let object = JSONObject([
                ("dataset", .string(dataset.name)), ("images", JSONValue(dataset.samples.count)), ("faces", JSONValue(faces)),
                ("datasets", JSONValue(options.datasets)), ("resamples", JSONValue(options.resamples)), ("copies", JSONValue(copies)),
                ("chunks", JSONValue(options.chunks)), ("seed", JSONValue(Int(options.seed))), ("build", .string(environment.buildConfiguration)),
                ("seconds", JSONValue(milliseconds / 1000)), ("detectors", .array(detectors)),
                ("pooled", .object(JSONObject(BootstrapCoverage.pooled(outcomes).map { ($0.statistic, JSONValue($0.share)) }))),
            ])
            StandardStreams.output(JSONWriter().string(.object(object)) + "\n")
        } else {
            let bca = options.measuresBCa
            var table = MarkdownTable(headers: [
                "Detector", "Statistic", "True value", "Its s.e.", "Mean estimate", "Mean ±", "Coverage", "Below", "Above", "Percentile ±", "Percentile coverage",
                "BC coverage",
            ] + (bca ? ["BCa ±", "BCa coverage"] : []))
            for outcome in outcomes {
                for coverage in outcome.statistics {
                    table.add([
                        outcome.detector, coverage.statistic, Formatting.fixed(coverage.truth, 4), Formatting.fixed(coverage.truthStandardError, 4),
                        Formatting.fixed(coverage.meanEstimate, 4), Formatting.fixed(coverage.meanHalfWidth, 4), Formatting.percent(coverage.share),
                        String(coverage.below), String(coverage.above), Formatting.fixed(coverage.meanPercentileHalfWidth, 4),
                        Formatting.percent(coverage.percentileShare), Formatting.percent(coverage.biasCorrectedShare),
                    ] + (bca ? [Formatting.fixed(coverage.meanBCaHalfWidth, 4), Formatting.percent(coverage.bcaShare)] : []))
                }
            }
            let summary = BootstrapCoverage.pooled(outcomes).map { coverage in
                let comparison = "percentile \(Formatting.percent(coverage.percentileShare)), BC \(Formatting.percent(coverage.biasCorrectedShare))" + (bca ? ", BCa \(Formatting.percent(coverage.bcaShare))" : "")
                return "\(coverage.statistic) \(Formatting.percent(coverage.share))\(acceptable.contains(coverage.share) ? "" : " (outside 93–97 %)") (\(comparison))"
            }
            StandardStreams.output("""
                Coverage of the 95 % intervals over images on \(dataset.name) (\(dataset.samples.count) images, \(faces) faces): \
                \(options.datasets) simulated datasets per detector, \(options.resamples) resamples each; the truth from \
                \(options.chunks) draws of \(copies) copies. \(environment.buildConfiguration) build, \
                \(Formatting.fixed(milliseconds / 1000, 0)) s.

                \(table.text)
                Coverage per statistic, all detectors (the studentized interval runs ship; for comparison the percentile interval, BC: the bias-corrected percentile interval\(bca ? "; BCa" : "")): \(summary.joined(separator: ", ")).

                """)
        }
        return ExitStatus.success
    }
}
