/// Turns pixels into image files (drawings, report thumbnails). Supplied by a codec module,
/// like `ImageDecoder`.
public protocol ImageEncoder: Sendable {
    func encodePNG(_ image: RGBImage) throws -> [UInt8]
    /// `quality` 1…100.
    func encodeJPEG(_ image: RGBImage, quality: Int) throws -> [UInt8]
}
