import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchHarness

/// A detector's change against its baseline with a paired interval, when both sides are runs
/// whose records the gate can read on the same images: the two detections of each image are
/// resampled together (`ImageBootstrap`, the current run's resamples and seed), so what makes
/// one image hard for both cancels, and the interval of current − baseline of every
/// statistic is what the dataset can tell apart. A baseline file keeps no records; the gate
/// then falls back to the intervals' resolution (`RegressionGate`).
public enum PairedRunChanges {
    /// Dataset name → current detector id → statistic → 95 % interval of current − baseline.
    public typealias Intervals = [String: [String: [String: ConfidenceInterval]]]

    /// For each dataset of `current` that `baseline` has on the same images at the same IoU
    /// and that `datasets` holds (the ground truth), every detector matched to a baseline
    /// detector (`RegressionGate.match`).
    public static func intervals(current: [RunResults], baseline: [RunResults], datasets: [String: Dataset]) -> Intervals {
        var intervals: Intervals = [:]
        for now in current {
            let name = now.dataset.name
            guard let base = baseline.first(where: { $0.dataset.name == name }), let dataset = datasets[name],
                  now.settings.iouThreshold == base.settings.iouThreshold, now.settings.bootstrapResamples > 0 else { continue }
            let nowRecorded = RecordedSamples(now.records, in: dataset), baseRecorded = RecordedSamples(base.records, in: dataset)
            guard nowRecorded.samples.map(\.id) == baseRecorded.samples.map(\.id), !nowRecorded.samples.isEmpty else { continue }
            let nowSnapshot = DatasetSnapshot(results: now), baseSnapshot = DatasetSnapshot(results: base)
            for (baseDetector, match) in RegressionGate.match(baseline: baseSnapshot.detectors, current: nowSnapshot.detectors) {
                guard let nowDetector = match, let nowResult = now.detector(nowDetector.id), let baseResult = base.detector(baseDetector.id) else { continue }
                let sides = [(nowRecorded, nowResult), (baseRecorded, baseResult)].map { recorded, detector in
                    ResamplableResults(
                        samples: recorded.samples, detections: recorded.detections(of: detector.id), iouThreshold: now.settings.iouThreshold,
                        landmarks: detector.evaluations.landmarks)
                }
                let resampled = ImageBootstrap.resampledValues(sides, resamples: now.settings.bootstrapResamples, seed: now.settings.bootstrapSeed)
                var byStatistic: [String: ConfidenceInterval] = [:]
                for (key, values) in resampled[0] {
                    if let before = resampled[1][key], let interval = ImageBootstrap.pairedDifference(values, before) { byStatistic[key] = interval }
                }
                intervals[name, default: [:]][nowDetector.id] = byStatistic
            }
        }
        return intervals
    }
}
