import FaceBenchEvaluation

/// After `run`'s headline table, one note per detector scored on landmarks gives the landmark
/// table's main numbers, since the headline table is about boxes.
extension LandmarkEvaluator: FindingSource {
    public func findings(in comparison: DatasetComparison) -> [Finding] {
        comparison.series.compactMap { _, detector in
            guard let result = detector.evaluations[name], let scored = result["faces_scored"]?.int else { return nil }
            guard scored > 0, let mean = result["nme"]?["mean"]?.double else {
                let without = result["faces_without_landmarks"]?.int ?? 0
                return without > 0 && result["detector_scheme"]?.string != nil
                    ? Finding(.note, dataset: comparison.dataset, detector: detector.id, "landmarks: none of its \(without) matched faces has points")
                    : nil
            }
            let points = result["points"]?.array?.count ?? 0
            let how = "\(result["detector_scheme"]?.string ?? "?") vs \(result["dataset_scheme"]?.string ?? "?"), \(points) points, \(result["normaliser"]?.string ?? "?")"
            return Finding(
                .note, dataset: comparison.dataset, detector: detector.id,
                "landmarks: mean NME \(Formatting.fixed(mean, 4)), median \(Formatting.fixed(result["nme"]?["median"]?.double, 4)), "
                    + "FR@0.10 \(Formatting.percent(result["failure_rate"]?["0.10"]?.double)), AUC@0.10 \(Formatting.fixed(result["auc"]?["0.10"]?.double, 3)) "
                    + "on \(scored) faces (\(how))")
        }
    }
}
