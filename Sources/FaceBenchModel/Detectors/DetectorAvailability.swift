/// Whether a detector kind can run here, and why not.
public enum DetectorAvailability: Sendable, Equatable {
    /// Ready; the detail says with what (the model files found), when there is something to say.
    case available(String?)
    /// The reason, phrased for the user with what fixes it.
    case unavailable(String)
}
