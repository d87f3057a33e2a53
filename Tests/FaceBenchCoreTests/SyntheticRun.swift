@testable import FaceBenchModel
@testable import FaceBenchEvaluation
@testable import FaceBenchHarness
@testable import FaceBenchReports

/// A small benchmark outcome built with the real scoring code but no images: four samples
/// with faces 20, 40, 80 and 150 px high, and detectors described by what they find and how
/// long they take.
enum SyntheticRun {
    struct Detector {
        var id: String
        var spec: String
        /// Milliseconds per call on sample i (by index).
        var latency: (Int) -> Double
        var detect: (Sample) -> [Detection]
    }

    static let dataset: Dataset = {
        let heights: [Double] = [20, 40, 80, 150]
        let samples = heights.enumerated().map { index, height in
            Sample(
                id: index + 1, name: "image\(index + 1).png", path: nil, width: 400, height: 300,
                faces: [Face(box: Box(x: 50, y: 50, width: height * 0.8, height: height))])
        }
        return Dataset(name: "synthetic", format: "test", root: "/nonexistent", annotationFiles: [], samples: samples)
    }()

    /// Finds every face exactly, scored by size.
    static func perfect(_ id: String = "perfect", latency: Double = 10) -> Detector {
        Detector(id: id, spec: "\(id):all", latency: { _ in latency }) { sample in
            sample.faces.map { Detection(box: $0.box, score: $0.box.height) }
        }
    }

    /// Finds faces of at least `minHeight` and adds one false positive on the first image.
    static func partial(_ id: String = "partial", minHeight: Double = 50, latency: Double = 5) -> Detector {
        Detector(id: id, spec: "\(id):min=\(minHeight)", latency: { _ in latency }) { sample in
            let found = sample.faces.filter { $0.box.height >= minHeight }.map { Detection(box: $0.box, score: 2) }
            return sample.id == 1 ? found + [Detection(box: Box(x: 300, y: 200, width: 30, height: 30), score: 1)] : found
        }
    }

    static func environment(build: String = "release", commit: String = "abc") -> RunEnvironment {
        RunEnvironment(
            hostname: "test", cpuModel: "Test CPU", cores: 2, operatingSystem: "Test OS", kernel: "Linux", swiftVersion: "6.3",
            buildConfiguration: build, libraries: [:], faceBenchVersion: "0.1.0", commit: commit, date: "2026-01-01T00:00:00Z")
    }

    static func results(_ detectors: [Detector], build: String = "release", decode: Double = 2) -> RunResults {
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
        return RunResults.build(
            dataset: dataset, setups: setups, records: records, settings: RunSettings(), environments: [environment(build: build)],
            decoderLibrary: "test", interrupted: false, evaluators: [SizeBreakdown()])
    }

    static func comparison(_ runs: [(label: String?, results: RunResults)]) -> DatasetComparison {
        DatasetComparison(dataset: dataset.name, entries: runs.map { LabelledResults(label: $0.label, path: "/tmp/\($0.label ?? "run")", results: $0.results) })
    }
}
