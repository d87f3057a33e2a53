import FaceBenchModel

/// A run's records lined up with the images they were made on: the records whose image is
/// in the dataset, in record order, and those images. Scoring, the exports and the report's
/// charts and gallery all start from this pairing.
public struct RecordedSamples {
    public let records: [ImageRecord]
    public let samples: [Sample]

    public init(_ records: [ImageRecord], in dataset: Dataset) {
        let byID = dataset.samplesByID
        self.records = records.filter { byID[$0.sampleID] != nil }
        samples = self.records.map { byID[$0.sampleID]! }
    }

    /// One detector's detections, image by image.
    public func detections(of detector: String) -> [[Detection]] {
        records.map { $0.results[detector]?.detections ?? [] }
    }
}
