import FaceBenchModel

/// The overlap WIDER FACE's official `boxoverlap.m` computes, with MATLAB's integer
/// arithmetic: the ground truth in the official .mat files is `int32`, and MATLAB evaluates
/// any operation mixing `int32` and `double` in double precision, then rounds the result to
/// the nearest `int32` (halves away from zero, saturating). So the intersection corners of a
/// prediction are rounded to whole pixels, the union is rounded, and the "IoU" itself is an
/// integer division: `round(intersection / union)`, which is 1 for overlaps of at least 0.5
/// and 0 below. The official code then takes the *first* face with the largest such value —
/// not the face with the best real IoU.
///
/// Boxes use the "+1" pixel convention of the VOC devkit: a box from `x1` to `x2` covers
/// `x2 - x1 + 1` pixels.
public enum WIDERBoxOverlap {
    /// A ground-truth box as the official code holds it: corners `x2 = x + w`, `y2 = y + h`
    /// and the "+1" area, all `int32` arithmetic.
    public struct Face: Sendable, Equatable {
        public var x1: Int32, y1: Int32, x2: Int32, y2: Int32
        public var area: Int32

        /// `x, y, w, h` must be integers in `Int32` range (the loader's boxes are).
        public init(x: Int32, y: Int32, width: Int32, height: Int32) {
            x1 = x
            y1 = y
            x2 = saturated(Int64(x) + Int64(width))
            y2 = saturated(Int64(y) + Int64(height))
            let w = saturated(Int64(saturated(Int64(x2) - Int64(x1))) + 1)
            let h = saturated(Int64(saturated(Int64(y2) - Int64(y1))) + 1)
            area = saturated(Int64(w) * Int64(h))
        }
    }

    /// A prediction's corners and "+1" area in double precision, as `image_evaluation`
    /// prepares them (`x2 = x + w` computed in double).
    public struct Prediction: Sendable, Equatable {
        public var x1: Double, y1: Double, x2: Double, y2: Double
        public var area: Double

        public init(x: Double, y: Double, width: Double, height: Double) {
            x1 = x
            y1 = y
            x2 = x + width
            y2 = y + height
            area = (x2 - x1 + 1) * (y2 - y1 + 1)
        }
    }

    /// `boxoverlap(gt, pred)` for one ground-truth box, as an `int32` value.
    @inline(__always)
    public static func overlap(_ face: Face, _ prediction: Prediction) -> Int32 {
        // Far apart: the rounded corners cannot meet, so w or h <= 0 and MATLAB gives 0.
        if prediction.x2 < Double(face.x1) - 1 || prediction.x1 > Double(face.x2) + 1
            || prediction.y2 < Double(face.y1) - 1 || prediction.y1 > Double(face.y2) + 1
        {
            return 0
        }
        let x1 = toInt32(max(Double(face.x1), prediction.x1))
        let y1 = toInt32(max(Double(face.y1), prediction.y1))
        let x2 = toInt32(min(Double(face.x2), prediction.x2))
        let y2 = toInt32(min(Double(face.y2), prediction.y2))
        let w = saturated(Int64(saturated(Int64(x2) - Int64(x1))) + 1)
        let h = saturated(Int64(saturated(Int64(y2) - Int64(y1))) + 1)
        if w <= 0 || h <= 0 { return 0 }
        let intersection = saturated(Int64(w) * Int64(h))
        let union = saturated(Int64(toInt32(Double(face.area) + prediction.area)) - Int64(intersection))
        return divide(intersection, union)
    }

    /// MATLAB's conversion of a double to `int32`: round half away from zero, saturate,
    /// NaN to 0.
    @inline(__always)
    public static func toInt32(_ value: Double) -> Int32 {
        guard value > -2_147_483_648.5, value < 2_147_483_647.5 else {
            return value.isNaN ? 0 : value < 0 ? Int32.min : Int32.max
        }
        // Truncate, then step away from zero when the dropped fraction (exact) is >= 0.5.
        let whole = Int32(value)
        let fraction = value - Double(whole)
        return fraction >= 0.5 ? whole + 1 : fraction <= -0.5 ? whole - 1 : whole
    }

    /// `int32 ./ int32`: the rounded quotient; division by zero gives `intmax`, `intmin`
    /// or 0 by the sign of the dividend.
    @inline(__always)
    static func divide(_ a: Int32, _ b: Int32) -> Int32 {
        if b == 0 { return a > 0 ? Int32.max : a < 0 ? Int32.min : 0 }
        return toInt32(Double(a) / Double(b))
    }
}

/// `int32` arithmetic saturates instead of wrapping.
@inline(__always)
func saturated(_ value: Int64) -> Int32 {
    value > Int64(Int32.max) ? Int32.max : value < Int64(Int32.min) ? Int32.min : Int32(value)
}
