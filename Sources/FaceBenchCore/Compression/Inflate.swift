/// DEFLATE decompression (RFC 1951) and its zlib wrapper (RFC 1950), in pure Swift so the
/// core can read compressed MATLAB files without a native zlib.
///
/// Contract: `zlib(_:)` returns exactly the bytes the stream encodes, or throws
/// `Inflate.Failure` naming the byte offset where the stream stopped making sense: bad
/// header, reserved block type, over-subscribed or incomplete Huffman codes that the data
/// uses, distances reaching before the start of the output, a stream that ends early, or an
/// Adler-32 checksum that does not match. Trailing bytes after the zlib trailer are ignored.
///
/// Decoding is table driven: codes up to `Huffman.fastBits` long resolve with one lookup,
/// longer (rare) codes fall back to canonical decoding bit by bit.
public enum Inflate {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var reason: String
        /// Offset into the compressed input (bytes) near which decoding failed.
        public var offset: Int

        public var description: String { "\(reason) (compressed byte \(offset))" }
    }

    /// Decompresses a zlib stream (2-byte header, DEFLATE data, Adler-32 trailer).
    public static func zlib(_ input: [UInt8]) throws -> [UInt8] {
        guard input.count >= 2 else { throw Failure(reason: "zlib stream shorter than its header", offset: 0) }
        let cmf = Int(input[0]), flg = Int(input[1])
        guard cmf & 0x0F == 8, cmf >> 4 <= 7 else { throw Failure(reason: "not a zlib stream (compression method \(cmf & 0x0F))", offset: 0) }
        guard (cmf << 8 | flg) % 31 == 0 else { throw Failure(reason: "zlib header check bits are wrong", offset: 1) }
        guard flg & 0x20 == 0 else { throw Failure(reason: "zlib preset dictionaries are not supported", offset: 1) }
        var decoder = Decoder(input: input, start: 2, sizeHint: input.count * 4)
        try decoder.run()
        let end = decoder.alignedPosition
        guard end + 4 <= input.count else { throw Failure(reason: "zlib stream ends before its Adler-32 checksum", offset: input.count) }
        let stored = UInt32(input[end]) << 24 | UInt32(input[end + 1]) << 16 | UInt32(input[end + 2]) << 8 | UInt32(input[end + 3])
        let output = decoder.finish()
        let computed = adler32(output)
        guard stored == computed else {
            throw Failure(reason: "Adler-32 checksum mismatch (stored \(hex(stored)), computed \(hex(computed)))", offset: end)
        }
        return output
    }

    /// The first `count` (or fewer, if the stream is shorter) bytes a zlib stream encodes,
    /// without decoding the rest (and so without checking the checksum): enough to read a
    /// header inside the compressed data.
    public static func zlibPrefix(_ input: [UInt8], count: Int) throws -> [UInt8] {
        guard input.count >= 2 else { throw Failure(reason: "zlib stream shorter than its header", offset: 0) }
        var decoder = Decoder(input: input, start: 2, sizeHint: count + 300)
        decoder.limit = count
        try decoder.run()
        return Array(decoder.finish().prefix(count))
    }

    /// Decompresses raw DEFLATE data starting at `start`; returns the output and the offset
    /// of the first byte after the final block.
    public static func deflate(_ input: [UInt8], start: Int = 0) throws -> (output: [UInt8], end: Int) {
        var decoder = Decoder(input: input, start: start, sizeHint: input.count * 4)
        try decoder.run()
        let end = decoder.alignedPosition
        return (decoder.finish(), end)
    }

    public static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        var index = 0
        // 5552 is the most bytes that can be summed before b could overflow 32 bits.
        while index < bytes.count {
            let end = min(index + 5552, bytes.count)
            while index < end {
                a &+= UInt32(bytes[index])
                b &+= a
                index += 1
            }
            a %= 65521
            b %= 65521
        }
        return b << 16 | a
    }

    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
    }
}

extension Inflate {
    /// A canonical Huffman code as DEFLATE defines it, ready for decoding.
    struct Huffman: Sendable {
        static let fastBits = 10
        /// Indexed by the next `fastBits` input bits: `symbol << 4 | length`, or 0 when the
        /// code is longer than `fastBits` (or unassigned).
        var fast: [UInt16]
        /// Codes per length (index 0 unused) and the symbols in canonical order.
        var counts: [Int]
        var symbols: [UInt16]

