/// An 8-bit single-channel image. Rows are `stride` bytes apart (`stride >= width`), so
/// buffers from native decoders with padded rows can be wrapped without copying row by row.
public struct GrayImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let stride: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, stride: Int? = nil, pixels: [UInt8]) {
        let rowBytes = stride ?? width
        precondition(width >= 0 && height >= 0 && rowBytes >= width, "invalid gray image geometry")
        precondition(pixels.count >= rowBytes * height, "gray image buffer too small")
        self.width = width
        self.height = height
        self.stride = rowBytes
        self.pixels = pixels
    }

    /// A black image.
    public init(width: Int, height: Int) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height))
    }

    public subscript(x: Int, y: Int) -> UInt8 {
        get { pixels[y * stride + x] }
        set { pixels[y * stride + x] = newValue }
    }

    public var megapixels: Double { Double(width * height) / 1_000_000 }

    /// The same pixels with rows packed (`stride == width`).
    public func packed() -> GrayImage {
        if stride == width { return self }
        var out = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            out[(y * width)..<(y * width + width)] = pixels[(y * stride)..<(y * stride + width)]
        }
        return GrayImage(width: width, height: height, pixels: out)
    }
}
