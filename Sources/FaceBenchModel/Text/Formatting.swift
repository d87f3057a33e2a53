/// Number formatting for tables: fixed decimals, no locale.
public enum Formatting {
    public static func fixed(_ value: Double?, _ decimals: Int) -> String {
        guard let value, value.isFinite else { return "–" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (abs(value) * scale).rounded() / scale
        let negative = value < 0 && rounded != 0
        let whole = Int(rounded)
        var text = String(whole)
        if decimals > 0 {
            let fraction = Int(((rounded - Double(whole)) * scale).rounded())
            let digits = String(fraction)
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
}
