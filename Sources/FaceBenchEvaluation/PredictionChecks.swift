import FaceBenchModel

/// Checks on a prediction set before it is scored: errors for what no protocol can score,
/// warnings for what scores but probably misleads.
///
/// Errors (`validate`): a non-finite score, or a box with a non-finite coordinate or a
/// width or height that is not positive. Importers report these with file and line; this
/// catches them in detections from anywhere else.
///
/// Warnings (`warnings`), each naming the numbers that triggered it:
/// - pre-thresholded: scores look like probabilities (all in [0, 1]) and none is below
///   0.3, or there are fewer detections than faces — an operating point rather than a
///   ranked list, so AP, AR and ROC curves stop early;
/// - collapsed scores: one distinct value, a spread below 1e-6 of the largest, or at most
///   5 distinct values among 100 or more detections — the ranking is mostly ties, broken
///   by file order;
/// - no detections at all.
public enum PredictionChecks {
    public static let thresholdedBelow = 0.3

    public static func validate(_ detections: [[Detection]], samples: [Sample]) throws {
        for (index, found) in detections.enumerated() {
            for (position, detection) in found.enumerated() {
                let box = detection.box
                guard detection.score.isFinite, box.isWellFormed else {
                    let name = index < samples.count ? samples[index].name : "image \(index)"
                    let problem = !detection.score.isFinite ? "score \(detection.score)" : "box \(box) (needs finite numbers, positive width and height)"
                    throw FaceBenchError.invalidDetections(source: name, reason: "detection \(position) has \(problem)")
                }
            }
        }
    }

    public static func warnings(_ detections: [[Detection]], samples: [Sample]) -> [String] {
        let faces = samples.reduce(0) { $0 + $1.countedFaces }
        var count = 0
        var lowest = Double.infinity, highest = -Double.infinity
        for found in detections {
            for detection in found {
                count += 1
                lowest = min(lowest, detection.score)
                highest = max(highest, detection.score)
            }
        }
        guard count > 0 else { return ["no detections at all: every face counts as missed"] }
        var warnings: [String] = []
        if lowest >= 0, highest <= 1, lowest >= thresholdedBelow, count >= 20 {
            warnings.append(
                "predictions look pre-thresholded: the lowest of \(count) scores is \(Formatting.fixed(lowest, 3)); AP, AR and ROC curves only see what is above it (export detections down to ~0.01)")
        } else if faces > 0, count < faces {
            warnings.append(
                "predictions look pre-thresholded: \(count) detections for \(faces) faces, so recall cannot exceed \(Formatting.percent(Double(count) / Double(faces))); AP needs a ranked list including low-scoring detections")
        }
        var distinct = Set<Double>()
        outer: for found in detections {
            for detection in found {
                distinct.insert(detection.score)
                if distinct.count > 5 { break outer }
            }
        }
        if distinct.count == 1 {
            warnings.append("all \(count) detections have score \(highest): the ranking is arbitrary (file order), so AP depends on it")
        } else if highest - lowest <= 1e-6 * max(1, abs(highest)) {
            warnings.append("collapsed score range: all \(count) scores lie within \(lowest)…\(highest); the ranking is nearly arbitrary")
        } else if count >= 100, distinct.count <= 5 {
            warnings.append("only \(distinct.count) distinct scores among \(count) detections: most of the ranking is ties, broken by file order as the reference tools do")
        }
        return warnings
    }
}
