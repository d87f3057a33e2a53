import FaceBenchHarness

/// One `results.json` given to `report` or `compare`, with the label of the run it came
/// from (nil when only one run is shown, so tables need no Run column).
public struct LabelledResults: Sendable {
    public var label: String?
    public var path: String
    public var results: RunResults

    public init(label: String?, path: String, results: RunResults) {
        self.label = label
        self.path = path
        self.results = results
    }
}

/// The results of one dataset from every run given, shown side by side.
public struct DatasetComparison: Sendable {
    public var dataset: String
    public var entries: [LabelledResults]

    public init(dataset: String, entries: [LabelledResults]) {
        self.dataset = dataset
        self.entries = entries
    }

    /// Groups results by dataset name, datasets and runs in the order given.
    public static func group(_ sources: [LabelledResults]) -> [DatasetComparison] {
        var order: [String] = []
        var byName: [String: [LabelledResults]] = [:]
        for source in sources {
            let name = source.results.dataset.name
            if byName[name] == nil { order.append(name) }
            byName[name, default: []].append(source)
        }
        return order.map { DatasetComparison(dataset: $0, entries: byName[$0] ?? []) }
    }

    /// Every detector of every run, in order: what a chart draws as its series.
    public var series: [(entry: LabelledResults, detector: DetectorResult)] {
        entries.flatMap { entry in entry.results.detectors.map { (entry, $0) } }
    }

    /// The same, each detector's runs together (detectors in order of first appearance):
    /// the row order of tables comparing runs.
    public var seriesByDetector: [(entry: LabelledResults, detector: DetectorResult)] {
        let all = series
        var order: [String] = []
        for item in all where !order.contains(item.detector.id) { order.append(item.detector.id) }
        return order.flatMap { id in all.filter { $0.detector.id == id } }
    }
}
