/// A number as written in decimal — sign, digits, point, exponent — taken apart in one pass.
/// Every reader of numbers (JSON, COCO results, detection text files) scans with this and
/// then applies its own grammar to the parts: JSON wants a digit on both sides of a point
/// and no `+`; detection text files accept `+5`, `.5` and `5.`. `value` is then exactly
/// the Double `strtod` gives, or nil for the rare spellings outside `DecimalConversion`'s
/// exact paths, which the reader hands to the standard library.
package struct DecimalSpelling {
    var negative = false
    /// The digits as an integer; meaningful while `significantDigits` is at most 19.
    var mantissa: UInt64 = 0
    /// Digits after any leading zeros; simply all digits when there are at most 19.
    var significantDigits = 0
    var integerDigits = 0
    var hasPoint = false
    var fractionDigits = 0
    /// How many digits follow `e`/`E`; nil when there is no exponent.
    var exponentDigits: Int?
    /// The exponent as written, its magnitude capped at 100 000 (already far outside Double).
    var writtenExponent = 0
    /// The first byte that cannot continue the number.
    package var end = 0

    /// Scans `[sign] digits [. digits] [(e|E) [sign] digits]` from `start`, not reading at or
    /// beyond `limit`. Any part may be missing; the caller decides what it accepts.
    @inline(__always)
    package static func scan(_ base: UnsafePointer<UInt8>, from start: Int, to limit: Int, allowingPlus: Bool) -> DecimalSpelling {
        var spelling = DecimalSpelling()
        var i = start
        if i < limit, base[i] == UInt8(ascii: "-") || (allowingPlus && base[i] == UInt8(ascii: "+")) {
            spelling.negative = base[i] == UInt8(ascii: "-")
            i += 1
        }
        let digitsStart = i
        spelling.integerDigits = spelling.digits(base, &i, limit)
        if i < limit, base[i] == UInt8(ascii: ".") {
            spelling.hasPoint = true
            i += 1
            spelling.fractionDigits = spelling.digits(base, &i, limit)
        }
        spelling.significantDigits = spelling.integerDigits + spelling.fractionDigits
        if spelling.significantDigits > 19 { spelling.significantDigits = countSignificantDigits(base, from: digitsStart, to: i) }
        if i < limit, base[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            var exponentNegative = false
            if i < limit, base[i] == UInt8(ascii: "-") || base[i] == UInt8(ascii: "+") {
                exponentNegative = base[i] == UInt8(ascii: "-")
                i += 1
            }
            let exponentStart = i
            var exponent = 0
            while i < limit {
                let digit = base[i] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                if exponent < 100_000 { exponent = exponent * 10 + Int(digit) }
                i += 1
            }
            spelling.exponentDigits = i - exponentStart
            spelling.writtenExponent = exponentNegative ? -exponent : exponent
        }
        spelling.end = i
        return spelling
    }

    /// Appends a run of digits to `mantissa` (wrapping: only 19 significant digits are ever
    /// used) and returns how many there were.
    @inline(__always)
    private mutating func digits(_ base: UnsafePointer<UInt8>, _ i: inout Int, _ limit: Int) -> Int {
        let start = i
        while i < limit {
            let digit = base[i] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            mantissa = mantissa &* 10 &+ UInt64(digit)
            i += 1
        }
        return i - start
    }

    /// Digits after leading zeros, counted again only for long spellings: leading zeros add
    /// nothing to `mantissa`, so up to 19 digits in all need no count.
    @inline(never)
    private static func countSignificantDigits(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        var count = 0
        for i in start..<end where base[i] != UInt8(ascii: ".") && (count > 0 || base[i] != UInt8(ascii: "0")) { count += 1 }
        return count
    }

    /// The Double nearest to the number, or nil when the exact fast paths cannot tell (more
    /// than 19 significant digits, extreme exponents).
    @inline(__always)
    var value: Double? {
        guard significantDigits <= 19 else { return nil }
        return DecimalConversion.double(mantissa: mantissa, exponent: writtenExponent - fractionDigits, negative: negative)
    }

    /// The number when it is written as a plain integer (`-?digits`) of at most 18 significant
    /// digits.
    @inline(__always)
    package var integer: Int? {
        guard integerDigits > 0, !hasPoint, exponentDigits == nil, significantDigits <= 18 else { return nil }
        return negative ? -Int(mantissa) : Int(mantissa)
    }
}

extension DecimalSpelling {
    /// Why text that starts like a number is not a JSON number, and the byte offset to report.
    package struct JSONNumberProblem: Error {
        package let reason: String
        package let offset: Int
    }

    /// The JSON number at `start` and where it ends; nil when no digit starts it (the caller
    /// knows what else may stand there). The value is exactly `strtod`'s.
    @inline(__always)
    package static func readJSON(_ base: UnsafePointer<UInt8>, from start: Int, to limit: Int) throws(JSONNumberProblem) -> (value: Double, end: Int)? {
        let spelling = scan(base, from: start, to: limit, allowingPlus: false)
        guard spelling.integerDigits > 0 else { return nil }
        guard !spelling.hasPoint || spelling.fractionDigits > 0 else {
            throw JSONNumberProblem(reason: "digits expected after '.'", offset: spelling.end)
        }
        guard spelling.exponentDigits != 0 else { throw JSONNumberProblem(reason: "digits expected in an exponent", offset: spelling.end) }
        if let value = spelling.value { return (value, spelling.end) }
        return (try standardLibraryValue(base, from: start, to: spelling.end), spelling.end)
    }

    /// The rare numbers outside the exact paths, parsed by the standard library.
    @inline(never)
    static func standardLibraryValue(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) throws(JSONNumberProblem) -> Double {
        let text = String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
        guard let value = Double(text) else { throw JSONNumberProblem(reason: "invalid number '\(text)'", offset: start) }
        return value
    }
}
