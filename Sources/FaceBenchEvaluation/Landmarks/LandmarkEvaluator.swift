import FaceBenchModel

/// The `landmarks` protocol: how close a detector's points are to the annotated ones.
///
/// A detection is paired with the face it matched in box matching (greedy by score, IoU ≥ the
/// run's threshold, 0.5 unless `--iou`). Points are compared natively when the detector's
/// scheme is the dataset's, otherwise on the common five points both schemes define
/// (`LandmarkScheme.commonFive`). Per face, NME = mean Euclidean error over those points ÷
/// the normaliser: the outer eye corners' distance (iBUG points 37 and 46) when the dataset
/// has them, else the distance between the eye centres. Faces marked ignore, and faces
/// without annotated points, are not scored.
///
/// Per detector: mean and median NME, failure rates (share of scored faces with NME above
/// 0.08 and 0.10), CED AUC up to 0.08 and 0.10 (the area under the cumulative error
/// distribution on [0, t], divided by t: exactly Σ max(0, t − NMEᵢ) / (n t)), mean normalised
/// error per point, mean NME by face height, and every scored face's NME. Null for a
/// detector without landmarks (no scheme and no detection with points).
public struct LandmarkEvaluator: AccuracyEvaluator {
    public init() {}

    public var summary: String { "landmark NME (mean, median), failure rates and CED AUC at 0.08/0.10, per point and by face size" }

    /// NME thresholds of the failure rates and AUCs, with their keys in the result.
    public static let thresholds = [(key: "0.08", value: 0.08), (key: "0.10", value: 0.10)]

    public func applies(to dataset: Dataset) -> Bool {
        dataset.landmarkScheme.flatMap(LandmarkScheme.named) != nil
            && dataset.samples.contains { $0.faces.contains { $0.landmarks != nil } }
    }

    /// The comparison of one detector scheme with a dataset scheme: which points, and how
    /// each is taken from either side's list.
    struct Pairing {
        var names: [String]
        var predicted: ([Point]) -> [Point]
        var truth: ([Point]) -> [Point]
        var native: Bool
    }

    static func pairing(detector: LandmarkScheme, dataset: LandmarkScheme) -> Pairing {
        if detector.id == dataset.id {
            return Pairing(names: dataset.pointNames, predicted: { $0 }, truth: { $0 }, native: true)
        }
        let shared = LandmarkScheme.commonFiveNames.indices.filter { detector.commonFive[$0] != nil && dataset.commonFive[$0] != nil }
        return Pairing(
            names: shared.map { LandmarkScheme.commonFiveNames[$0] },
            predicted: { points in detector.commonFivePoints(points).map { five in shared.map { five[$0]! } } ?? [] },
            truth: { points in dataset.commonFivePoints(points).map { five in shared.map { five[$0]! } } ?? [] },
            native: false)
    }

    /// The normaliser's name and its length for one face's annotated points.
    static func normaliser(for scheme: LandmarkScheme) -> (name: String, length: ([Point]) -> Double?)? {
        if scheme.id == LandmarkScheme.ibug68.id {
            return ("outer_eye_corners", { $0.count == 68 ? distance($0[36], $0[45]) : nil })
        }
        guard scheme.commonFive[0] != nil, scheme.commonFive[1] != nil else { return nil }
        return ("eye_centres", { points in scheme.commonFivePoints(points).flatMap { five in distance(five[0]!, five[1]!) } })
    }

