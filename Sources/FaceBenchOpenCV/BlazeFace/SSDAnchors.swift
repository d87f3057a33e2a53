/// Anchor centres as MediaPipe's SsdAnchorsCalculator lays them out for BlazeFace
/// (fixed_anchor_size: every anchor is 1×1, so only the centres matter): layers with the
/// same stride share one feature map, each cell repeats its anchors once per such layer and
/// per aspect ratio, in row-major cell order.
enum SSDAnchors {
    /// (x, y) centres in [0, 1], in the model's output order.
    static func centres(inputSize: Int, strides: [Int], anchorsPerLayer: Int, offset: Float = 0.5) -> [(x: Float, y: Float)] {
        var anchors: [(x: Float, y: Float)] = []
        var layer = 0
        while layer < strides.count {
            var sameStride = layer
            var repeats = 0
            while sameStride < strides.count && strides[sameStride] == strides[layer] {
                repeats += anchorsPerLayer
                sameStride += 1
            }
            let cells = inputSize / strides[layer]
            for y in 0..<cells {
                let yCentre = (Float(y) + offset) / Float(cells)
                for x in 0..<cells {
                    let xCentre = (Float(x) + offset) / Float(cells)
                    for _ in 0..<repeats { anchors.append((xCentre, yCentre)) }
                }
            }
            layer = sameStride
        }
        return anchors
    }
}
