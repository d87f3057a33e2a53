import FaceBenchModel

/// Everything measured on one image: what each detector found and how long it took. The
/// unit of the run log, of resuming, and of merging shards.
public struct ImageRecord: Sendable, Equatable {
    /// `Sample.id` of the image.
    public var sampleID: Int
    /// `Sample.name`, its file and its size when known, so results read without the dataset.
    public var name: String
    public var path: String?
    public var width: Int?
    public var height: Int?
    /// Time to read and decode the file to gray pixels, when the image was decoded.
    public var decodeMilliseconds: Double?
    /// The order detectors ran in on this image (rotated image by image).
    public var order: [String]
    /// Per detector id.
    public var results: [String: DetectorImageResult]
    /// The harness's own time on this image: the worker's wall time for it minus decoding and
    /// the timed detector calls (bookkeeping, logging, scheduling).
    public var overheadMilliseconds: Double?
    /// What went wrong in a file that still decoded (a truncated JPEG filled with grey).
    public var decodeWarning: String?

    public init(
        sample: Sample, decodeMilliseconds: Double?, order: [String], results: [String: DetectorImageResult],
        overheadMilliseconds: Double? = nil
    ) {
        self.init(
            sampleID: sample.id, name: sample.name, path: sample.path, width: sample.width, height: sample.height,
            decodeMilliseconds: decodeMilliseconds, order: order, results: results, overheadMilliseconds: overheadMilliseconds)
    }

    public init(
        sampleID: Int, name: String, path: String? = nil, width: Int?, height: Int?, decodeMilliseconds: Double?, order: [String],
        results: [String: DetectorImageResult], overheadMilliseconds: Double? = nil
    ) {
        self.sampleID = sampleID
        self.name = name
        self.path = path
        self.width = width
        self.height = height
        self.decodeMilliseconds = decodeMilliseconds
        self.order = order
        self.results = results
        self.overheadMilliseconds = overheadMilliseconds
    }
}

/// One detector on one image.
public struct DetectorImageResult: Sendable, Equatable {
    public var detections: [Detection]
    /// Milliseconds of each timed call (empty for imported detections and failures).
    public var latencies: [Double]
    /// What the detector said its own inference took (external programs), per call.
    public var reportedMilliseconds: [Double]
    /// The landmark stage's part of each timed call (`landmarks=dlib68`), per call.
    public var landmarkMilliseconds: [Double]
    /// The CPU time an external program used for each timed call (`exec:`), per call.
    public var cpuMilliseconds: [Double]
    /// Why the image failed for this detector; its detections are then empty and its faces
    /// count as missed.
    public var failure: String?

    public init(
        detections: [Detection], latencies: [Double], reportedMilliseconds: [Double] = [], landmarkMilliseconds: [Double] = [],
        cpuMilliseconds: [Double] = [], failure: String? = nil
    ) {
        self.detections = detections
        self.latencies = latencies
        self.reportedMilliseconds = reportedMilliseconds
        self.landmarkMilliseconds = landmarkMilliseconds
        self.cpuMilliseconds = cpuMilliseconds
        self.failure = failure
    }
}