    static func distance(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    /// The detector's scheme: the one `run` names, else the known scheme with that many
    /// points (68 → ibug68, 6 → blazeface6, 5 → five).
    static func detectorScheme(_ options: EvaluationOptions, detections: [[Detection]]) -> LandmarkScheme? {
        if let scheme = options.landmarkScheme { return scheme }
        guard let count = detections.lazy.flatMap({ $0 }).compactMap({ $0.landmarks?.count }).first else { return nil }
        return [LandmarkScheme.ibug68, .blazeFace, .five].first { $0.pointNames.count == count }
    }

    public func evaluate(dataset: Dataset, samples: [Sample], detections: [[Detection]], options: EvaluationOptions) throws -> LandmarkResult {
        try PredictionChecks.validate(detections, samples: samples)
        guard let datasetScheme = dataset.landmarkScheme.flatMap(LandmarkScheme.named) else {
            throw FaceBenchError.failed("dataset \(dataset.name) has no landmarks of a known scheme")
        }
        guard let normaliser = Self.normaliser(for: datasetScheme) else {
            throw FaceBenchError.failed("dataset \(dataset.name)'s scheme \(datasetScheme.id) has no eye points to normalise by")
        }
        let iou = options.iouThreshold ?? 0.5
        // A detector without landmarks has nothing to score: no result, so no empty table row.
        guard let detectorScheme = Self.detectorScheme(options, detections: detections) else { return .detectorWithoutLandmarks }
        let pairing: Pairing? = Self.pairing(detector: detectorScheme, dataset: datasetScheme)

        var annotated = 0, missed = 0, withoutLandmarks = 0, unnormalisable = 0
        var faces: [(sample: Sample, face: Int, height: Double, nme: Double, pointErrors: [Double])] = []
        for (sample, found) in zip(samples, detections) {
            let match = GreedyMatcher.match(found, to: sample.faces, iouThreshold: iou)
            for (f, face) in sample.faces.enumerated() where !face.ignore {
                guard let truthPoints = face.landmarks else { continue }
                annotated += 1
                guard let d = match.matchedDetection[f] else {
                    missed += 1
                    continue
                }
                guard let predictedPoints = found[d].landmarks, let pairing else {
                    withoutLandmarks += 1
                    continue
                }
                guard predictedPoints.count == detectorScheme.pointNames.count else {
                    throw FaceBenchError.invalidDetections(
                        source: sample.name, reason: "detection \(d) has \(predictedPoints.count) landmarks; scheme \(detectorScheme.id) has \(detectorScheme.pointNames.count)")
                }
                if let bad = predictedPoints.firstIndex(where: { !$0.x.isFinite || !$0.y.isFinite }) {
                    throw FaceBenchError.invalidDetections(source: sample.name, reason: "detection \(d) landmark \(bad) is not finite")
                }
                guard let length = normaliser.length(truthPoints), length > 0, length.isFinite else {
                    unnormalisable += 1
                    continue
                }
                let predicted = pairing.predicted(predictedPoints), truth = pairing.truth(truthPoints)
                guard !predicted.isEmpty, predicted.count == truth.count else { continue }
                let errors = zip(predicted, truth).map { Self.distance($0, $1) / length }
                faces.append((sample, f, face.box.height, errors.reduce(0, +) / Double(errors.count), errors))
            }
        }

        let nmes = faces.map(\.nme)
        let sorted = nmes.sorted()
        let n = Double(nmes.count)
        func mean(_ values: [Double]) -> Double? { values.isEmpty ? nil : values.reduce(0, +) / Double(values.count) }
        let median: Double? = sorted.isEmpty ? nil
            : sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        let failure = NamedValues(Self.thresholds.map { t in (t.key, nmes.isEmpty ? nil : Double(nmes.filter { $0 > t.value }.count) / n) })
        let auc = NamedValues(Self.thresholds.map { t in (t.key, nmes.isEmpty ? nil : nmes.reduce(0) { $0 + max(0, t.value - $1) } / (n * t.value)) })
        let perPoint = (pairing?.names ?? []).enumerated().map { index, name in
            LandmarkScores.PointError(name: name, meanError: mean(faces.map { $0.pointErrors[index] }))
        }
        let bySize = SizeRange.faceHeights.map { range in
            let inside = faces.filter { !range.excludes($0.height) }.map(\.nme)
            return LandmarkScores.SizeBucket(
                label: range.label, lower: range.lower, upper: range.upper.isFinite ? range.upper : nil, faces: inside.count, nmeMean: mean(inside))
        }
        return .scored(LandmarkScores(
            iouThreshold: iou, datasetScheme: datasetScheme.id, detectorScheme: detectorScheme.id,
            comparison: pairing.map { $0.native ? "native" : "common five" }, points: pairing?.names ?? [], normaliser: normaliser.name,
            facesAnnotated: annotated, facesScored: faces.count, facesMissed: missed, facesWithoutLandmarks: withoutLandmarks,
            facesUnnormalisable: unnormalisable, nme: .init(mean: mean(nmes), median: median), failureRate: failure, auc: auc,
            perPoint: perPoint, bySize: bySize,
            faces: faces.map { .init(imageID: $0.sample.id, image: $0.sample.name, face: $0.face, height: $0.height, nme: $0.nme) }))
    }
}
