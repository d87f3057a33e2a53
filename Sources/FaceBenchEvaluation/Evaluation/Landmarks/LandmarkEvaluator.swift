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

    public var name: String { "landmarks" }
    public var summary: String { "landmark NME (mean, median), failure rates and CED AUC at 0.08/0.10, per point and by face size" }

    public static let thresholds = [0.08, 0.10]

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

    public func evaluate(dataset: Dataset, samples: [Sample], detections: [[Detection]], options: EvaluationOptions) throws -> JSONValue {
        try PredictionChecks.validate(detections, samples: samples)
        guard let datasetScheme = dataset.landmarkScheme.flatMap(LandmarkScheme.named) else {
            throw FaceBenchError.failed("dataset \(dataset.name) has no landmarks of a known scheme")
        }
        guard let normaliser = Self.normaliser(for: datasetScheme) else {
            throw FaceBenchError.failed("dataset \(dataset.name)'s scheme \(datasetScheme.id) has no eye points to normalise by")
        }
        let iou = options.iouThreshold ?? 0.5
        // A detector without landmarks has nothing to score: no result, so no empty table row.
        guard let detectorScheme = Self.detectorScheme(options, detections: detections) else { return .null }
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
                    throw FaceBenchError.failed(
                        "\(sample.name): detection \(d) has \(predictedPoints.count) landmarks; scheme \(detectorScheme.id) has \(detectorScheme.pointNames.count)")
                }
                if let bad = predictedPoints.firstIndex(where: { !$0.x.isFinite || !$0.y.isFinite }) {
                    throw FaceBenchError.failed("\(sample.name): detection \(d) landmark \(bad) is not finite")
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
        func mean(_ values: [Double]) -> JSONValue { values.isEmpty ? .null : JSONValue(values.reduce(0, +) / Double(values.count)) }
        let median: JSONValue = sorted.isEmpty ? .null
            : JSONValue(sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2)
        var failure = JSONObject(), auc = JSONObject()
        for t in Self.thresholds {
            let key = Formatting.fixed(t, 2)
            failure[key] = nmes.isEmpty ? .null : JSONValue(Double(nmes.filter { $0 > t }.count) / n)
            auc[key] = nmes.isEmpty ? .null : JSONValue(nmes.reduce(0) { $0 + max(0, t - $1) } / (n * t))
        }
        let perPoint: [JSONValue] = (pairing?.names ?? []).enumerated().map { index, name in
            .object(["name": JSONValue(name), "mean_error": mean(faces.map { $0.pointErrors[index] })])
        }
        let bySize: [JSONValue] = SizeRange.faceHeights.map { range in
            let inside = faces.filter { !range.excludes($0.height) }.map(\.nme)
            return .object([
                "label": JSONValue(range.label), "lower": JSONValue(range.lower),
                "upper": range.upper.isFinite ? JSONValue(range.upper) : .null,
                "faces": JSONValue(inside.count), "nme_mean": mean(inside),
            ])
        }
        return .object([
            "iou_threshold": JSONValue(iou),
            "dataset_scheme": JSONValue(datasetScheme.id), "detector_scheme": JSONValue(detectorScheme.id),
            "comparison": pairing.map { JSONValue($0.native ? "native" : "common five") } ?? .null,
            "points": JSONValue(pairing?.names ?? []), "normaliser": JSONValue(normaliser.name),
            "faces_annotated": JSONValue(annotated), "faces_scored": JSONValue(faces.count), "faces_missed": JSONValue(missed),
            "faces_without_landmarks": JSONValue(withoutLandmarks), "faces_unnormalisable": JSONValue(unnormalisable),
            "nme": .object(["mean": mean(nmes), "median": median]),
            "failure_rate": .object(failure), "auc": .object(auc),
            "per_point": .array(perPoint), "by_size": .array(bySize),
            "faces": .array(faces.map { face in
                .object([
                    "image_id": JSONValue(face.sample.id), "image": JSONValue(face.sample.name), "face": JSONValue(face.face),
                    "height": JSONValue(face.height), "nme": JSONValue(face.nme),
                ])
            }),
        ])
    }

    public func markdown(_ results: [(detector: String, result: JSONValue)]) -> String {
        var table = MarkdownTable(headers: [
            "Detector", "points", "normaliser", "faces scored", "no landmarks", "mean NME", "median NME",
            "FR@0.08", "FR@0.10", "AUC@0.08", "AUC@0.10", "worst point",
        ])
        var sizes = MarkdownTable(headers: ["Mean NME by face height"] + SizeRange.faceHeights.map(\.label))
        for (detector, result) in results {
            let scheme = result["detector_scheme"]?.string
            let points = scheme.map { "\($0) vs \(result["dataset_scheme"]?.string ?? "?") (\(result["comparison"]?.string ?? "?"), \(result["points"]?.array?.count ?? 0))" } ?? "–"
            let worst = (result["per_point"]?.array ?? []).max { ($0["mean_error"]?.double ?? 0) < ($1["mean_error"]?.double ?? 0) }
            table.add([
                detector, points, result["normaliser"]?.string ?? "–",
                String(result["faces_scored"]?.int ?? 0), String(result["faces_without_landmarks"]?.int ?? 0),
                Formatting.fixed(result["nme"]?["mean"]?.double, 4), Formatting.fixed(result["nme"]?["median"]?.double, 4),
                Formatting.percent(result["failure_rate"]?["0.08"]?.double), Formatting.percent(result["failure_rate"]?["0.10"]?.double),
                Formatting.fixed(result["auc"]?["0.08"]?.double, 3), Formatting.fixed(result["auc"]?["0.10"]?.double, 3),
                worst.map { "\($0["name"]?.string ?? "?") \(Formatting.fixed($0["mean_error"]?.double, 4))" } ?? "–",
            ])
            sizes.add([detector] + (result["by_size"]?.array ?? []).map { bucket in
                let faces = bucket["faces"]?.int ?? 0
                return faces == 0 ? "–" : "\(Formatting.fixed(bucket["nme_mean"]?.double, 4)) (\(faces))"
            })
        }
        let iou = results.first?.result["iou_threshold"]?.double ?? 0.5
        return "Landmark accuracy (faces matched at IoU \(Formatting.fixed(iou, 2))):\n\n" + table.text
            + "\nNME = mean point error ÷ normaliser (outer_eye_corners: iBUG points 37–46; eye_centres: distance between the eye centres). "
            + "FR = share of scored faces with NME above the threshold; AUC = area under the CED curve up to it, ÷ the threshold. "
            + "No landmarks = faces the box found whose detection has no points.\n\n" + sizes.text
    }
}
