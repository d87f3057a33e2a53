import CImageCodecs
import FaceBenchModel

/// The system zlib (the one libpng links) as the core's `ZlibDecompressor`.
public struct SystemZlib: ZlibDecompressor {
    public init() {}

    public static var version: String { "zlib " + String(cString: fb_zlib_version()) }

    public func inflate(_ stream: [UInt8], limit: Int) throws -> [UInt8] {
        try run(stream, limit: limit, prefix: false)
    }

    public func inflatePrefix(_ stream: [UInt8], count: Int) throws -> [UInt8] {
        try run(stream, limit: count, prefix: true)
    }

    private func run(_ stream: [UInt8], limit: Int, prefix: Bool) throws -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0, consumed = 0
        var error = [CChar](repeating: 0, count: 256)
        let status = stream.withUnsafeBufferPointer { input in
            fb_zlib_inflate(input.baseAddress, input.count, max(0, limit), prefix ? 1 : 0, &out, &size, &consumed, &error, error.count)
        }
        switch Int(status) {
        case FB_ZLIB_OK:
            defer { fb_buffer_free(out) }
            // The shim stops at the limit; a size past it, or bytes promised at NULL, is a broken contract.
            guard size >= 0, size <= max(0, limit), size == 0 || out != nil else {
                throw ZlibFailure(reason: "zlib inflate returned \(size) bytes for a limit of \(limit)", offset: consumed)
            }
            return Array(UnsafeBufferPointer(start: out, count: size))
        case FB_ZLIB_TOO_LARGE:
            throw ZlibFailure(reason: "inflates to more than \(limit) bytes", offset: consumed)
        default:
            throw ZlibFailure(reason: String(nulTerminated: error), offset: consumed)
        }
    }
}
