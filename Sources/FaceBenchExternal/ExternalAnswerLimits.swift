/// How much one answer of an external detector (an `exec:` response, a plugin's `detect`)
/// may hold. Both doors share them, so a detector is held to the same bounds whichever way
/// it is reached; past them the image fails with the reason, and the run goes on.
enum ExternalAnswerLimits {
    /// Far above any landmark scheme (MediaPipe's face mesh with irises has 478 points). A
    /// plugin's `landmark_count` is read before its points: a count of 2^31 would otherwise
    /// allocate 32 GB, or read far past the plugin's array.
    static let maximumPointsPerFace = 1_000

    /// Far above any detector's settings (the cascade kinds have 7). A plugin's
    /// `parameter_count` is a `size_t` read before its array: (size_t)-1 arrives as -1, an
    /// empty-range trap, and any count above the plugin's array reads past it.
    static let maximumParameters = 1_000
}
