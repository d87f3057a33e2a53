/// The points of the face APIs FaceBench imports, in the fixed order their importers write
/// `Detection.landmarks`. Names are the APIs' own type names, lower-cased, so a point is
/// recognisable against the API's documentation; which of them are the common five follows
/// each API's definition of left and right.
extension LandmarkScheme {
    /// ML Kit's `FaceLandmark` types in the order of their constants (`MOUTH_BOTTOM` = 0 …
    /// `MOUTH_RIGHT` = 11). Sides are the subject's, as FaceBench's. `NOSE_BASE` is where the
    /// nose meets the face between the nostrils, not the tip, so ML Kit is compared on its eyes
    /// and mouth corners.
    public static let mlKit = LandmarkScheme(
        id: "mlkit",
        pointNames: [
            "mouth_bottom", "left_cheek", "left_ear", "left_eye", "mouth_left", "nose_base", "right_cheek", "right_ear", "right_eye",
            "mouth_right",
        ],
        commonFive: [[8], [3], nil, [9], [4]])

    /// ML Kit's integer constants for the types of `mlKit`, by point index (2 and 8, the
    /// old ear tips, are not types of ML Kit).
    public static let mlKitTypeCodes = [0, 1, 3, 4, 5, 6, 7, 9, 10, 11]

    /// Google Cloud Vision's `FaceAnnotation.Landmark.Type` values 1–34, in enum order (the
    /// later cheek centres, 35 and 36, are left out so older responses have every point). Left
    /// and right are the viewer's ("LEFT_EYE, typically, is the person's right eye"), so the
    /// subject's right eye is `left_eye` and the subject's right mouth corner `mouth_left`.
    public static let cloudVision = LandmarkScheme(
        id: "cloudvision",
        pointNames: [
            "left_eye", "right_eye", "left_of_left_eyebrow", "right_of_left_eyebrow", "left_of_right_eyebrow", "right_of_right_eyebrow",
            "midpoint_between_eyes", "nose_tip", "upper_lip", "lower_lip", "mouth_left", "mouth_right", "mouth_center",
            "nose_bottom_right", "nose_bottom_left", "nose_bottom_center", "left_eye_top_boundary", "left_eye_right_corner",
            "left_eye_bottom_boundary", "left_eye_left_corner", "right_eye_top_boundary", "right_eye_right_corner",
            "right_eye_bottom_boundary", "right_eye_left_corner", "left_eyebrow_upper_midpoint", "right_eyebrow_upper_midpoint",
            "left_ear_tragion", "right_ear_tragion", "left_eye_pupil", "right_eye_pupil", "forehead_glabella", "chin_gnathion",
            "chin_left_gonion", "chin_right_gonion",
        ],
        commonFive: [[0], [1], [7], [10], [11]])

    /// Apple Vision's `VNFaceLandmarks2D` regions reduced to points (`AppleVisionImporter`):
    /// each eye its pupil (the eye region's centroid without one), the nose region's
    /// centroid, and the mouth corners as the outer-lips points furthest along the line
    /// between the eyes on either side, so a tilted head still gives its corners. Vision's
    /// `leftEye` is taken as the subject's left, as ML Kit's and ARKit's. The nose centroid is
    /// not the tip, so Vision is compared on its eyes and mouth corners.
    public static let vision = LandmarkScheme(
        id: "vision", pointNames: ["right_eye", "left_eye", "nose_centre", "right_mouth_corner", "left_mouth_corner"],
        commonFive: [[0], [1], nil, [3], [4]])
}
