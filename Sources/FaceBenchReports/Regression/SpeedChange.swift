import FaceBenchModel

/// The one rule `compare` and `report` use to call a timing "faster", "slower" or "same": the
/// ratio of two medians (after ÷ before) and the least and most ratio their 95 % bootstrap
/// intervals allow (after's low end ÷ before's high end, and the other way), or the bounds
/// of a paired interval of the ratio (`LatencyRatios`). Slower only when
/// even the least ratio exceeds the tolerance, faster only when even the most is below its
/// inverse; otherwise the same — "within noise" when the medians alone would say otherwise.
public struct SpeedChange: Sendable, Equatable {
    public enum Verdict: String, Sendable, Equatable { case same, faster, slower }

    /// `compare`'s default slowdown tolerance (`GateMetric.slowdown`), and `report`'s.
    public static var standardMaxSlowdown: Double { GateMetric.slowdown.defaultTolerance }

    public var ratio: Double
    public var least: Double
    public var most: Double
    public var maxSlowdown: Double

    /// Nil when an interval starts at 0 (timings below the clock's resolution bound no ratio).
    public init?(before: Double, beforeInterval: ClosedRange<Double>, after: Double, afterInterval: ClosedRange<Double>, maxSlowdown: Double = standardMaxSlowdown) {
        guard before > 0, beforeInterval.lowerBound > 0, afterInterval.lowerBound > 0 else { return nil }
        self.init(
            ratio: after / before, least: afterInterval.lowerBound / beforeInterval.upperBound,
            most: afterInterval.upperBound / beforeInterval.lowerBound, maxSlowdown: maxSlowdown)
    }

    public init(ratio: Double, least: Double, most: Double, maxSlowdown: Double = standardMaxSlowdown) {
        self.ratio = ratio
        self.least = least
        self.most = most
        self.maxSlowdown = maxSlowdown
    }

    public var verdict: Verdict {
        if least > maxSlowdown { return .slower }
        if most < 1 / maxSlowdown { return .faster }
        return .same
    }

    /// The medians moved beyond the tolerance, but the intervals do not bear it out.
    public var isWithinNoise: Bool { verdict == .same && (ratio > maxSlowdown || ratio < 1 / maxSlowdown) }
}
