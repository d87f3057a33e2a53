/// A range of face sizes for size-restricted scores: COCO's small/medium/large areas, or
/// face-height buckets. Faces outside the range are ignored, and so are detections outside
/// it that match nothing (COCO's rule), so a range's AP measures that size alone.
public struct SizeRange: Sendable, Equatable {
    public enum Measure: String, Sendable {
        /// Face area in px² (the annotation's `area` for ground truth, width × height for
        /// detections, as pycocotools takes them).
        case area
        /// Box height in px.
        case height
    }

    public var label: String
    public var measure: Measure
    public var lower: Double
    public var upper: Double
    /// COCO's ranges include both ends (a 32×32 face is small and medium); buckets that
    /// partition sizes exclude the upper end.
    public var includesUpper: Bool

    public init(label: String, measure: Measure, lower: Double, upper: Double, includesUpper: Bool) {
        self.label = label
        self.measure = measure
        self.lower = lower
        self.upper = upper
        self.includesUpper = includesUpper
    }

    @inline(__always)
    public func excludes(_ value: Double) -> Bool {
        value < lower || (includesUpper ? value > upper : value >= upper)
    }

    /// pycocotools' `areaRng` with its labels: all [0, 1e10], small [0, 32²],
    /// medium [32², 96²], large [96², 1e10].
    public static let cocoAreas: [SizeRange] = [
        SizeRange(label: "all", measure: .area, lower: 0, upper: 1e10, includesUpper: true),
        SizeRange(label: "small", measure: .area, lower: 0, upper: 32 * 32, includesUpper: true),
        SizeRange(label: "medium", measure: .area, lower: 32 * 32, upper: 96 * 96, includesUpper: true),
        SizeRange(label: "large", measure: .area, lower: 96 * 96, upper: 1e10, includesUpper: true),
    ]

    /// Face-height buckets: < 16, 16–32, 32–64, 64–128, ≥ 128 px (lower end included).
    public static let faceHeights: [SizeRange] = [
        SizeRange(label: "h<16", measure: .height, lower: 0, upper: 16, includesUpper: false),
        SizeRange(label: "h16-32", measure: .height, lower: 16, upper: 32, includesUpper: false),
        SizeRange(label: "h32-64", measure: .height, lower: 32, upper: 64, includesUpper: false),
        SizeRange(label: "h64-128", measure: .height, lower: 64, upper: 128, includesUpper: false),
        SizeRange(label: "h>=128", measure: .height, lower: 128, upper: .infinity, includesUpper: false),
    ]
}
