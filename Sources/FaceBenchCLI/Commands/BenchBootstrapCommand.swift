import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchHarness
import FaceBenchReports

enum BenchBootstrapCommand: FaceBenchCommand {
    /// The issue's target for 1,000 resamples of one detector, release build.
    static let targetMilliseconds = 2000.0

    static let spec = CommandSpec(
        name: "bench-bootstrap",
        abstract: "Time the 95% intervals over images on a synthetic WIDER-validation-sized run (3,226 images, ~40,000 detections per detector).",
        discussion: """
            The run is made up deterministically from --seed (BootstrapBenchmark: 39,708 faces, three simulated \
            detectors finding 90, 70 and 50 % of them). For each detector it prints the time of the matching made \
            once and of --resamples resamples of every statistic (AP50 (VOC), COCO AP, precision, recall, F1, miss \
            rate, each with its standard error for the studentized interval; drawing the resamples included), the best of \
            --repeat, as wall time on --jobs threads and as CPU time summed over them. The target is 2 s per detector for \
            1,000 resamples in a release build. --format json adds each detector's intervals and a digest of \
            every resampled value, to check that a change to the resampling code keeps them bit for bit.
            """,
        options: BenchBootstrapOptions.specs,
        examples: ["swift build -c release && .build/release/facebench bench-bootstrap"])

    static func run(_ arguments: ParsedArguments, toolbox: Toolbox) throws -> Int32 {
        let options = try BenchBootstrapOptions(arguments)
        let environment = toolbox.environment()
        if !environment.isReleaseBuild {
            StandardStreams.error("facebench bench-bootstrap: WARNING: debug build; the times are not representative (swift build -c release)\n")
        }
        let timings = BootstrapBenchmark.run(resamples: options.resamples, repeats: options.repeats, seed: options.seed, jobs: options.jobs)
        let images = BootstrapBenchmark.widerValidationImages
        if options.format == .json {
            let rows = timings.map { timing -> JSONValue in
                .object(JSONObject([
                    ("detector", .string(timing.detector)), ("detections", JSONValue(timing.detections)),
                    ("prepare_ms", JSONValue(timing.prepareMilliseconds)), ("resample_ms", JSONValue(timing.resampleMilliseconds)),
                    ("resample_cpu_ms", JSONValue(timing.resampleCPUMilliseconds)),
                    ("intervals", .object(JSONObject(ResamplableResults.statistics.compactMap { key in
                        timing.intervals[key].map { (key, JSONValue([$0.low, $0.high])) }
                    }))),
                    ("values_digest", .string(String(timing.valuesDigest, radix: 16))),
                ]))
            }
            let object = JSONObject([
                ("images", JSONValue(images)), ("resamples", JSONValue(options.resamples)), ("repeats", JSONValue(options.repeats)),
                ("jobs", JSONValue(options.jobs)), ("seed", JSONValue(Int(options.seed))), ("build", .string(environment.buildConfiguration)),
                ("target_ms", JSONValue(targetMilliseconds)), ("detectors", .array(rows)),
            ])
            StandardStreams.output(JSONWriter().string(.object(object)) + "\n")
        } else {
            var table = MarkdownTable(headers: ["Detector", "Detections", "Matching (once)", "\(options.resamples) resamples", "CPU (all threads)"])
            for timing in timings {
                table.add([
                    timing.detector, String(timing.detections),
                    Formatting.milliseconds(timing.prepareMilliseconds) + " ms", Formatting.fixed(timing.resampleMilliseconds / 1000, 3) + " s",
                    Formatting.fixed(timing.resampleCPUMilliseconds / 1000, 3) + " s",
                ])
            }
            StandardStreams.output("""
                Intervals over images on a synthetic run of \(images) images (\(BootstrapBenchmark.widerValidationFaces) faces), \
                \(environment.buildConfiguration) build, best of \(options.repeats), \(options.jobs) thread\(options.jobs == 1 ? "" : "s"); target ≤ \
                \(Formatting.fixed(targetMilliseconds / 1000, 0)) s per detector for 1000 resamples in a release build.

                \(table.text)

                """)
        }
        return ExitStatus.success
    }
}
