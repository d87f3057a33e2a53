/// The named points a detector returns with each face, in the order of `Detection.landmarks`.
/// Side names are the subject's own (a face's `right_eye` appears on the image's left), as in
/// iBUG 300-W and MediaPipe; the scheme's id lets evaluation map different schemes onto the
/// points they share.
public struct LandmarkScheme: Sendable, Hashable {
    /// `five`, `ibug68`, … : what results, exports and evaluation refer to.
    public var id: String
    /// One name per point, in order; also the COCO category's `keypoints`.
    public var pointNames: [String]

    public init(id: String, pointNames: [String]) {
        self.id = id
        self.pointNames = pointNames
    }

    /// Eye centres, nose tip and mouth corners: YuNet's and MTCNN's points.
    public static let five = LandmarkScheme(
        id: "five", pointNames: ["right_eye", "left_eye", "nose_tip", "right_mouth_corner", "left_mouth_corner"])

    /// iBUG 300-W's 68 points (dlib's shape predictor), named by region and 1-based index.
    public static let ibug68: LandmarkScheme = {
        let regions: [(String, ClosedRange<Int>)] = [
            ("jaw", 1...17), ("right_eyebrow", 18...22), ("left_eyebrow", 23...27), ("nose_bridge", 28...31),
            ("nose_base", 32...36), ("right_eye", 37...42), ("left_eye", 43...48), ("outer_lip", 49...60),
            ("inner_lip", 61...68),
        ]
        return LandmarkScheme(id: "ibug68", pointNames: regions.flatMap { region, range in range.map { "\(region)_\($0)" } })
    }()

    /// MediaPipe BlazeFace's 6 keypoints, in its order.
    public static let blazeFace = LandmarkScheme(
        id: "blazeface6", pointNames: ["right_eye", "left_eye", "nose_tip", "mouth_centre", "right_ear_tragion", "left_ear_tragion"])
}
