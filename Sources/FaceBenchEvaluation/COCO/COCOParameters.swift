/// The parameters of COCO's bbox evaluation, with pycocotools' defaults computed the way
/// numpy computes them (`np.linspace`), so thresholds compare bit for bit: an IoU of 0.75
/// meets the 0.75 threshold here exactly when it does there.
public struct COCOParameters: Sendable, Equatable {
    /// IoU thresholds; at most 32.
    public var iouThresholds: [Double]
    /// Recall levels at which precision is sampled (101 points: 0, 0.01, …, 1).
    public var recallThresholds: [Double]
    /// Detections kept per image, ascending; the last is the one used for matching and
    /// for AP and the size-range numbers.
    public var maxDetections: [Int]
    public var ranges: [SizeRange]

    public init(
        iouThresholds: [Double] = COCOParameters.standardIoUThresholds,
        recallThresholds: [Double] = COCOParameters.standardRecallThresholds,
        maxDetections: [Int] = [1, 10, 100], ranges: [SizeRange] = SizeRange.cocoAreas
    ) {
        precondition(!iouThresholds.isEmpty && iouThresholds.count <= 32, "1 to 32 IoU thresholds")
        precondition(!maxDetections.isEmpty && maxDetections == maxDetections.sorted() && maxDetections.first! > 0, "maxDetections ascending and positive")
        precondition(!ranges.isEmpty, "at least one size range")
        self.iouThresholds = iouThresholds
        self.recallThresholds = recallThresholds
        self.maxDetections = maxDetections
        self.ranges = ranges
    }

    /// `np.linspace(.5, 0.95, 10)`.
    public static let standardIoUThresholds = linspace(0.5, 0.95, count: 10)
    /// `np.linspace(.0, 1.00, 101)`.
    public static let standardRecallThresholds = linspace(0, 1, count: 101)

    /// numpy's `linspace(start, stop, count)` value for value: `i * step + start` with
    /// `step = (stop - start) / (count - 1)`, and `stop` itself last.
    public static func linspace(_ start: Double, _ stop: Double, count: Int) -> [Double] {
        guard count > 1 else { return count == 1 ? [start] : [] }
        let step = (stop - start) / Double(count - 1)
        var values = (0..<count).map { Double($0) * step + start }
        values[count - 1] = stop
        return values
    }
}
