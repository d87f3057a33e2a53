import FaceBenchModel

/// The pixel masks FDDB's evaluation toolkit draws for faces and detections
/// (`EllipseR::display`, `RectangleR::display`), from the same numbers it reads:
///
/// - an ellipse `major minor angle cx cy`: centre rounded through single precision
///   (`cvPointFrom32f`), semi-axes truncated to whole pixels, rotation
///   `180 − (π − angle)·180/π` degrees (the reader converts, the drawer subtracts from 180),
///   drawn filled by `cvEllipse` — so the major radius lies along `(cos angle, sin angle)` in
///   image coordinates;
/// - a rectangle `left top width height`: corners `(left, top)` and
///   `(left + width, top + height)` rounded through single precision, filled by
///   `cvRectangle`, both corners included.
///
/// The toolkit draws into masks of the image's size; with `imageWidth`/`imageHeight` the
/// regions are clipped the same way. Without them (FDDB's images are not always at hand),
/// only what is certainly outside any image — negative coordinates — is cut off. Shapes reaching
/// beyond `maximumExtent` pixels from the origin are refused (they cannot be faces, and
/// an unclipped mask of that size would not fit in memory).
public enum FDDBRegions {
    public static let maximumExtent = 100_000.0

    /// The raster rows one image's ellipses (faces and detections together) may cover: each
    /// stays under `maximumExtent`, but 2,500 ellipses of radius 49,000 px (a 56 KB file)
    /// would be 245 million rows. FDDB's images are under 500 rows; a thousand detections
    /// each spanning the whole image stay under the cap (about 40 bytes a row).
    public static let maximumRowsPerImage = 4_000_000

    /// The rows `ellipse` covers once clipped to an image of `imageHeight` rows (or, of unknown
    /// height, to the extent), counted before anything is drawn; nil when it is too large to
    /// draw at all (`ellipse(_:)` says why).
    public static func rows(of ellipse: Ellipse, imageHeight: Int?) -> Int? {
        let reach = abs(ellipse.majorRadius) + abs(ellipse.minorRadius)
        guard reach.isFinite, reach < maximumExtent else { return nil }
        return min(2 * Int(reach) + 1, imageHeight.map { max($0, 0) } ?? 2 * Int(maximumExtent))
    }

    public struct TooLarge: Error, CustomStringConvertible {
        public var description: String
    }

    public static func ellipse(_ ellipse: Ellipse, imageWidth: Int? = nil, imageHeight: Int? = nil) throws -> PixelRegion {
        clip(try drawn(ellipse), imageWidth, imageHeight)
    }

    /// The ellipse as `EllipseR::display` draws it, before any clipping.
    static func drawn(_ ellipse: Ellipse) throws -> PixelRegion {
        let reach = [abs(ellipse.centerX) + abs(ellipse.majorRadius) + abs(ellipse.minorRadius), abs(ellipse.centerY) + abs(ellipse.majorRadius) + abs(ellipse.minorRadius)]
        guard reach.allSatisfy({ $0.isFinite && $0 < maximumExtent }) else {
            throw TooLarge(description: "\(ellipse) reaches beyond \(Int(maximumExtent)) pixels")
        }
        if let reason = ellipse.angleProblem { throw TooLarge(description: "\(ellipse): \(reason)") }
        let degrees = (Double.pi - ellipse.angle) * 180 / Double.pi
        return OpenCVFill.ellipse(
            centerX: roundedThroughFloat(ellipse.centerX), centerY: roundedThroughFloat(ellipse.centerY),
            axisX: Int(ellipse.majorRadius.rounded(.towardZero)), axisY: Int(ellipse.minorRadius.rounded(.towardZero)), angle: 180 - degrees)
    }

    public static func rectangle(_ box: Box, imageWidth: Int? = nil, imageHeight: Int? = nil) throws -> PixelRegion {
        let corners = [box.x, box.y, box.x + box.width, box.y + box.height]
        guard corners.allSatisfy({ $0.isFinite && abs($0) < maximumExtent }) else {
            throw TooLarge(description: "rectangle \(box) reaches beyond \(Int(maximumExtent)) pixels")
        }
        let region = OpenCVFill.rectangle(
            x1: roundedThroughFloat(corners[0]), y1: roundedThroughFloat(corners[1]),
            x2: roundedThroughFloat(corners[2]), y2: roundedThroughFloat(corners[3]))
        return clip(region, imageWidth, imageHeight)
    }

    /// A detection's region: its ellipse when it was read from an ellipse line, else its box.
    public static func detection(_ detection: Detection, imageWidth: Int? = nil, imageHeight: Int? = nil) throws -> PixelRegion {
        if let shape = detection.ellipse {
            return try ellipse(shape, imageWidth: imageWidth, imageHeight: imageHeight)
        }
        return try rectangle(detection.box, imageWidth: imageWidth, imageHeight: imageHeight)
    }

    /// `cvRound((float)value)`: to single precision, then to the nearest integer (halves to
    /// even).
    static func roundedThroughFloat(_ value: Double) -> Int {
        Int(Double(Float(value)).rounded(.toNearestOrEven))
    }

    static func clip(_ region: PixelRegion, _ width: Int?, _ height: Int?) -> PixelRegion {
        let unknown = Int(maximumExtent) * 2
        return region.clipped(width: width ?? unknown, height: height ?? unknown)
    }
}
