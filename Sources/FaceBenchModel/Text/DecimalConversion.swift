/// Correctly rounded conversion of a decimal `mantissa × 10^exponent` to the nearest Double
/// (ties to even), the value `strtod` and Python's `float()` give for the same text. Readers
/// that parse numbers in place (`JSONScanner`) use it so FaceBench sees exactly the floats
/// the reference tools see.
///
/// Two exact paths cover what detectors and annotation tools write (up to 19 significant
/// digits, exponents within ±19 after the digits are taken as an integer): Clinger's fast
/// path when both operands are exact doubles, else 128-bit integer arithmetic. Anything
/// else returns nil and the caller falls back to the standard library's parser.
enum DecimalConversion {
    // Literal tables, so they are laid out at compile time (no lazy initialisation to
    // check on every number).
    static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    static let integerPowersOfTen: [UInt64] = [
        1, 10, 100, 1000, 10000,
        100000, 1000000, 10000000, 100000000, 1000000000,
        10000000000, 100000000000, 1000000000000, 10000000000000, 100000000000000,
        1000000000000000, 10000000000000000, 100000000000000000, 1000000000000000000, 10000000000000000000,
    ]

    /// The Double nearest to `mantissa × 10^exponent`, or nil outside the exact paths.
    @inline(__always)
    static func double(mantissa: UInt64, exponent: Int, negative: Bool) -> Double? {
        guard let magnitude = magnitude(mantissa: mantissa, exponent: exponent) else { return nil }
        return negative ? -magnitude : magnitude
    }

    @inline(__always)
    static func magnitude(mantissa m: UInt64, exponent e: Int) -> Double? {
        if m == 0 { return 0 }
        if m <= 1 << 53 {
            // Both operands are exact doubles, so one IEEE operation rounds correctly.
            if e == 0 { return Double(m) }
            if e > 0, e <= 22 { return Double(m) * exactPowersOfTen[e] }
            if e < 0, e >= -22 { return Double(m) / exactPowersOfTen[-e] }
        }
        return wideMagnitude(mantissa: m, exponent: e)
    }

    /// The 128-bit integer paths, kept out of line so the common case above stays small
    /// enough to inline into number readers.
    @inline(never)
    static func wideMagnitude(mantissa m: UInt64, exponent e: Int) -> Double? {
        if e >= 0, e <= 19 {
            let product = m.multipliedFullWidth(by: integerPowersOfTen[e])
            if product.high == 0 { return rounded(product.low, sticky: false, binaryExponent: 0) }
            let shift = 64 - product.high.leadingZeroBitCount
            let top = shift == 64 ? product.high : (product.high << (64 - shift)) | (product.low >> shift)
            let rest = shift == 64 ? product.low : product.low & ((1 << shift) - 1)
            return rounded(top, sticky: rest != 0, binaryExponent: shift)
        }
        if e < 0, e >= -19 {
            // m / d with the quotient scaled into [2^62, 2^64): its bits, plus whether a
            // remainder is left, decide the rounding exactly.
            let d = integerPowersOfTen[-e]
            let dividendBits = 64 - m.leadingZeroBitCount
            let divisorBits = 64 - d.leadingZeroBitCount
            let shift = 63 + divisorBits - dividendBits
            let high: UInt64, low: UInt64
            if shift >= 64 {
                high = m << (shift - 64)
                low = 0
            } else if shift == 0 {
                high = 0
                low = m
            } else {
                high = m >> (64 - shift)
                low = m << shift
            }
            let (quotient, remainder) = d.dividingFullWidth((high: high, low: low))
            return rounded(quotient, sticky: remainder != 0, binaryExponent: -shift)
        }
        return nil
    }

    /// `(value + δ) × 2^binaryExponent` rounded to nearest, ties to even, where δ is a
    /// positive amount below one unit of `value` when `sticky`. Results here are normal
    /// doubles (the paths above never leave 1e-19…1e39).
    @inline(__always)
    static func rounded(_ value: UInt64, sticky: Bool, binaryExponent: Int) -> Double {
        let bits = 64 - value.leadingZeroBitCount
        guard bits > 53 else {
            // Exact unless sticky; callers only pass sticky with 63 or more bits.
            return Double(sign: .plus, exponent: binaryExponent, significand: Double(value))
        }
        let dropped = bits - 53
        var kept = value >> dropped
        let rest = value & ((1 << dropped) - 1)
        let half: UInt64 = 1 << (dropped - 1)
        if rest > half || (rest == half && (sticky || kept & 1 == 1)) { kept += 1 }
        return Double(sign: .plus, exponent: binaryExponent + dropped, significand: Double(kept))
    }
}