        /// Builds the code from per-symbol code lengths (0 = symbol unused). Over-subscribed
        /// lengths are an error; incomplete codes are allowed (DEFLATE permits a lone distance
        /// code), and reading an unassigned code fails at decode time.
        init(lengths: [UInt8], offset: Int) throws {
            var counts = [Int](repeating: 0, count: 16)
            for length in lengths { counts[Int(length)] += 1 }
            counts[0] = 0
            var left = 1
            for length in 1...15 {
                left = left << 1 - counts[length]
                if left < 0 { throw Failure(reason: "over-subscribed Huffman code lengths", offset: offset) }
            }
            var firstIndex = [Int](repeating: 0, count: 16)
            for length in 1..<15 { firstIndex[length + 1] = firstIndex[length] + counts[length] }
            var symbols = [UInt16](repeating: 0, count: lengths.count)
            var nextIndex = firstIndex
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[nextIndex[Int(length)]] = UInt16(symbol)
                nextIndex[Int(length)] += 1
            }
            var fast = [UInt16](repeating: 0, count: 1 << Self.fastBits)
            var code = 0
            var index = 0
            for length in 1...Self.fastBits {
                for _ in 0..<counts[length] {
                    let reversed = Self.reverse(code, bits: length)
                    let entry = symbols[index] << 4 | UInt16(length)
                    var slot = reversed
                    while slot < fast.count {
                        fast[slot] = entry
                        slot += 1 << length
                    }
                    code += 1
                    index += 1
                }
                code <<= 1
            }
            self.fast = fast
            self.counts = counts
            self.symbols = symbols
        }

        static func reverse(_ code: Int, bits: Int) -> Int {
            var value = code, result = 0
            for _ in 0..<bits {
                result = result << 1 | value & 1
                value >>= 1
            }
            return result
        }

        static let fixedLiteralLength: Huffman = {
            var lengths = [UInt8](repeating: 8, count: 288)
            for symbol in 144..<256 { lengths[symbol] = 9 }
            for symbol in 256..<280 { lengths[symbol] = 7 }
            return try! Huffman(lengths: lengths, offset: 0)
        }()

