import FaceBenchModel
import FaceBenchEvaluation

/// Combining the results of shards (or of any runs over disjoint images of one dataset with
/// the same detectors and settings) into one result. Accuracy is recomputed from the pooled
/// per-image detections, so it equals a single run's; latency summaries pool every sample;
/// every contributing machine's environment is kept. The WIDER flavour the parts were scored
/// with is the merged result's too: it is not a run setting but lives in each part's `wider`
/// evaluation, so it is read back from there.
extension RunResults {
    public static func merged(
        _ parts: [RunResults], dataset: Dataset, evaluators: [any AccuracyEvaluator] = []
    ) throws -> RunResults {
        guard let first = parts.first else { throw FaceBenchError.usage("merge needs at least one result") }
        let ids = first.detectors.map(\.id)
        var seen: [Int: Int] = [:]
        let flavor = try first.widerFlavor(label: "result 1")
        for (index, part) in parts.enumerated() {
            let label = "result \(index + 1)"
            guard part.dataset.name == first.dataset.name, part.dataset.totalImages == first.dataset.totalImages else {
                throw FaceBenchError.incompatibleResults("\(label) is of dataset \(part.dataset.name) (\(part.dataset.totalImages) images), not \(first.dataset.name) (\(first.dataset.totalImages))")
            }
            guard part.detectors.map(\.id) == ids, part.detectors.map(\.info.spec) == first.detectors.map(\.info.spec) else {
                throw FaceBenchError.incompatibleResults("\(label) ran other detectors (\(part.detectors.map(\.info.spec).joined(separator: ", "))) than result 1 (\(first.detectors.map(\.info.spec).joined(separator: ", ")))")
            }
            let a = part.settings, b = first.settings
            guard a.iouThreshold == b.iouThreshold, a.warmup == b.warmup, a.repetitions == b.repetitions else {
                throw FaceBenchError.incompatibleResults("\(label) was measured with other settings (IoU, warm-up or repetitions) than result 1")
            }
            let partFlavor = try part.widerFlavor(label: label)
            guard partFlavor == flavor else {
                let name = { (flavor: WIDERFlavor?) in flavor.map { "--wider-flavor \($0.rawValue)" } ?? "no wider evaluation" }
                throw FaceBenchError.incompatibleResults(
                    "\(label) was scored with \(name(partFlavor)), result 1 with \(name(flavor)): merge runs of one WIDER flavour")
            }
            for record in part.records {
                if let other = seen[record.sampleID] {
                    throw FaceBenchError.incompatibleResults("image \(record.name) (id \(record.sampleID)) is in both result \(other + 1) and \(label): shards must not overlap")
                }
                seen[record.sampleID] = index
            }
        }
        guard dataset.name == first.dataset.name, dataset.samples.count == first.dataset.totalImages else {
            throw FaceBenchError.incompatibleResults("the dataset loaded for scoring (\(dataset.name), \(dataset.samples.count) images) is not the one the results are of (\(first.dataset.name), \(first.dataset.totalImages))")
        }
        let setups = ids.indices.map { d -> DetectorSetup in
            var setup = first.detectors[d].setup
            setup.loadMilliseconds = parts.flatMap { $0.detectors[d].setup.loadMilliseconds }
            return setup
        }
        var settings = first.settings
        settings.shard = nil
        settings.throughputThreads = []
        var environments: [RunEnvironment] = []
        for environment in parts.flatMap(\.environments) where !environments.contains(environment) {
            environments.append(environment)
        }
        if let flavor { settings.evaluation.widerFlavor = flavor }
        return build(
            dataset: dataset, setups: setups, records: parts.flatMap(\.records), settings: settings,
            environments: environments, decoderLibrary: first.decoderLibrary,
            interrupted: parts.contains(where: \.interrupted),
            evaluators: evaluators)
    }

    /// The flavour the `wider` evaluations of these results name; nil when none ran. `label`
    /// names the results in errors.
    func widerFlavor(label: String) throws -> WIDERFlavor? {
        let flavors = detectors.flatMap { detector in
            detector.evaluations.results.compactMap { result -> WIDERFlavor? in if case let .wider(wider) = result { wider.flavor } else { nil } }
        }
        if let first = flavors.first, let other = flavors.first(where: { $0 != first }) {
            throw FaceBenchError.incompatibleResults("\(label): its wider evaluations name both \(first.rawValue) and \(other.rawValue): not one run")
        }
        return flavors.first
    }
}
