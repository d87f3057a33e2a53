/// WIDER FACE's labels of one face (the dataset's readme): each attribute as its integer
/// code, the way `wider_face_*_bbx_gt.txt` and the `.mat` label lists give them.
public struct WIDERLabels: Hashable, Sendable {
    /// 0 clear, 1 normal blur, 2 heavy blur.
    public var blur: Int
    /// 0 typical, 1 exaggerated expression.
    public var expression: Int
    /// 0 normal, 1 extreme illumination.
    public var illumination: Int
    /// The annotators could not box the face reliably; such faces are ignored without subsets.
    public var invalid: Bool
    /// 0 none, 1 partial, 2 heavy occlusion.
    public var occlusion: Int
    /// 0 typical, 1 atypical pose.
    public var pose: Int

    /// The order of the labels in the files.
    public static let names = ["blur", "expression", "illumination", "invalid", "occlusion", "pose"]

    /// `codes` in `names` order.
    public init(codes: [Int]) {
        precondition(codes.count == Self.names.count, "one code per WIDER label")
        blur = codes[0]
        expression = codes[1]
        illumination = codes[2]
        invalid = codes[3] == 1
        occlusion = codes[4]
        pose = codes[5]
    }
}

/// The easiest of WIDER FACE's official evaluation settings that keeps a face
/// (`easy` ⊂ `medium` ⊂ `hard`).
public enum WIDERDifficulty: String, CaseIterable, Hashable, Sendable {
    case easy, medium, hard
}
