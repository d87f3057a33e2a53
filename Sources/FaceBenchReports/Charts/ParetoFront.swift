/// The points no other point beats on both counts: here, detectors for which no other is
/// both at least as fast and at least as accurate (and strictly better in one). Sorted by
/// cost, the front's accuracy rises strictly.
public enum ParetoFront {
    /// Indices of the front among `(cost, value)` points where lower cost and higher value
    /// are better, ordered by cost.
    public static func indices(_ points: [(cost: Double, value: Double)]) -> [Int] {
        let order = points.indices.sorted { a, b in
            points[a].cost != points[b].cost ? points[a].cost < points[b].cost : points[a].value > points[b].value
        }
        var front: [Int] = []
        var best = -Double.infinity
        for index in order where points[index].value > best {
            front.append(index)
            best = points[index].value
        }
        return front
    }
}
