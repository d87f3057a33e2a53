@testable import FaceBenchModel
@testable import FaceBenchEvaluation
@testable import FaceBenchHarness
@testable import FaceBenchReports
import FaceBenchTestSupport

/// The synthetic run's results and comparisons (its dataset and detectors: FaceBenchTestSupport).
extension SyntheticRun {
    static func environment(build: String = "release", commit: String = "abc") -> RunEnvironment {
        RunEnvironment(
            hostname: "test", cpuModel: "Test CPU", cores: 2, operatingSystem: "Test OS", kernel: "Linux", swiftVersion: "6.3",
            buildConfiguration: build, libraries: [:], faceBenchVersion: "0.1.0", commit: commit, date: "2026-01-01T00:00:00Z")
    }

    static func results(_ detectors: [Detector], build: String = "release", decode: Double = 2, bootstrap: Int = ImageBootstrap.standardResamples) -> RunResults {
        let records = dataset.samples.enumerated().map { index, sample in
            var results: [String: DetectorImageResult] = [:]
            for detector in detectors {
                results[detector.id] = DetectorImageResult(detections: detector.detect(sample), latencies: [detector.latency(index)])
            }
            return ImageRecord(sample: sample, decodeMilliseconds: decode, order: detectors.map(\.id), results: results)
        }
        let setups = detectors.map { detector in
            DetectorSetup(
                info: DetectorInfo(
                    kind: detector.id, id: detector.id, spec: detector.spec, backend: "test", library: "", parameters: [],
                    scoreMeaning: "test score"),
                loadMilliseconds: [1], memory: nil)
        }
        var settings = RunSettings()
        settings.bootstrapResamples = bootstrap
        return RunResults.build(
            dataset: dataset, setups: setups, records: records, settings: settings, environments: [environment(build: build)],
            decoderLibrary: "test", interrupted: false, evaluators: [SizeBreakdown()])
    }

    static func comparison(_ runs: [(label: String?, results: RunResults)]) -> DatasetComparison {
        DatasetComparison(dataset: dataset.name, entries: runs.map { LabelledResults(label: $0.label, path: "/tmp/\($0.label ?? "run")", results: $0.results) })
    }
}
