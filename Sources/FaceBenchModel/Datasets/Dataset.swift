/// An annotated image collection in FaceBench's common model, whatever format it came from.
public struct Dataset: Sendable, Equatable {
    /// Short name (`mit-cmu`, `dlib-faces`, or the folder name of a dataset given by path).
    public var name: String
    /// The format it was read from (`mit-cmu`, `dlib-xml`, …).
    public var format: String
    /// The folder the annotation files and images are in.
    public var root: String
    /// The annotation files read, so results can say what was evaluated.
    public var annotationFiles: [String]
    public var samples: [Sample]
    /// The landmark scheme of `Face.landmarks`, if any (`ibug-68`, `mit-cmu-6`).
    public var landmarkScheme: String?
    /// Things in the files that were read but are suspicious, already counted and phrased
    /// ("gt.json: 2 annotations have a negative width…"); commands print them.
    public var warnings: [String] = []
    /// Where the loader looked for image files (folders), so an image that is not there can
    /// be reported with the places searched.
    public var imageFolders: [String] = []
    /// False for images read without annotations (`ImageFolderLoader`): a sample without
    /// faces there means nobody labelled it, not that it holds none, so nothing is scored.
    public var hasGroundTruth = true

    public init(
        name: String, format: String, root: String, annotationFiles: [String], samples: [Sample],
        landmarkScheme: String? = nil
    ) {
        self.name = name
        self.format = format
        self.root = root
        self.annotationFiles = annotationFiles
        self.samples = samples
        self.landmarkScheme = landmarkScheme
    }

    public var faceCount: Int { samples.reduce(0) { $0 + $1.faces.count } }

    /// The samples by id (ids are unique; should a loader repeat one, the first counts).
    public var samplesByID: [Int: Sample] { Dictionary(samples.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }) }

    /// True when every sample has an image file to run detectors on.
    public var hasImages: Bool { !samples.isEmpty && samples.allSatisfy { $0.path != nil } }
}
