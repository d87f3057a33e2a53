/// Which way a metric gets better, so tables can mark the best value and the regression
/// gate can tell a drop from a gain. Every metric declares it (`MetricKind`): FaceBench's
/// own summary columns in `ComparisonReport`, each protocol's in its result type.
/// `neither` is informational: settings echoed in a result (an IoU threshold, bucket edges)
/// and sizes of the input (faces, images), shown but never judged.
public enum MetricDirection: String, Sendable, Equatable, Codable {
    case higherIsBetter = "higher"
    case lowerIsBetter = "lower"
    case neither = "none"

    /// True when `a` is strictly better than `b` in this direction.
    public func prefers(_ a: Double, over b: Double) -> Bool {
        switch self {
        case .higherIsBetter: return a > b
        case .lowerIsBetter: return a < b
        case .neither: return false
        }
    }
}
