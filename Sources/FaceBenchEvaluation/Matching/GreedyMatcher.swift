import FaceBenchModel

/// What became of one detection after matching against an image's faces.
public enum MatchOutcome: Hashable, Sendable {
    /// Matched face `face` (an index into the image's faces) with this IoU.
    case truePositive(face: Int, iou: Double)
    case falsePositive
    /// Matched a face marked ignore (or crowd): counted neither way.
    case ignored
}

/// The matching of one image: an outcome per detection (in the detections' own order) and
/// the matched detection per face.
public struct ImageMatch: Sendable, Equatable {
    public var outcomes: [MatchOutcome]
    /// For each face, the index of the detection matched to it, or nil.
    public var matchedDetection: [Int?]

    /// The memberwise initialiser, for the landmark gallery in FaceBenchReports.
    package init(outcomes: [MatchOutcome], matchedDetection: [Int?]) {
        self.outcomes = outcomes
        self.matchedDetection = matchedDetection
    }

    public var truePositives: Int { outcomes.reduce(0) { if case .truePositive = $1 { return $0 + 1 } else { return $0 } } }
    public var falsePositives: Int { outcomes.reduce(0) { $1 == .falsePositive ? $0 + 1 : $0 } }

    /// Detections of faces marked ignore.
    public var ignoredDetections: Int { outcomes.reduce(0) { $1 == .ignored ? $0 + 1 : $0 } }

    /// How many faces no detection matched, ignored faces aside; `faces` are the ones
    /// matched against.
    public func missedFaces(of faces: [Face]) -> Int { missedFaceIndices(of: faces).count }

    /// The indices of those faces.
    public func missedFaceIndices(of faces: [Face]) -> [Int] {
        faces.indices.filter { !faces[$0].ignore && matchedDetection[$0] == nil }
    }
}

/// Greedy one-to-one matching by descending score, the rule of PASCAL VOC and COCO.
///
/// Detections are visited from the highest score down (ties keep their given order, so the
/// result does not depend on anything but the input). Each takes the unmatched, not-ignored
/// face it overlaps most, if that IoU reaches the threshold: a true positive. Failing that,
/// a detection overlapping an ignored face at the threshold is ignored; otherwise it is a
/// false positive — including a second detection of an already matched face.
public enum GreedyMatcher {
    /// The IoU of `box` with the face it overlaps most, ignored faces aside: what a drawing
    /// or a listing shows beside a detection, matched or not.
    public static func bestIoU(of box: Box, among faces: [Face]) -> Double {
        faces.filter { !$0.ignore }.map { $0.box.iou(box) }.max() ?? 0
    }

    public static func match(_ detections: [Detection], to faces: [Face], iouThreshold: Double = 0.5) -> ImageMatch {
        var outcomes = [MatchOutcome](repeating: .falsePositive, count: detections.count)
        var matchedDetection = [Int?](repeating: nil, count: faces.count)
        let order = detections.indices.sorted { a, b in
            detections[a].score != detections[b].score ? detections[a].score > detections[b].score : a < b
        }
        for d in order {
            let box = detections[d].box
            var best = -1
            var bestIoU = iouThreshold
            var overlapsIgnored = false
            for f in faces.indices {
                let iou = box.iou(faces[f].box)
                guard iou >= iouThreshold else { continue }
                if faces[f].ignore {
                    overlapsIgnored = true
                } else if matchedDetection[f] == nil, iou >= bestIoU, best < 0 || iou > bestIoU {
                    best = f
                    bestIoU = iou
                }
            }
            if best >= 0 {
                outcomes[d] = .truePositive(face: best, iou: bestIoU)
                matchedDetection[best] = d
            } else if overlapsIgnored {
                outcomes[d] = .ignored
            }
        }
        return ImageMatch(outcomes: outcomes, matchedDetection: matchedDetection)
    }
}
