/// Summary statistics of latency samples, all computed on the sorted samples.
///
/// Percentiles interpolate linearly between the two nearest ranks (NumPy's default): the
/// p-th percentile of n sorted samples is at rank p/100·(n−1). MAD is the median absolute
/// deviation from the median, unscaled. The confidence interval of the median is a
/// percentile bootstrap (2,000 resamples, fixed seed, so the same samples always give the
/// same interval).
public struct LatencySummary: Sendable, Equatable {
    public var count: Int
    public var min: Double
    public var p25: Double
    public var p50: Double
    public var p75: Double
    public var p90: Double
    public var p99: Double
    public var max: Double
    public var mean: Double
    public var standardDeviation: Double
    public var mad: Double
    public var medianCI95: ClosedRange<Double>

    public init(
        count: Int, min: Double, p25: Double, p50: Double, p75: Double, p90: Double, p99: Double, max: Double,
        mean: Double, standardDeviation: Double, mad: Double, medianCI95: ClosedRange<Double>
    ) {
        self.count = count
        self.min = min
        self.p25 = p25
        self.p50 = p50
        self.p75 = p75
        self.p90 = p90
        self.p99 = p99
        self.max = max
        self.mean = mean
        self.standardDeviation = standardDeviation
        self.mad = mad
        self.medianCI95 = medianCI95
    }

    public init?(_ samples: [Double]) {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        count = sorted.count
        min = sorted[0]
        max = sorted[sorted.count - 1]
        p25 = Self.percentile(sorted, 25)
        p50 = Self.percentile(sorted, 50)
        p75 = Self.percentile(sorted, 75)
        p90 = Self.percentile(sorted, 90)
        p99 = Self.percentile(sorted, 99)
        // Summed as fractions of the count when the plain sum overflows (samples near 1e308).
        let sum = sorted.reduce(0, +)
        mean = sum.isFinite ? sum / Double(count) : sorted.reduce(0) { $0 + $1 / Double(sorted.count) }
        let m = mean
        standardDeviation = count > 1 ? (sorted.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(count - 1)).squareRoot() : 0
        let median = p50
        mad = Self.percentile(sorted.map { abs($0 - median) }.sorted(), 50)
        medianCI95 = Self.bootstrapMedianInterval(sorted)
    }

    /// The p-th percentile (0…100) of sorted samples, linearly interpolated.
    public static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        precondition(!sorted.isEmpty)
        let rank = p / 100 * Double(sorted.count - 1)
        let lower = Int(rank.rounded(.down))
        let upper = Swift.min(lower + 1, sorted.count - 1)
        let fraction = rank - Double(lower)
        let a = sorted[lower], b = sorted[upper]
        if fraction == 0 || a == b { return a }
        // Towards an infinite neighbour (the studentized interval's t of a resample whose
        // standard error is 0), the infinite one, where NumPy's form gives ∞ − ∞.
        if a.isInfinite || b.isInfinite { return a.isInfinite ? a : b }
        // NumPy's form, unless the difference overflows (−1e308 and 1e308).
        return (b - a).isFinite ? a + (b - a) * fraction : a * (1 - fraction) + b * fraction
    }

    static func bootstrapMedianInterval(_ sorted: [Double], resamples: Int = 2000) -> ClosedRange<Double> {
        guard sorted.count > 1 else { return sorted[0]...sorted[0] }
        var generator = SplitMix64(seed: 0x5EED_FACE)
        var medians = [Double](repeating: 0, count: resamples)
        var draw = [Int](repeating: 0, count: sorted.count)
        for r in 0..<resamples {
            // Resampling indices of sorted data and sorting the indices gives the resample
            // sorted, since index order is value order.
            for k in draw.indices { draw[k] = Int(generator.next() % UInt64(sorted.count)) }
            draw.sort()
            let n = draw.count
            medians[r] = n % 2 == 1 ? sorted[draw[n / 2]] : Self.midpoint(sorted[draw[n / 2 - 1]], sorted[draw[n / 2]])
        }
        medians.sort()
        let low = percentile(medians, 2.5), high = percentile(medians, 97.5)
        // Finite samples always give low <= high; infinite ones can give NaN, and a range
        // with a NaN bound traps: the interval is then unknown, the whole line.
        return low <= high ? low...high : -Double.infinity...Double.infinity
    }

    /// (a + b) / 2 without overflowing to infinity for finite a and b.
    static func midpoint(_ a: Double, _ b: Double) -> Double {
        let sum = a + b
        return sum.isFinite ? sum / 2 : a / 2 + b / 2
    }
}

/// A small, fast, seedable generator (Steele, Lea and Flood's SplitMix64), for results that
/// must be reproducible: bootstrap intervals, synthetic workloads.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// `latency_ms` of results.json (docs/results-schema.md); statistics that could not be taken are null.
extension LatencySummary: Codable {
    enum CodingKeys: String, CodingKey {
        case count, min, p25, p50, p75, p90, p99, max, mean, standardDeviation = "std", mad, medianCI95 = "p50_ci95"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(count, forKey: .count)
        for (key, value) in [(CodingKeys.min, min), (.p25, p25), (.p50, p50), (.p75, p75), (.p90, p90), (.p99, p99), (.max, max),
                             (.mean, mean), (.standardDeviation, standardDeviation), (.mad, mad)] {
            try container.encodeNumber(value, forKey: key)
        }
        try container.encode([medianCI95.lowerBound, medianCI95.upperBound], forKey: .medianCI95)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func number(_ key: CodingKeys) throws -> Double { try container.decodeNumber(forKey: key) ?? .nan }
        let interval = try container.decodeInterval(forKey: .medianCI95)
        self.init(
            count: try container.decode(Int.self, forKey: .count), min: try number(.min), p25: try number(.p25), p50: try number(.p50),
            p75: try number(.p75), p90: try number(.p90), p99: try number(.p99), max: try number(.max), mean: try number(.mean),
            standardDeviation: try number(.standardDeviation), mad: try number(.mad), medianCI95: interval)
    }
}
