import CImageCodecs
import FaceBenchModel

/// Decodes JPEG and PNG with libjpeg-turbo and libpng (faster than OpenCV's imread, and the
/// same pixels: OpenCV's codecs wrap the same libraries with default settings).
public struct NativeImageDecoder: ImageDecoder {
    /// Images of more pixels than this are refused from their header (`--max-megapixels`).
    public var maximumMegapixels: Double

    public static let defaultMaximumMegapixels = 200.0

    /// JPEGs of more scans than this are refused (progressive files have about 10).
    public var maximumJPEGScans: Int

    public static let defaultMaximumJPEGScans = 100

    public init(maximumMegapixels: Double = defaultMaximumMegapixels, maximumJPEGScans: Int = defaultMaximumJPEGScans) {
        self.maximumMegapixels = maximumMegapixels
        self.maximumJPEGScans = maximumJPEGScans
    }

    public var libraryDescription: String { String(cString: fb_codecs_version()) }

    public func decodeWithWarning(_ path: String) throws -> (image: DecodedImage, warning: String?) {
        var image = fb_decoded_image()
        var error = [CChar](repeating: 0, count: 256)
        guard fb_decode_file(path, maximumMegapixels * 1e6, Int32(clamping: maximumJPEGScans), &image, &error, error.count) == 0, let pixels = image.pixels else {
            let reason = String(nulTerminated: error)
            throw FaceBenchError.io(path: path, reason: "cannot decode image: \(reason)")
        }
        defer { fb_image_free(&image) }
        let warning = withUnsafeBytes(of: image.warning) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        // The shim promises sides within the header's, under the pixel cap, and 1 or 3 channels.
        let width = try NativeArray.checkedCount(image.width, limit: Int(Int32.max), what: "a width of", call: "image decoding", image: path)
        let height = try NativeArray.checkedCount(image.height, limit: Int(Int32.max), what: "a height of", call: "image decoding", image: path)
        guard width > 0, height > 0, Double(width) * Double(height) <= maximumMegapixels * 1e6, image.channels == 1 || image.channels == 3 else {
            throw FaceBenchError.native(
                call: "image decoding", image: path, reason: "returned \(width)×\(height) pixels of \(image.channels) channels")
        }
        let bytes = Array(try NativeArray.elements(pixels, count: width * height * Int(image.channels), limit: Int.max, call: "image decoding", image: path))
        let decoded: DecodedImage = image.channels == 1
            ? .gray(GrayImage(width: width, height: height, pixels: bytes))
            : .rgb(RGBImage(width: width, height: height, pixels: bytes))
        return (decoded, warning.isEmpty ? nil : warning)
    }
}

extension NativeImageDecoder: ImageEncoder {
    public func encodePNG(_ image: RGBImage) throws -> [UInt8] {
        try encode(image) { pixels, data, size, error in
            fb_encode_png(pixels, Int32(image.width), Int32(image.height), 3, Int32(image.stride), data, size, error, 256)
        }
    }

    public func encodeJPEG(_ image: RGBImage, quality: Int) throws -> [UInt8] {
        try encode(image) { pixels, data, size, error in
            fb_encode_jpeg(pixels, Int32(image.width), Int32(image.height), 3, Int32(image.stride), Int32(quality), data, size, error, 256)
        }
    }

    private func encode(
        _ image: RGBImage,
        _ body: (UnsafePointer<UInt8>, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutablePointer<Int>, UnsafeMutablePointer<CChar>) -> Int32
    ) throws -> [UInt8] {
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        var error = [CChar](repeating: 0, count: 256)
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            error.withUnsafeMutableBufferPointer { body(pixels.baseAddress!, &data, &size, $0.baseAddress!) }
        }
        guard status == 0, let data else { throw FaceBenchError.native(call: "image encoding", image: nil, reason: String(nulTerminated: error)) }
        defer { fb_buffer_free(data) }
        return Array(try NativeArray.elements(data, count: size, limit: Int.max, call: "image encoding"))
    }
}
