/// One annotated image of a dataset.
public struct Sample: Sendable, Equatable {
    /// Stable 1-based id: the image's position in the dataset's canonical order (the order of
    /// its annotation files). Used as the COCO `image_id` in every export.
    public var id: Int
    /// The image's name as the annotation gives it, relative to the dataset (e.g.
    /// `voyager.png`, `0--Parade/0_Parade_marchingband_1_465.jpg`). Unique in a dataset.
    public var name: String
    /// The image file, when the dataset has its images.
    public var path: String?
    /// Pixel size when known (read from the image header or the annotation).
    public var width: Int?
    public var height: Int?
    public var faces: [Face]
    /// The image's id in a COCO ground-truth file (results files refer to it; `cocoImageID`).
    public var cocoID: Int?
    /// Per-image facts (e.g. WIDER's event).
    public var attributes: [String: String]

    public init(
        id: Int, name: String, path: String? = nil, width: Int? = nil, height: Int? = nil,
        faces: [Face], cocoID: Int? = nil, attributes: [String: String] = [:]
    ) {
        self.id = id
        self.name = name
        self.path = path
        self.width = width
        self.height = height
        self.faces = faces
        self.cocoID = cocoID
        self.attributes = attributes
    }

    /// Faces a detector is scored on: all but those marked ignore.
    public var countedFaces: Int { faces.reduce(0) { $1.ignore ? $0 : $0 + 1 } }
}
