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
    /// Per-face facts from the annotation (blur, pose, occlusion, difficulty subsets, …).
    public var attributes: [String: String]

    public init(
        box: Box, landmarks: [Point]? = nil, ignore: Bool = false, crowd: Bool = false,
        ellipse: Ellipse? = nil, attributes: [String: String] = [:]
    ) {
        self.box = box
        self.landmarks = landmarks
        self.ignore = ignore || crowd
        self.crowd = crowd
        self.ellipse = ellipse
        self.attributes = attributes
    }
}
