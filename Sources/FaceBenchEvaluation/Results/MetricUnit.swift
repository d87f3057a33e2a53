/// What a metric's number measures. Counts are tabulated but not gated (the rates they make
/// up are); the other units say how to read the number.
public enum MetricUnit: String, Sendable, Equatable, Codable {
    /// A share in [0, 1] (AP, recall, rates); COCO writes -1 where it is undefined.
    case fraction
    /// A number of things (faces, detections, false positives).
    case count
    /// A size in pixels: face-height bucket edges (px), COCO area bucket edges (px²).
    case pixels
    /// A landmark error divided by the face's normalising length (NME).
    case normalisedError = "normalised_error"
    /// A quotient of two like quantities (detection area over face area).
    case ratio
    /// A detector score or a score threshold.
    case score
}
