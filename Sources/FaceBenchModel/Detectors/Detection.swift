/// One face a detector reports.
public struct Detection: Hashable, Sendable {
    public var box: Box
    /// Higher means more confident. Only the order matters to the metrics; what the number
    /// is (a neighbour count, an SVM margin, a probability) is in `DetectorInfo.scoreMeaning`.
    public var score: Double
    /// Landmark points in image pixels, in the detector's own scheme (e.g. iBUG 68), if any.
    public var landmarks: [Point]?
    /// The region as an ellipse, for detections given as one (FDDB detection files); `box`
    /// is then its bounding box.
    public var ellipse: Ellipse?
    /// Extra facts a detector reports about the face (age, pose, likelihoods), kept verbatim.
    public var attributes: [String: String]

    public init(box: Box, score: Double, landmarks: [Point]? = nil, ellipse: Ellipse? = nil, attributes: [String: String] = [:]) {
        self.box = box
        self.score = score
        self.landmarks = landmarks
        self.ellipse = ellipse
        self.attributes = attributes
    }
}
