/// Parses a number in a detection text file (WIDER prediction folders, FDDB detection files)
/// with exactly the value `Double(String)` gives, several times faster for the short numbers
/// such files are made of. Accepts what `Double(String)` accepts: `+5`, `.5`, `5.`, `1e-3`,
/// and, through the standard library, `inf`, `nan` and hexadecimal.
public enum DecimalNumber {
    /// The number spelled by `bytes[range]`, or nil when it is not one.
    public static func parse(_ bytes: [UInt8], _ range: Range<Int>) -> Double? {
        guard !range.isEmpty else { return nil }
        let spelling = bytes.withUnsafeBufferPointer { buffer in
            DecimalSpelling.scan(buffer.baseAddress!, from: range.lowerBound, to: range.upperBound, allowingPlus: true)
        }
        guard spelling.end == range.upperBound, spelling.integerDigits + spelling.fractionDigits > 0, spelling.exponentDigits != 0,
            let value = spelling.value
        else { return Double(String(decoding: bytes[range], as: UTF8.self)) }
        return value
    }
}
