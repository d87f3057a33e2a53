/// Number formatting for tables: fixed decimals, no locale. Total over every double: the
/// numbers come from files and programs (a score of 1e19, a latency of 1e308), and one too
/// large to show is shown as beyond `shownLimit` (`>1e12`), never converted and trapped on.
public enum Formatting {
    /// The largest magnitude shown in digits (a trillion milliseconds is 31 years).
    public static let shownLimit = 1e12

    /// `>1e12` or `<-1e12` for a finite value beyond the limit, nil for one within it.
    public static func beyondLimit(_ value: Double) -> String? {
        guard abs(value) >= shownLimit else { return nil }
        return value < 0 ? "<-1e12" : ">1e12"
    }

    public static func fixed(_ value: Double?, _ decimals: Int) -> String {
        guard let value, value.isFinite else { return "–" }
        if let beyond = beyondLimit(value) { return beyond }
        // Decimals that would take the scaled value past exact doubles (and Int) are dropped;
        // the digits are then the integer's, so no conversion can trap.
        var decimals = Swift.min(Swift.max(decimals, 0), 15), scale = 1.0, power = 1
        for _ in 0..<decimals { scale *= 10; power *= 10 }
        while decimals > 0, abs(value) * scale >= 9e15 {
            decimals -= 1
            scale /= 10
            power /= 10
        }
        let scaled = Int((abs(value) * scale).rounded())
        let negative = value < 0 && scaled != 0
        var text = String(scaled / power)
        if decimals > 0 {
            let digits = String(scaled % power)
            text += "." + String(repeating: "0", count: decimals - digits.count) + digits
        }
        return negative ? "-" + text : text
    }

    /// Milliseconds with precision suited to their size.
    public static func milliseconds(_ value: Double?) -> String {
        guard let value else { return "–" }
        return value >= 100 ? fixed(value, 0) : value >= 10 ? fixed(value, 1) : fixed(value, 2)
    }

    public static func percent(_ value: Double?) -> String {
        guard let value else { return "–" }
        return fixed(value * 100, 1) + "%"
    }

    /// The shortest decimal that reads back as `value`, without a trailing `.0` (`0.005`,
    /// `1.15`, `100`, `1e+19`): tolerances and defaults as a user would type them.
    public static func shortest(_ value: Double) -> String {
        let text = "\(value)"
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}

extension Int {
    /// `value` rounded toward zero and clamped to ±2^62 (NaN as 0): the conversion for
    /// numbers from files and programs, where `Int(_:)` traps outside Int's range. Callers
    /// that need the value exact check its range where it enters.
    public init(saturating value: Double) {
        let limit = 4_611_686_018_427_387_904.0
        self = value.isNaN ? 0 : Int(Swift.min(Swift.max(value, -limit), limit))
    }
}
