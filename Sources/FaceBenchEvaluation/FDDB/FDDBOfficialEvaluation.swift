import Foundation

/// FDDB's evaluation (`evaluate` from the FDDB site's evaluation.tgz: `Matching`,
/// `Hungarian`, `Results`), reproduced:
///
/// - The overlap of a face and a detection is |A ∩ D| / |A ∪ D| over their pixel masks
///   (`FDDBRegions`).
/// - For every distinct score s of an image's detections (ascending), the detections scoring
///   at least s are matched to the faces by maximum total overlap (Hungarian method; faces and
///   detections that overlap nothing are left out first). Matched pairs with overlap > 0.5 are
///   discrete true positives; the matched overlaps summed are the continuous true positives;
///   the remaining detections are false positives. An image without detections contributes
///   its faces only.
/// - Summed over images, with each image counting the result of its smallest score at or above
///   the threshold (the toolkit's `Results::merge`), this gives one ROC point per distinct
///   score over the whole set, plus a point at `Double.greatestFiniteMagnitude` when some
///   image has no detection.
///
/// Points are in the toolkit's output order (ascending threshold); `FDDBROCFiles` writes its
/// `DiscROC.txt` and `ContROC.txt` from an `fddb` result.
/// Counts are exact; the continuous sums are added in a different order than the toolkit
/// (per threshold rather than image by image), which can only move the last bits of a double.
/// Among several matchings with the same total overlap, the toolkit's Hungarian code and
/// `MaximumWeightMatching` may pick different ones; that changes the discrete count only
/// when such exact ties exist.
public enum FDDBOfficialEvaluation {
    public struct Image: Sendable {
        public var faces: [PixelRegion]
        public var detections: [(region: PixelRegion, score: Double)]

        public init(faces: [PixelRegion], detections: [(region: PixelRegion, score: Double)]) {
            self.faces = faces
            self.detections = detections
        }
    }

    public struct Point: Sendable, Equatable {
        public var threshold: Double
        public var continuousTruePositives: Double
        public var discreteTruePositives: Int
        public var falsePositives: Int
    }

    public struct Result: Sendable, Equatable {
        public var faces: Int
        /// Ascending threshold, as the toolkit writes them.
        public var points: [Point]

        public func discreteRate(_ point: Point) -> Double { faces > 0 ? Double(point.discreteTruePositives) / Double(faces) : 0 }
        public func continuousRate(_ point: Point) -> Double { faces > 0 ? point.continuousTruePositives / Double(faces) : 0 }

        /// The best true-positive rate among the points with at most `falsePositives` false
        /// positives (0 when there is none).
        public func truePositiveRate(atFalsePositives falsePositives: Int, continuous: Bool) -> Double {
            points.filter { $0.falsePositives <= falsePositives }.map { continuous ? continuousRate($0) : discreteRate($0) }.max() ?? 0
        }
    }

    /// A double as `std::ostream << double` prints it by default (`%g`, 6 significant digits).
    public static func cpp(_ value: Double) -> String { String(format: "%g", value) }

    /// One image's result at one of its scores.
    struct Step {
        var threshold: Double
        var continuous: Double
        var discrete: Int
        var falsePositives: Int
    }

