/// The image pyramid OpenCV 4's `CascadeClassifier::detectMultiScale` scans: which scale
/// factors, and how large the image is at each.
///
/// Contract (OpenCV's semantics, arithmetic included, since a one-pixel difference in a level's
/// size moves every window of that level):
///  - factors are 1, f, f², … accumulated in `Double`; a factor is skipped while the scaled
///    window is smaller than `minSize`, and the list stops at the first factor whose window
///    (`cvRound(window × factor)`) exceeds `maxSize` (0: the image) or the image;
///  - each factor is then used as a `Float`; the level is `cvRound(size / factor)` computed in
///    `Float`, and windows step by 2 pixels below factor 2 and by 1 from there.
public struct PyramidPlan: Sendable, Equatable {
    public struct Level: Sendable, Equatable {
        public var scale: Float
        public var width: Int
        public var height: Int
        /// The window's side in original-image pixels at this level.
        public var windowWidth: Int
        public var windowHeight: Int
        public var step: Int
    }

    public var levels: [Level]

    public init(imageWidth: Int, imageHeight: Int, windowWidth: Int, windowHeight: Int,
                scaleFactor: Double, minSize: Int, maxSize: Int) {
        precondition(scaleFactor > 1, "scale factor must exceed 1")
        let maxWidth = maxSize > 0 ? maxSize : imageWidth
        let maxHeight = maxSize > 0 ? maxSize : imageHeight
        var levels: [Level] = []
        var factor = 1.0
        while true {
            defer { factor *= scaleFactor }
            let width = roundToEven(Double(windowWidth) * factor)
            let height = roundToEven(Double(windowHeight) * factor)
            if width > maxWidth || height > maxHeight || width > imageWidth || height > imageHeight { break }
            if width < minSize || height < minSize { continue }
            let scale = Float(factor)
            levels.append(Level(
                scale: scale,
                width: roundToEven(Float(imageWidth) / scale), height: roundToEven(Float(imageHeight) / scale),
                windowWidth: roundToEven(Float(windowWidth) * scale), windowHeight: roundToEven(Float(windowHeight) * scale),
                step: scale >= 2 ? 1 : 2))
        }
        self.levels = levels
    }
}

/// OpenCV's `cvRound`: nearest integer, ties to even (the FPU's default mode).
@inline(__always)
func roundToEven(_ value: Double) -> Int { Int(value.rounded(.toNearestOrEven)) }

@inline(__always)
func roundToEven(_ value: Float) -> Int { Int(value.rounded(.toNearestOrEven)) }
