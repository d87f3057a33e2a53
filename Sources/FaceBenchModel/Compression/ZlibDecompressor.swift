/// Decompresses zlib streams (RFC 1950). The core holds no native code, so readers that meet
/// compressed data (MAT-files' miCOMPRESSED elements) are given one: FaceBenchCodecs'
/// `SystemZlib` wraps the system zlib.
///
/// Contract: `inflate` returns exactly the bytes the stream encodes, or throws
/// `ZlibFailure` — a damaged stream (bad header, bad block, bad distance, wrong checksum,
/// early end) with the input offset reached, or a stream that would inflate to more than
/// `limit` bytes, found before more than `limit` bytes are held. `inflatePrefix` returns the
/// first `count` bytes (fewer when the stream is shorter) without decoding further.
public protocol ZlibDecompressor: Sendable {
    func inflate(_ stream: [UInt8], limit: Int) throws -> [UInt8]
    func inflatePrefix(_ stream: [UInt8], count: Int) throws -> [UInt8]
}

public struct ZlibFailure: Error, Equatable, CustomStringConvertible {
    public var reason: String
    /// Offset into the compressed input (bytes) near which decoding stopped.
    public var offset: Int

    public init(reason: String, offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    public var description: String { "\(reason) (compressed byte \(offset))" }
}
