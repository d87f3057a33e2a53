/// An axis-aligned rectangle in pixel coordinates: `x`, `y` is the top-left corner, the
/// box covers `[x, x + width) × [y, y + height)`. Continuous coordinates: IoU here is the
/// area ratio without the "+1" pixel convention; protocols that use it (VOC devkit, WIDER's
/// MATLAB code) apply it themselves.
public struct Box: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// A box from two corners, `(x1, y1)` top-left and `(x2, y2)` bottom-right.
    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.init(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var area: Double { max(0, width) * max(0, height) }
    public var center: Point { Point(x: x + width / 2, y: y + height / 2) }

    /// True when the box has a positive, finite size and finite position.
    public var isWellFormed: Bool {
        x.isFinite && y.isFinite && width.isFinite && height.isFinite && width > 0 && height > 0
    }

    /// The overlapping area of two boxes (0 when they do not overlap).
    public func intersectionArea(_ other: Box) -> Double {
        let w = min(maxX, other.maxX) - max(x, other.x)
        let h = min(maxY, other.maxY) - max(y, other.y)
        return w > 0 && h > 0 ? w * h : 0
    }

    /// Intersection over union; 0 for disjoint or degenerate boxes.
    public func iou(_ other: Box) -> Double {
        let inter = intersectionArea(other)
        guard inter > 0 else { return 0 }
        return inter / (area + other.area - inter)
    }

    /// The part of the box inside an image of the given size (may have zero area).
    public func clipped(width imageWidth: Double, height imageHeight: Double) -> Box {
        let x1 = min(max(x, 0), imageWidth)
        let y1 = min(max(y, 0), imageHeight)
        let x2 = min(max(maxX, 0), imageWidth)
        let y2 = min(max(maxY, 0), imageHeight)
        return Box(x1: x1, y1: y1, x2: x2, y2: y2)
    }

    public func scaled(by factor: Double) -> Box {
        Box(x: x * factor, y: y * factor, width: width * factor, height: height * factor)
    }

    public var description: String { "[\(x), \(y), \(width), \(height)]" }
}
