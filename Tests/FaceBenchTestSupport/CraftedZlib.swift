/// zlib streams built by hand for tests of hostile input: a few hundred kilobytes that
/// inflate to hundreds of megabytes (a decompression bomb), with a valid Adler-32.
public enum CraftedZlib {
    /// `count` zero bytes as one fixed-Huffman block: a literal 0, then matches of 258 bytes
    /// at distance 1 (13 bits each), then literals for the rest.
    public static func zeros(count: Int) -> [UInt8] {
        var writer = BitWriter()
        writer.bytes = [0x78, 0x01]
        writer.bits(1, 1)  // final block
        writer.bits(1, 2)  // fixed Huffman codes
        var left = count
        if left > 0 {
            writer.code(0x30, 8)  // literal 0
            left -= 1
        }
        func match() {
            writer.code(0xC5, 8)  // length code 285: 258 bytes
            writer.code(0, 5)  // distance code 0: distance 1
            left -= 258
        }
        // Eight matches are 104 bits, 13 whole bytes: once the bits pending before a group are
        // a match's, every further group writes the same 13 bytes, so they are copied.
        let groups = left / (258 * 8)
        if groups >= 2 {
            for _ in 0..<8 { match() }
            let start = writer.bytes.count
            for _ in 0..<8 { match() }
            let group = Array(writer.bytes[start...])
            writer.bytes.reserveCapacity(writer.bytes.count + group.count * (groups - 2) + 64)
            for _ in 2..<groups { writer.bytes += group }
            left -= (groups - 2) * 258 * 8
        }
        while left >= 258 { match() }
        for _ in 0..<left { writer.code(0x30, 8) }
        writer.code(0, 7)  // end of block
        writer.flush()
        let b = UInt32(count % 65521)
        let adler = b << 16 | 1
        writer.bytes += [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
        return writer.bytes
    }

    struct BitWriter {
        var bytes: [UInt8] = []
        var accumulator: UInt32 = 0
        var filled = 0

        /// Extra bits and header fields go least significant bit first.
        mutating func bits(_ value: UInt32, _ count: Int) {
            accumulator |= value << filled
            filled += count
            while filled >= 8 {
                bytes.append(UInt8(accumulator & 0xFF))
                accumulator >>= 8
                filled -= 8
            }
        }

        /// Huffman codes go most significant bit first.
        mutating func code(_ value: UInt32, _ length: Int) {
            var reversed: UInt32 = 0
            for i in 0..<length where value & (1 << i) != 0 { reversed |= 1 << (length - 1 - i) }
            bits(reversed, length)
        }

        mutating func flush() {
            if filled > 0 { bits(0, 8 - filled) }
        }
    }
}
