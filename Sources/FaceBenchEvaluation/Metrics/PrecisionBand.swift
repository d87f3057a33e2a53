import FaceBenchModel

/// The 95 % band of a precision–recall curve over images: at each recall level
/// 0, 0.01, …, 1 up to the recall the detector reaches on the whole run, the 2.5th and
/// 97.5th percentile of the interpolated precision over the resamples of `ImageBootstrap`
/// (the same draws as the intervals).
///
/// Interpolated precision at recall r is VOC's envelope, the highest precision at any
/// recall ≥ r (what AP50 (VOC) integrates), and 0 where a resample does not reach r, as
/// COCO's 101-point precision is: a band that falls to 0 says some resamples never find that
/// share of the faces. The band is pointwise: each level's interval holds its own precision
/// 95 % of the time, not the whole curve at once.
public struct PrecisionBand: Sendable, Equatable {
    /// Recall levels: 0, 1 / `divisions`, 2 / `divisions`, ….
    public var recall: [Double]
    public var low: [Double]
    public var high: [Double]

    public static let divisions = 100

    public init(recall: [Double], low: [Double], high: [Double]) {
        self.recall = recall
        self.low = low
        self.high = high
    }

    /// What a band read from a file must be: one low and high per level, the levels from 0 on,
    /// precisions in [0, 1] with low ≤ high. The problem, or nil.
    public var problem: String? {
        guard low.count == recall.count, high.count == recall.count else {
            return "recall, low and high have \(recall.count), \(low.count) and \(high.count) values"
        }
        guard recall.count <= Self.divisions + 1 else { return "\(recall.count) recall levels, more than \(Self.divisions + 1)" }
        for (index, level) in recall.enumerated() where level != Self.level(index) {
            return "recall[\(index)] is \(level), not \(Self.level(index))"
        }
        for index in recall.indices where !(low[index] >= 0 && low[index] <= high[index] && high[index] <= 1) {
            return "at recall \(recall[index]): low \(low[index]), high \(high[index]) (needs 0 ≤ low ≤ high ≤ 1)"
        }
        return nil
    }

    /// Level `index` as a quotient (0.07, where 7 × 0.01 gives 0.07000000000000001).
    static func level(_ index: Int) -> Double { Double(index) / Double(divisions) }
}

extension ImageBootstrap {
    /// Each detector's band on the same resamples as its intervals; nil for 0 resamples, no
    /// images, no faces or no true positive.
    public static func precisionBands(_ results: [ResamplableResults], resamples: Int, seed: UInt64) -> [PrecisionBand?] {
        guard resamples > 0, let images = results.first?.images, images > 0 else { return results.map { _ in nil } }
        let counts = counts(images: images, resamples: resamples, seed: seed)
        return results.map { result in
            let reached = result.ownStatistics()["recall"] ?? 0
            guard reached > 0 else { return nil }
            let levels = (0...PrecisionBand.divisions).map(PrecisionBand.level).filter { $0 <= reached }
            var workspace = ResamplableResults.Workspace(result)
            var columns = [[Double]](repeating: [Double](repeating: 0, count: resamples), count: levels.count)
            counts.withUnsafeBufferPointer { counts in
                for b in 0..<resamples {
                    let weights = UnsafeBufferPointer(rebasing: counts[(b * images)..<((b + 1) * images)])
                    for (level, precision) in result.interpolatedPrecisions(at: levels, weights: weights, workspace: &workspace).enumerated() {
                        columns[level][b] = precision
                    }
                }
            }
            let intervals = columns.map { percentileInterval($0)! }
            return PrecisionBand(recall: levels, low: intervals.map(\.low), high: intervals.map(\.high))
        }
    }
}

extension ResamplableResults {
    /// The interpolated precision at each of `levels` (rising) on the weighted ranking: the
    /// highest precision at a true positive whose recall is ≥ the level, 0 past the last.
    func interpolatedPrecisions(at levels: [Double], weights: UnsafeBufferPointer<Int32>, workspace: inout Workspace) -> [Double] {
        var faceCount = 0
        for i in 0..<images { faceCount += Int(weights[i]) * Int(faces[i]) }
        var precisions = [Double](repeating: 0, count: levels.count)
        let points = Self.truePositivePoints(ranked, weights: weights, workspace: &workspace)
        guard faceCount > 0, points > 0 else { return precisions }
        let positives = Double(faceCount)
        workspace.truePositives.withUnsafeBufferPointer { tps in
            workspace.falsePositives.withUnsafeBufferPointer { fps in
                // From the last true positive back: the envelope rises as recall falls, and
                // each level takes it at the first point whose recall is below the level.
                var highest = 0.0, level = levels.count - 1
                for k in stride(from: points - 1, through: 0, by: -1) {
                    let tp = Double(tps[k])
                    while level >= 0, tp / positives < levels[level] {
                        precisions[level] = highest
                        level -= 1
                    }
                    highest = max(tp / (tp + Double(fps[k])), highest)
                }
                while level >= 0 {
                    precisions[level] = highest
                    level -= 1
                }
            }
        }
        return precisions
    }
}

extension PrecisionBand: Codable {
    enum CodingKeys: String, CodingKey {
        case recall, low, high
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            recall: try container.decode([Double].self, forKey: .recall), low: try container.decode([Double].self, forKey: .low),
            high: try container.decode([Double].self, forKey: .high))
        if let problem { throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: problem)) }
    }
}
