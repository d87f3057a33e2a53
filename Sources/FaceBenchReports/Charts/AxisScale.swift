import FaceBenchModel
import Foundation
import FaceBenchEvaluation

/// Maps data values to pixels along one chart axis, linearly or logarithmically, and picks
/// round tick values: 1, 2 or 5 times a power of ten.
public struct AxisScale: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case linear, logarithmic }

    public var kind: Kind
    public var lower: Double
    public var upper: Double
    /// Pixel positions of `lower` and `upper` (upper may be the smaller, for y axes).
    public var start: Double = 0
    public var end: Double = 1

    /// About how many intervals a linear axis is divided into.
    static let tickCount = 5

    /// A linear axis covering `values`, widened to round ticks.
    /// Values beyond ±`Formatting.shownLimit` are drawn at it: axis spans and their tick
    /// counts stay finite whatever a results file holds.
    static func clamped(_ value: Double) -> Double { Swift.min(Swift.max(value, -Formatting.shownLimit), Formatting.shownLimit) }

    public static func linear(covering values: [Double]) -> AxisScale {
        let all = values.filter(\.isFinite).map(clamped)
        var low = all.min() ?? 0, high = all.max() ?? 1
        if high <= low { high = low + 1 }
        let step = niceStep((high - low) / Double(tickCount))
        low = (low / step).rounded(.down) * step
        high = (high / step).rounded(.up) * step
        return AxisScale(kind: .linear, lower: low, upper: high)
    }

    /// A logarithmic axis from the 1-2-5 value at or below the smallest positive value to
    /// the one at or above the largest.
    public static func logarithmic(covering values: [Double]) -> AxisScale {
        let positive = values.filter { $0 > 0 && $0.isFinite }.map(clamped)
        let low = positive.min() ?? 1, high = positive.max() ?? 10
        let lower = roundSteps(around: low).last { $0 <= low } ?? low
        var upper = roundSteps(around: high).first { $0 >= high } ?? high
        if upper <= lower { upper = lower * 10 }
        return AxisScale(kind: .logarithmic, lower: lower, upper: upper)
    }

    public func position(_ value: Double) -> Double {
        let value = Self.clamped(value)
        let fraction: Double
        switch kind {
        case .linear: fraction = (value - lower) / (upper - lower)
        case .logarithmic: fraction = (log10(max(value, lower / 10)) - log10(lower)) / (log10(upper) - log10(lower))
        }
        return start + (end - start) * fraction
    }

    public var ticks: [Double] {
        switch kind {
        case .linear:
            let step = Self.niceStep((upper - lower) / Double(Self.tickCount))
            return stride(from: lower, through: upper + step / 1000, by: step).map { ($0 / step).rounded() * step }
        case .logarithmic:
            let decades = Int((log10(upper) - log10(lower)).rounded(.up))
            let multipliers: [Double] = decades > 3 ? [1] : decades > 1 ? [1, 2, 5] : [1, 1.5, 2, 3, 5, 7]
            var values: [Double] = []
            var power = pow(10, (log10(lower)).rounded(.down))
            while power <= upper {
                values += multipliers.map { $0 * power }.filter { $0 >= lower * 0.999 && $0 <= upper * 1.001 }
                power *= 10
            }
            return values
        }
    }

    /// A tick's text: as few decimals as the tick spacing needs.
    public func label(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e9 { return Formatting.fixed(value, 0) }
        let digits = kind == .linear ? max(0, Int((-log10(Self.niceStep((upper - lower) / Double(Self.tickCount)))).rounded(.up))) : (value < 1 ? 2 : 1)
        return Formatting.fixed(value, min(digits, 4))
    }

    static func niceStep(_ rough: Double) -> Double {
        guard rough > 0, rough.isFinite else { return 1 }
        let power = pow(10, log10(rough).rounded(.down))
        let fraction = rough / power
        return (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * power
    }

    /// 1, 2, 5 × 10^k for the decades around a value.
    static func roundSteps(around value: Double) -> [Double] {
        let power = pow(10, log10(value).rounded(.down))
        return [0.5, 1, 2, 5, 10, 20].map { $0 * power }
    }
}
