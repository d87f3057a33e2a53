/// One annotated face.
public struct Face: Hashable, Sendable {
    public var box: Box
    /// Landmark points in image pixels, in the dataset's scheme (`Dataset.landmarkScheme`).
    public var landmarks: [Point]?
    /// A "don't care" face: a detection matched to it is neither a true nor a false positive,
    /// and missing it is not a miss.
    public var ignore: Bool
    /// COCO's `iscrowd`: a region that may absorb any number of detections (IoU against it
    /// uses the detection's area as the denominator). Implies `ignore`.
    public var crowd: Bool
    /// The annotated ellipse, for datasets that give one (FDDB).
    public var ellipse: Ellipse?
    /// COCO's `area` when the annotation gives one other than the box's (`cocoArea`).
    public var annotatedArea: Double?
    /// WIDER FACE's labels, and the easiest official setting keeping the face (from the
    /// `.mat` keep lists; nil when no setting keeps it or the lists were not read).
    public var widerLabels: WIDERLabels?
    public var widerDifficulty: WIDERDifficulty?
    /// Other per-face facts from the annotation, kept as text (VOC's pose and class, dlib's
    /// box attributes).
    public var attributes: [String: String]

    public init(
        box: Box, landmarks: [Point]? = nil, ignore: Bool = false, crowd: Bool = false,
        ellipse: Ellipse? = nil, annotatedArea: Double? = nil, widerLabels: WIDERLabels? = nil,
        widerDifficulty: WIDERDifficulty? = nil, attributes: [String: String] = [:]
    ) {
        self.box = box
        self.landmarks = landmarks
        self.ignore = ignore || crowd
        self.crowd = crowd
        self.ellipse = ellipse
        self.annotatedArea = annotatedArea
        self.widerLabels = widerLabels
        self.widerDifficulty = widerDifficulty
        self.attributes = attributes
    }
}
