import FaceBenchModel
import Foundation

/// Turns BlazeFace's raw outputs into faces as MediaPipe's graph does
/// (TensorsToDetectionsCalculator, then NonMaxSuppressionCalculator with WEIGHTED
/// suppression): offsets decoded against fixed-size anchors and scaled by the input side,
/// logits clipped and passed through a sigmoid, candidates kept above the minimum score,
/// overlapping candidates averaged with their scores as weights. Arithmetic is in Float,
/// like the reference's.
struct BlazeFaceDecoder {
    static let keypointCount = 6
    /// The reference clips logits to ±80 (MediaPipe: ±100) so exp stays finite in Float;
    /// either gives a sigmoid of exactly 1.
    static let logitLimit: Float = 80

    var anchors: [(x: Float, y: Float)]
    var inputSize: Int
    var minScore: Float
    var iouThreshold: Float

    /// A face in the letterboxed square's [0, 1] coordinates: box corners then 6 keypoints.
    struct Candidate {
        var points: [Float]  // xmin, ymin, xmax, ymax, then (x, y) per keypoint
        var score: Float
    }

    func candidates(regressors: [Float], logits: [Float]) -> [Candidate] {
        let scale = Float(inputSize)
        var found: [Candidate] = []
        for (index, anchor) in anchors.enumerated() {
            let logit = min(max(logits[index], -Self.logitLimit), Self.logitLimit)
            let score = 1 / (1 + expf(-logit))
            guard score > minScore else { continue }
            let raw = regressors[(index * 16)..<(index * 16 + 16)].map { $0 / scale }
            let xCentre = raw[0] + anchor.x, yCentre = raw[1] + anchor.y
            let halfWidth = raw[2] / 2, halfHeight = raw[3] / 2
            var points = [xCentre - halfWidth, yCentre - halfHeight, xCentre + halfWidth, yCentre + halfHeight]
            for k in 0..<Self.keypointCount { points += [raw[4 + 2 * k] + anchor.x, raw[5 + 2 * k] + anchor.y] }
            guard points[2] > points[0] && points[3] > points[1] else { continue }
            found.append(Candidate(points: points, score: score))
        }
        return found
    }

    static func overlap(_ a: [Float], _ b: [Float]) -> Float {
        let xMin = max(a[0], b[0]), yMin = max(a[1], b[1]), xMax = min(a[2], b[2]), yMax = min(a[3], b[3])
        guard xMin < xMax && yMin < yMax else { return 0 }
        let intersection = (xMax - xMin) * (yMax - yMin)
        let union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - intersection
        return union > 0 ? intersection / union : 0
    }

    /// Weighted non-maximum suppression: the best remaining candidate takes every remaining
    /// one overlapping it by more than the threshold (itself included) and becomes their
    /// score-weighted mean, keeping its own score.
    func suppress(_ candidates: [Candidate]) -> [Candidate] {
        // Ties (saturated sigmoids are exactly 1) keep anchor order, as the reference's
        // stable sort does: which tied candidate leads decides the merged box.
        var remaining = candidates.indices.sorted { a, b in
            candidates[a].score != candidates[b].score ? candidates[a].score > candidates[b].score : a < b
        }
        var kept: [Candidate] = []
        while let best = remaining.first, candidates[best].score >= minScore {
            let top = candidates[best]
            var merged = [Float](repeating: 0, count: top.points.count)
            var total = 0.0
            var rest: [Int] = []
            for index in remaining {
                let candidate = candidates[index]
                if Self.overlap(candidate.points, top.points) > iouThreshold {
                    total += Double(candidate.score)
                    for k in merged.indices { merged[k] += candidate.points[k] * candidate.score }
                } else {
                    rest.append(index)
                }
            }
            kept.append(Candidate(points: merged.map { Float(Double($0) / total) }, score: top.score))
            remaining = rest
        }
        return kept
    }

    /// The faces in image pixels, the letterbox removed.
    func detections(regressors: [Float], logits: [Float], padX: Double, padY: Double, width: Int, height: Int) -> [Detection] {
        let scaleX = 1 - 2 * padX, scaleY = 1 - 2 * padY
        return suppress(candidates(regressors: regressors, logits: logits)).map { face in
            let p = face.points.enumerated().map { k, v in
                k % 2 == 0 ? (Double(v) - padX) / scaleX * Double(width) : (Double(v) - padY) / scaleY * Double(height)
            }
            let landmarks = (0..<Self.keypointCount).map { Point(x: p[4 + 2 * $0], y: p[5 + 2 * $0]) }
            return Detection(box: Box(x: p[0], y: p[1], width: p[2] - p[0], height: p[3] - p[1]),
                             score: Double(face.score), landmarks: landmarks)
        }
    }
}
