import Foundation

/// A rotated ellipse, as FDDB annotates faces: radii along its own axes, the angle of the
/// major axis in radians — the axis points along (cos θ, sin θ) in image coordinates, y down,
/// as the FDDB toolkit draws it — and the centre.
public struct Ellipse: Hashable, Sendable, CustomStringConvertible {
    public var majorRadius: Double
    public var minorRadius: Double
    public var angle: Double
    public var centerX: Double
    public var centerY: Double

    public init(majorRadius: Double, minorRadius: Double, angle: Double, centerX: Double, centerY: Double) {
        self.majorRadius = majorRadius
        self.minorRadius = minorRadius
        self.angle = angle
        self.centerX = centerX
        self.centerY = centerY
    }

    /// The tightest axis-aligned box around the ellipse.
    public var boundingBox: Box {
        let c = cos(angle), s = sin(angle)
        let halfWidth = (majorRadius * majorRadius * c * c + minorRadius * minorRadius * s * s).squareRoot()
        let halfHeight = (majorRadius * majorRadius * s * s + minorRadius * minorRadius * c * c).squareRoot()
        return Box(x1: centerX - halfWidth, y1: centerY - halfHeight, x2: centerX + halfWidth, y2: centerY + halfHeight)
    }

    public var area: Double { Double.pi * majorRadius * minorRadius }

    /// Why the angle is refused, or nil: FDDB's angles are radians within a turn (the
    /// annotations' within ±π/2). One of 1e300 would overflow the integer degrees OpenCV's
    /// ellipse drawing (FDDB's masks) works in.
    public var angleProblem: String? {
        abs(angle) <= 2 * Double.pi ? nil : "ellipse angle \(angle) is not radians within ±2π"
    }

    /// FDDB's own field order: major and minor radius, angle, centre x and y.
    public var description: String {
        "ellipse \(majorRadius) \(minorRadius) \(angle) \(centerX) \(centerY)"
    }
}
