/// A window the cascade accepted, in original-image pixels, with the final stage's sum. Not
/// clipped: a window mapped back from a pyramid level can overhang the right or bottom border
/// by a pixel, and detectMultiScale averages it that way.
public struct RawHit: Sendable, Equatable {
    public var x: Int, y: Int, width: Int, height: Int
    public var weight: Double

    public init(x: Int, y: Int, width: Int, height: Int, weight: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.weight = weight
    }
}

/// A face: the mean of a group of raw hits, with the group's size and best weight.
public struct GroupedFace: Sendable, Equatable {
    public var x: Int, y: Int, width: Int, height: Int
    /// Raw hits in the group (OpenCV's `numDetections`).
    public var neighbors: Int
    /// The largest final-stage sum in the group (OpenCV's `levelWeights`).
    public var weight: Double

    public init(x: Int, y: Int, width: Int, height: Int, neighbors: Int, weight: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.neighbors = neighbors
        self.weight = weight
    }

    /// The part inside a `width`×`height` image (OpenCV's `clipObjects`), or nil when nothing is.
    public func clipped(width imageWidth: Int, height imageHeight: Int) -> GroupedFace? {
        let x0 = max(x, 0), y0 = max(y, 0)
        let x1 = min(x + width, imageWidth), y1 = min(y + height, imageHeight)
        guard x1 > x0, y1 > y0 else { return nil }
        return GroupedFace(x: x0, y: y0, width: x1 - x0, height: y1 - y0, neighbors: neighbors, weight: weight)
    }
}

/// A cascade detector in detectMultiScale's two steps: the pyramid scan, then grouping and
/// clipping. Kept apart so that one scan serves every `minNeighbors` (the parity grid), and so
/// that both backends clip where OpenCV does — after grouping.
///
/// Contract: `faces(from: rawHits(in: image, …), minNeighbors: n, …)` is exactly what
/// `cv::CascadeClassifier::detectMultiScale` returns for the same pixels and parameters, with
/// detectMultiScale2's neighbour counts and detectMultiScale3's level weights.
public protocol CascadeScanning {
    var configuration: CascadeConfiguration { get }
    /// The cascade's training window (e.g. 24×24).
    var window: (width: Int, height: Int) { get }
    func rawHits(in image: GrayImage, scaleFactor: Double, minSize: Int, maxSize: Int) throws -> [RawHit]
    func faces(from hits: [RawHit], minNeighbors: Int, imageWidth: Int, imageHeight: Int) throws -> [GroupedFace]
}

extension CascadeScanning {
    /// The faces of `configuration`'s parameters as detections scored its way.
    public func detections(in image: GrayImage) throws -> [Detection] {
        try configuration.checkPyramidLevels(
            imageWidth: image.width, imageHeight: image.height, windowWidth: window.width, windowHeight: window.height)
        let hits = try rawHits(in: image, scaleFactor: configuration.scaleFactor, minSize: configuration.minSize,
                               maxSize: configuration.maxSize)
        return try faces(from: hits, minNeighbors: configuration.minNeighbors, imageWidth: image.width, imageHeight: image.height)
            .map { configuration.detection(x: $0.x, y: $0.y, width: $0.width, height: $0.height, levelWeight: $0.weight, neighbors: $0.neighbors) }
    }
}
