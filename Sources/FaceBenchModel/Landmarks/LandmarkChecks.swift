/// Where landmark coordinates enter (annotation files), they must be finite and near the image:
/// a point further outside it than the image's own width or height is a unit or column mistake.
public enum LandmarkChecks {
    /// Why these points are unusable, or nil when they are fine.
    public static func problem(_ points: [Point], width: Int?, height: Int?) -> String? {
        for (index, point) in points.enumerated() {
            guard point.x.isFinite, point.y.isFinite else { return "point \(index + 1) is not finite (\(point.x), \(point.y))" }
            if let width, let height {
                let w = Double(width), h = Double(height)
                if point.x < -w || point.x > 2 * w || point.y < -h || point.y > 2 * h {
                    return "point \(index + 1) (\(point.x), \(point.y)) lies far outside the \(width)x\(height) image"
                }
            }
        }
        return nil
    }
}