        static let fixedDistance: Huffman = try! Huffman(lengths: [UInt8](repeating: 5, count: 30), offset: 0)
    }

    static let lengthBase: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra: [Int] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase: [Int] = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
        4097, 6145, 8193, 12289, 16385, 24577,
    ]
    static let distanceExtra: [Int] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    /// The order code-length code lengths are sent in (RFC 1951 §3.2.7).
    static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// The decoding state: an LSB-first bit buffer over the input and the growing output.
    struct Decoder {
        let input: [UInt8]
        var position: Int
        var bits: UInt64 = 0
        var bitCount = 0
        var output: [UInt8]
        var produced = 0
        /// Stop once this many bytes are out (`zlibPrefix`).
        var limit = Int.max

        init(input: [UInt8], start: Int, sizeHint: Int) {
            self.input = input
            position = start
            output = [UInt8](repeating: 0, count: max(sizeHint, 1024))
        }

        /// The input offset of the next unread whole byte (bits of a partial byte dropped).
        var alignedPosition: Int { position - bitCount / 8 }

        mutating func finish() -> [UInt8] {
            output.removeSubrange(produced...)
            return output
        }

        /// Tops the buffer up to at least 57 bits, padding with zeros past the end of the
        /// input; a stream that needs more than a few padding bytes is truncated.
        @inline(__always)
        mutating func refill() throws {
            while bitCount <= 56 {
                if position < input.count {
                    bits |= UInt64(input[position]) << UInt64(bitCount)
                } else if position >= input.count + 8 {
                    throw Failure(reason: "compressed stream ends unexpectedly", offset: input.count)
                }
                position += 1
                bitCount += 8
            }
        }

        @inline(__always)
        mutating func take(_ count: Int) -> Int {
            let value = Int(bits & (UInt64(1) << UInt64(count) - 1))
            bits >>= UInt64(count)
            bitCount -= count
            return value
        }

        mutating func run() throws {
            var final = false
            while !final, produced < limit {
                try refill()
                final = take(1) == 1
                switch take(2) {
                case 0: try stored()
                case 1: try codes(Huffman.fixedLiteralLength, Huffman.fixedDistance)
                case 2:
                    let (literals, distances) = try dynamicTables()
                    try codes(literals, distances)
                default: throw Failure(reason: "reserved DEFLATE block type 3", offset: alignedPosition)
                }
            }
            // Consumed bits must all come from real input, not the zero padding.
            if produced < limit, position * 8 - bitCount > input.count * 8 {
                throw Failure(reason: "compressed stream ends unexpectedly", offset: input.count)
            }
        }

        mutating func stored() throws {
            _ = take(bitCount % 8)
            let start = alignedPosition
            bits = 0
            bitCount = 0
            position = start
            guard start + 4 <= input.count else { throw Failure(reason: "stored block header past end of stream", offset: start) }
            let length = Int(input[start]) | Int(input[start + 1]) << 8
            let complement = Int(input[start + 2]) | Int(input[start + 3]) << 8
            guard length == ~complement & 0xFFFF else { throw Failure(reason: "stored block length check failed", offset: start) }
            guard start + 4 + length <= input.count else { throw Failure(reason: "stored block runs past end of stream", offset: start) }
            reserve(length)
            for index in 0..<length { output[produced + index] = input[start + 4 + index] }
            produced += length
            position = start + 4 + length
        }

        mutating func reserve(_ count: Int) {
            if produced + count > output.count {
                output += [UInt8](repeating: 0, count: max(output.count, produced + count - output.count))
            }
        }

        @inline(__always)
        mutating func decode(_ code: Huffman) throws -> Int {
            let entry = Int(code.fast[Int(bits & UInt64((1 << Huffman.fastBits) - 1))])
            if entry != 0 {
                _ = take(entry & 15)
                return entry >> 4
            }
            // Canonical decoding: codes of each length are consecutive integers.
            var value = 0, first = 0, index = 0
            for length in 1...15 {
                value |= Int(bits >> UInt64(length - 1) & 1)
                let count = code.counts[length]
                if value - first < count {
                    _ = take(length)
                    return Int(code.symbols[index + value - first])
                }
                index += count
                first = (first + count) << 1
                value <<= 1
            }
            throw Failure(reason: "invalid Huffman code", offset: alignedPosition)
        }

        mutating func dynamicTables() throws -> (Huffman, Huffman) {
            let literalCount = take(5) + 257
            let distanceCount = take(5) + 1
            let codeLengthCount = take(4) + 4
            guard literalCount <= 286, distanceCount <= 30 else {
                throw Failure(reason: "too many length or distance codes", offset: alignedPosition)
            }
            var codeLengthLengths = [UInt8](repeating: 0, count: 19)
            try refill()
            for index in 0..<codeLengthCount {
                codeLengthLengths[Inflate.codeLengthOrder[index]] = UInt8(take(3))
            }
            let codeLengths = try Huffman(lengths: codeLengthLengths, offset: alignedPosition)
            var lengths = [UInt8](repeating: 0, count: literalCount + distanceCount)
            var index = 0
            while index < lengths.count {
                try refill()
                let symbol = try decode(codeLengths)
                if symbol < 16 {
                    lengths[index] = UInt8(symbol)
                    index += 1
                    continue
                }
                var value: UInt8 = 0
                let repeats: Int
                switch symbol {
                case 16:
                    guard index > 0 else { throw Failure(reason: "length repeat with no previous length", offset: alignedPosition) }
                    value = lengths[index - 1]
                    repeats = 3 + take(2)
                case 17: repeats = 3 + take(3)
                default: repeats = 11 + take(7)
                }
                guard index + repeats <= lengths.count else { throw Failure(reason: "code lengths overrun their count", offset: alignedPosition) }
                for _ in 0..<repeats {
                    lengths[index] = value
                    index += 1
                }
            }
            guard lengths[256] != 0 else { throw Failure(reason: "block has no end-of-block code", offset: alignedPosition) }
            let literals = try Huffman(lengths: Array(lengths[..<literalCount]), offset: alignedPosition)
            let distances = try Huffman(lengths: Array(lengths[literalCount...]), offset: alignedPosition)
            return (literals, distances)
        }

        mutating func codes(_ literals: Huffman, _ distances: Huffman) throws {
            while produced < limit {
                try refill()
                let symbol = try decode(literals)
                if symbol < 256 {
                    if produced == output.count { reserve(1) }
                    output[produced] = UInt8(truncatingIfNeeded: symbol)
                    produced += 1
                    continue
                }
                if symbol == 256 { return }
                let lengthCode = symbol - 257
                guard lengthCode < 29 else { throw Failure(reason: "invalid length symbol \(symbol)", offset: alignedPosition) }
                let length = Inflate.lengthBase[lengthCode] + take(Inflate.lengthExtra[lengthCode])
                let distanceCode = try decode(distances)
                guard distanceCode < 30 else { throw Failure(reason: "invalid distance symbol \(distanceCode)", offset: alignedPosition) }
                let distance = Inflate.distanceBase[distanceCode] + take(Inflate.distanceExtra[distanceCode])
                guard distance <= produced else {
                    throw Failure(reason: "distance \(distance) reaches before the start of the output", offset: alignedPosition)
                }
                reserve(length)
                var from = produced - distance
                for to in produced..<(produced + length) {
                    output[to] = output[from]
                    from += 1
                }
                produced += length
            }
        }
    }
}
