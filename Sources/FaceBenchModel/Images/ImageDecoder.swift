/// Pixels as a file holds them: gray files stay gray, color files are RGB.
public enum DecodedImage: Sendable, Equatable {
    case gray(GrayImage)
    case rgb(RGBImage)

    public var width: Int {
        switch self {
        case let .gray(image): return image.width
        case let .rgb(image): return image.width
        }
    }

    public var height: Int {
        switch self {
        case let .gray(image): return image.height
        case let .rgb(image): return image.height
        }
    }

    /// The gray image every detector sees (color converted as OpenCV's BGR2GRAY does).
    public var gray: GrayImage {
        switch self {
        case let .gray(image): return image
        case let .rgb(image): return image.toGray()
        }
    }

    /// RGB for drawing (gray replicated into three channels).
    public var rgb: RGBImage {
        switch self {
        case let .rgb(image): return image
        case let .gray(image):
            var pixels = [UInt8](repeating: 0, count: image.width * image.height * 3)
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let value = image.pixels[y * image.stride + x]
                    let o = (y * image.width + x) * 3
                    pixels[o] = value
                    pixels[o + 1] = value
                    pixels[o + 2] = value
                }
            }
            return RGBImage(width: image.width, height: image.height, pixels: pixels)
        }
    }
}

/// Turns image files into pixels. The core does not decode; a codec module supplies this
/// (FaceBenchCodecs: libjpeg-turbo and libpng).
public protocol ImageDecoder: Sendable {
    /// Decodes a file; errors name the file and the reason. Images above the decoder's pixel
    /// cap (`--max-megapixels`) are refused from their header, before decoding.
    func decode(_ path: String) throws -> DecodedImage
    /// `decode`, with what went wrong in a file that still decoded (a JPEG cut short and
    /// filled with grey), for the run to report.
    func decodeWithWarning(_ path: String) throws -> (image: DecodedImage, warning: String?)
    /// Names and versions of the libraries used, for the results' environment block.
    var libraryDescription: String { get }
}

extension ImageDecoder {
    public func decode(_ path: String) throws -> DecodedImage { try decodeWithWarning(path).image }
}
