/// SHA-256 (FIPS 180-4), to check model files against the digests their sources publish
/// before a native library parses them.
public enum SHA256 {
    static let roundConstants: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    /// The digest as 64 lowercase hex digits.
    public static func hex(of bytes: [UInt8]) -> String {
        digest(of: bytes).map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
        }.joined()
    }

    public static func digest(of bytes: [UInt8]) -> [UInt8] {
        var state: [UInt32] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
        var tail = Array(bytes[(bytes.count / 64 * 64)...])
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        let bitCount = UInt64(bytes.count) &* 8
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitCount >> UInt64(shift))) }
        var schedule = [UInt32](repeating: 0, count: 64)
        bytes.withUnsafeBufferPointer { whole in
            tail.withUnsafeBufferPointer { padded in
                for block in 0..<(bytes.count / 64) { compress(whole.baseAddress! + block * 64, &state, &schedule) }
                for block in 0..<(padded.count / 64) { compress(padded.baseAddress! + block * 64, &state, &schedule) }
            }
        }
        return state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(24 - 8 * $0)) } }
    }

    // Optimised and on raw pointers even in debug builds: tests and debug runs hash about
    // 100 MB of model files, and the checked, unoptimised version spent seconds per command.
    @_optimize(speed)
    static func compress(_ block: UnsafePointer<UInt8>, _ state: inout [UInt32], _ schedule: inout [UInt32]) {
        schedule.withUnsafeMutableBufferPointer { words in
            state.withUnsafeMutableBufferPointer { hash in
                roundConstants.withUnsafeBufferPointer { k in
                    let w = words.baseAddress!, h0 = hash.baseAddress!, k = k.baseAddress!
                    for i in 0..<16 {
                        w[i] = UInt32(block[4 * i]) << 24 | UInt32(block[4 * i + 1]) << 16 | UInt32(block[4 * i + 2]) << 8 | UInt32(block[4 * i + 3])
                    }
                    for i in 16..<64 {
                        let x = w[i - 15], y = w[i - 2]
                        let s0 = (x >> 7 | x << 25) ^ (x >> 18 | x << 14) ^ (x >> 3)
                        let s1 = (y >> 17 | y << 15) ^ (y >> 19 | y << 13) ^ (y >> 10)
                        w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
                    }
                    var a = h0[0], b = h0[1], c = h0[2], d = h0[3], e = h0[4], f = h0[5], g = h0[6], h = h0[7]
                    for i in 0..<64 {
                        let sigma1 = (e >> 6 | e << 26) ^ (e >> 11 | e << 21) ^ (e >> 25 | e << 7)
                        let t1 = h &+ sigma1 &+ ((e & f) ^ (~e & g)) &+ k[i] &+ w[i]
                        let sigma0 = (a >> 2 | a << 30) ^ (a >> 13 | a << 19) ^ (a >> 22 | a << 10)
                        let t2 = sigma0 &+ ((a & b) ^ (a & c) ^ (b & c))
                        h = g; g = f; f = e; e = d &+ t1; d = c; c = b; b = a; a = t1 &+ t2
                    }
                    h0[0] &+= a; h0[1] &+= b; h0[2] &+= c; h0[3] &+= d
                    h0[4] &+= e; h0[5] &+= f; h0[6] &+= g; h0[7] &+= h
                }
            }
        }
    }
}
