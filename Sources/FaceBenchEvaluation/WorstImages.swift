import FaceBenchModel

/// The images a detector got most wrong: ranked by errors (missed faces plus false
/// positives), more misses first on a tie, then by image id, so the choice is stable. The
/// `per_image` protocol lists every image in this order; the report's gallery shows the
/// first few with an error.
public enum WorstImages {
    public struct Pick: Sendable, Equatable {
        public var sample: Sample
        public var detections: [Detection]
        public var match: ImageMatch
        public var missed: Int
        public var falsePositives: Int

        public var errors: Int { missed + falsePositives }
    }

    /// Every image with an error (every image when `includingClean`), worst first.
    /// `detections[i]` are the detections on `samples[i]`.
    public static func rank(samples: [Sample], detections: [[Detection]], iouThreshold: Double, includingClean: Bool = false) -> [Pick] {
        let picks = zip(samples, detections).compactMap { sample, found -> Pick? in
            let match = GreedyMatcher.match(found, to: sample.faces, iouThreshold: iouThreshold)
            let pick = Pick(
                sample: sample, detections: found, match: match, missed: match.missedFaces(of: sample.faces),
                falsePositives: match.falsePositives)
            return includingClean || pick.errors > 0 ? pick : nil
        }
        return picks.sorted { a, b in
            if a.errors != b.errors { return a.errors > b.errors }
            if a.missed != b.missed { return a.missed > b.missed }
            return a.sample.id < b.sample.id
        }
    }
}
