import FaceBenchModel

/// Whole images through `BilinearResize` (OpenCV's `cv::resize(…, INTER_LINEAR_EXACT)`, bit
/// for bit), for detectors that scale their input outside OpenCV and are checked against a
/// reference that scales with OpenCV. Colour images are resized channel by channel, as OpenCV
/// does: its bit-exact bilinear mode mixes no channels.
public enum ExactResize {
    public static func resized(_ image: GrayImage, width: Int, height: Int) -> GrayImage {
        var out = [UInt8](repeating: 0, count: width * height)
        image.pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { destination in
                BilinearResize.resize(source.baseAddress!, width: image.width, height: image.height, stride: image.stride,
                                      into: destination.baseAddress!, width: width, height: height)
            }
        }
        return GrayImage(width: width, height: height, pixels: out)
    }

    public static func resized(_ image: RGBImage, width: Int, height: Int) -> RGBImage {
        var out = [UInt8](repeating: 0, count: width * height * 3)
        var plane = [UInt8](repeating: 0, count: image.width * image.height)
        var scaled = [UInt8](repeating: 0, count: width * height)
        for channel in 0..<3 {
            image.pixels.withUnsafeBufferPointer { source in
                for y in 0..<image.height {
                    for x in 0..<image.width { plane[y * image.width + x] = source[y * image.stride + 3 * x + channel] }
                }
            }
            plane.withUnsafeBufferPointer { source in
                scaled.withUnsafeMutableBufferPointer { destination in
                    BilinearResize.resize(source.baseAddress!, width: image.width, height: image.height, stride: image.width,
                                          into: destination.baseAddress!, width: width, height: height)
                }
            }
            for i in 0..<(width * height) { out[3 * i + channel] = scaled[i] }
        }
        return RGBImage(width: width, height: height, pixels: out)
    }
}
