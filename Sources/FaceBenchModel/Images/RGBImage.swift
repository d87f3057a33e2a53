/// An 8-bit interleaved RGB image (R, G, B byte order), rows `stride` bytes apart.
public struct RGBImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let stride: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, stride: Int? = nil, pixels: [UInt8]) {
        let rowBytes = stride ?? width * 3
        precondition(width >= 0 && height >= 0 && rowBytes >= width * 3, "invalid RGB image geometry")
        precondition(pixels.count >= rowBytes * height, "RGB image buffer too small")
        self.width = width
        self.height = height
        self.stride = rowBytes
        self.pixels = pixels
    }

    /// Luma with OpenCV's `cvtColor(…, COLOR_BGR2GRAY)` arithmetic for 8-bit images: fixed
    /// point with 14 fractional bits, Y = (4899·R + 9617·G + 1868·B + 2^13) >> 14. Using the
    /// same integers (not the float formula) keeps every backend on identical pixels.
    public func toGray() -> GrayImage {
        var out = [UInt8](repeating: 0, count: width * height)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    var s = y * stride
                    var d = y * width
                    for _ in 0..<width {
                        let r = UInt32(src[s]), g = UInt32(src[s + 1]), b = UInt32(src[s + 2])
                        dst[d] = UInt8(truncatingIfNeeded: (r &* 4899 &+ g &* 9617 &+ b &* 1868 &+ 8192) >> 14)
                        s += 3
                        d += 1
                    }
                }
            }
        }
        return GrayImage(width: width, height: height, pixels: out)
    }
}
