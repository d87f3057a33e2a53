/// The images a detector got most wrong: ranked by errors (missed faces plus false
/// positives), more misses first on a tie, then by image id, so the choice is stable.
/// Images without an error are never picked.
public enum WorstImages {
    public struct Pick: Sendable, Equatable {
        public var sample: Sample
        public var detections: [Detection]
        public var match: ImageMatch
        public var missed: Int
        public var falsePositives: Int

        public var errors: Int { missed + falsePositives }
    }

    public static func select(
        records: [ImageRecord], samples: [Int: Sample], detector: String, iouThreshold: Double, count: Int
    ) -> [Pick] {
        let picks = records.compactMap { record -> Pick? in
            guard let sample = samples[record.sampleID], let result = record.results[detector] else { return nil }
            let match = GreedyMatcher.match(result.detections, to: sample.faces, iouThreshold: iouThreshold)
            let missed = zip(sample.faces, match.matchedDetection).filter { !$0.0.ignore && $0.1 == nil }.count
            let pick = Pick(sample: sample, detections: result.detections, match: match, missed: missed, falsePositives: match.falsePositives)
            return pick.errors > 0 ? pick : nil
        }
        return Array(picks.sorted { a, b in
            if a.errors != b.errors { return a.errors > b.errors }
            if a.missed != b.missed { return a.missed > b.missed }
            return a.sample.id < b.sample.id
        }.prefix(count))
    }
}
