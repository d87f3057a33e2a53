import FaceBenchModel

/// A small benchmark outcome built with the real scoring code but no images: four samples
/// with faces 20, 40, 80 and 150 px high, and detectors described by what they find and how
/// long they take. The run itself (`SyntheticRun.results`) is in FaceBenchReportsTests, whose
/// report tests are its users.
public enum SyntheticRun {
    public struct Detector {
        public var id: String
        public var spec: String
        /// Milliseconds per call on sample i (by index).
        public var latency: (Int) -> Double
        public var detect: (Sample) -> [Detection]

        public init(id: String, spec: String, latency: @escaping (Int) -> Double, detect: @escaping (Sample) -> [Detection]) {
            (self.id, self.spec, self.latency, self.detect) = (id, spec, latency, detect)
        }
    }

    public static let dataset: Dataset = {
        let heights: [Double] = [20, 40, 80, 150]
        let samples = heights.enumerated().map { index, height in
            Sample(
                id: index + 1, name: "image\(index + 1).png", path: nil, width: 400, height: 300,
                faces: [Face(box: Box(x: 50, y: 50, width: height * 0.8, height: height))])
        }
        return Dataset(name: "synthetic", format: "test", root: "/nonexistent", annotationFiles: [], samples: samples)
    }()

    /// Finds every face exactly, scored by size.
    public static func perfect(_ id: String = "perfect", latency: Double = 10) -> Detector {
        Detector(id: id, spec: "\(id):all", latency: { _ in latency }) { sample in
            sample.faces.map { Detection(box: $0.box, score: $0.box.height) }
        }
    }

    /// Finds faces of at least `minHeight` and adds one false positive on the first image.
    public static func partial(_ id: String = "partial", minHeight: Double = 50, latency: Double = 5) -> Detector {
        Detector(id: id, spec: "\(id):min=\(minHeight)", latency: { _ in latency }) { sample in
            let found = sample.faces.filter { $0.box.height >= minHeight }.map { Detection(box: $0.box, score: 2) }
            return sample.id == 1 ? found + [Detection(box: Box(x: 300, y: 200, width: 30, height: 30), score: 1)] : found
        }
    }
}
