import FaceBenchModel
import FaceBenchEvaluation

/// After `run`'s headline table, one note per detector scored on landmarks gives the landmark
/// table's main numbers, since the headline table is about boxes.
extension LandmarkEvaluator: FindingSource {
    public func findings(in comparison: DatasetComparison) -> [Finding] {
        comparison.series.compactMap { _, detector in
            guard let result = detector.evaluations.landmarks else { return nil }
            guard result.facesScored > 0, let mean = result.nme.mean else {
                let without = result.facesWithoutLandmarks
                return without > 0
                    ? Finding(.note, dataset: comparison.dataset, detector: detector.id, "landmarks: none of its \(without) matched faces has points")
                    : nil
            }
            let how = "\(result.detectorScheme) vs \(result.datasetScheme), \(result.points.count) points, \(result.normaliser)"
            return Finding(
                .note, dataset: comparison.dataset, detector: detector.id,
                "landmarks: mean NME \(Formatting.fixed(mean, 4)), median \(Formatting.fixed(result.nme.median, 4)), "
                    + "FR@0.10 \(Formatting.percent(result.failureRate["0.10"])), AUC@0.10 \(Formatting.fixed(result.auc["0.10"], 3)) "
                    + "on \(result.facesScored) faces (\(how))")
        }
    }
}
