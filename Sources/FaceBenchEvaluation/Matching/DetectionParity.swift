import FaceBenchModel

/// How closely one detector reproduces another (a reference implementation) on the same
/// images: its boxes are matched one-to-one to the reference's at an IoU threshold
/// (`GreedyMatcher`, the reference's boxes standing in for ground truth), and the matched pairs'
/// boxes and scores compared exactly.
///
/// Contract: `add` accumulates one image; the counts are sums over images. A pair counts as
/// identical when the boxes are equal, and its scores as agreeing when they differ by at most
/// `scoreTolerance` relative to the larger magnitude (at least 1).
public struct DetectionParity: Sendable, Equatable {
    public var iouThreshold: Double
    public var scoreTolerance: Double
    public var images = 0
    public var referenceBoxes = 0
    public var candidateBoxes = 0
    public var matched = 0
    public var identicalBoxes = 0
    public var agreeingScores = 0
    public var largestScoreDifference = 0.0
    /// Names of images where the two differ at all (a box unmatched or not identical).
    public var differingImages: [String] = []

    public init(iouThreshold: Double = 0.9, scoreTolerance: Double = 1e-9) {
        self.iouThreshold = iouThreshold
        self.scoreTolerance = scoreTolerance
    }

    public var unmatchedReference: Int { referenceBoxes - matched }
    public var unmatchedCandidate: Int { candidateBoxes - matched }
    /// Share of the reference's boxes the candidate matched (1 when there were none).
    public var matchedFraction: Double { referenceBoxes == 0 ? 1 : Double(matched) / Double(referenceBoxes) }
    /// Share of the candidate's boxes left unmatched (0 when there were none).
    public var unmatchedCandidateFraction: Double { candidateBoxes == 0 ? 0 : Double(unmatchedCandidate) / Double(candidateBoxes) }

    public mutating func add(image: String, reference: [Detection], candidate: [Detection]) {
        images += 1
        referenceBoxes += reference.count
        candidateBoxes += candidate.count
        let match = GreedyMatcher.match(candidate, to: reference.map { Face(box: $0.box) }, iouThreshold: iouThreshold)
        var identical = 0
        for (r, d) in match.matchedDetection.enumerated() {
            guard let d else { continue }
            matched += 1
            if candidate[d].box == reference[r].box { identical += 1 }
            let a = candidate[d].score, b = reference[r].score
            let difference = abs(a - b)
            largestScoreDifference = max(largestScoreDifference, difference)
            if difference <= scoreTolerance * max(1, abs(a), abs(b)) { agreeingScores += 1 }
        }
        identicalBoxes += identical
        if identical != reference.count || identical != candidate.count { differingImages.append(image) }
    }
}