    public static func evaluate(_ images: [Image]) -> Result {
        var faces = 0
        var changes: [Step] = []
        var someImageWithoutDetections = false
        for image in images {
            faces += image.faces.count
            guard !image.detections.isEmpty else {
                someImageWithoutDetections = true
                continue
            }
            // Per image, from the highest score down: the change from the previous step.
            var previous = Step(threshold: .infinity, continuous: 0, discrete: 0, falsePositives: 0)
            for step in steps(image) {
                changes.append(Step(
                    threshold: step.threshold, continuous: step.continuous - previous.continuous,
                    discrete: step.discrete - previous.discrete, falsePositives: step.falsePositives - previous.falsePositives))
                previous = step
            }
        }
        changes.sort { $0.threshold > $1.threshold }
        var points: [Point] = []
        if someImageWithoutDetections {
            points.append(Point(threshold: .greatestFiniteMagnitude, continuousTruePositives: 0, discreteTruePositives: 0, falsePositives: 0))
        }
        // Running sums; the continuous one compensated (Neumaier) so that it carries no
        // rounding error of its own.
        var sum = 0.0, compensation = 0.0, discrete = 0, falsePositives = 0
        var index = 0
        while index < changes.count {
            let threshold = changes[index].threshold
            while index < changes.count, changes[index].threshold == threshold {
                let change = changes[index]
                let total = sum + change.continuous
                compensation += abs(sum) >= abs(change.continuous) ? (sum - total) + change.continuous : (change.continuous - total) + sum
                sum = total
                discrete += change.discrete
                falsePositives += change.falsePositives
                index += 1
            }
            points.append(Point(threshold: threshold, continuousTruePositives: sum + compensation, discreteTruePositives: discrete, falsePositives: falsePositives))
        }
        return Result(faces: faces, points: points.reversed())
    }

    /// The image's results at each distinct score, from the highest down. The matching only
    /// changes when a detection that overlaps some face comes in, so it is recomputed then
    /// only; rows (faces) and columns (detections) keep the toolkit's index order.
    static func steps(_ image: Image) -> [Step] {
        // Non-zero overlaps per detection: (face, overlap).
        let touching: [[(face: Int, overlap: Double)]] = image.detections.map { detection in
            image.faces.indices.compactMap { f in
                let face = image.faces[f]
                let intersection = face.intersectionArea(detection.region)
                guard intersection > 0 else { return nil }
                return (f, Double(intersection) / Double(face.area + detection.region.area - intersection))
            }
        }
        let order = image.detections.indices.sorted { image.detections[$0].score > image.detections[$1].score }
        var steps: [Step] = []
        var relevant: [Int] = []  // valid detections that overlap a face, by index
        var valid = 0
        var continuous = 0.0, discrete = 0
        var position = 0
        while position < order.count {
            let threshold = image.detections[order[position]].score
            var changed = false
            while position < order.count, image.detections[order[position]].score == threshold {
                let d = order[position]
                valid += 1
                if !touching[d].isEmpty {
                    relevant.insert(d, at: relevant.firstIndex { $0 > d } ?? relevant.count)
                    changed = true
                }
                position += 1
            }
            if changed { (continuous, discrete) = match(relevant, touching, faces: image.faces.count) }
            steps.append(Step(threshold: threshold, continuous: continuous, discrete: discrete, falsePositives: valid - discrete))
        }
        return steps
    }

    /// Maximum-overlap matching of the given detections to the faces they overlap: the
    /// matched overlaps' sum and how many exceed 0.5.
    static func match(_ detections: [Int], _ touching: [[(face: Int, overlap: Double)]], faces count: Int) -> (Double, Int) {
        var faceRow = [Int](repeating: -1, count: count)
        for d in detections { for entry in touching[d] { faceRow[entry.face] = 0 } }
        var rows: [Int] = []
        for f in 0..<count where faceRow[f] == 0 {
            faceRow[f] = rows.count
            rows.append(f)
        }
        var weights = [[Double]](repeating: [Double](repeating: 0, count: detections.count), count: rows.count)
        for (column, d) in detections.enumerated() {
            for entry in touching[d] { weights[faceRow[entry.face]][column] = entry.overlap }
        }
        let matched = MaximumWeightMatching.pairs(weights)
        // The toolkit sums the pairs row by row of its (possibly transposed) matrix.
        let ordered = rows.count > detections.count ? matched.sorted { $0.column < $1.column } : matched
        var continuous = 0.0, discrete = 0
        for pair in ordered {
            let overlap = weights[pair.row][pair.column]
            continuous += overlap
            if overlap > 0.5 { discrete += 1 }
        }
        return (continuous, discrete)
    }
}
