import FaceBenchModel

/// WIDER FACE's evaluation as the Python port computes it (`widerface_evaluate`'s
/// `evaluation.py` with its Cython `bbox_overlaps`, the script RetinaFace, SCRFD and
/// OpenCV's YuNet report with). Same input and result as `WIDEROfficialEvaluation`; what
/// differs from the MATLAB original:
///
/// 1. No sort: each image's predictions are taken in file order, and at each threshold the
///    image contributes everything up to its *last* prediction scoring at least the
///    threshold — including lower-scored predictions listed before it.
/// 2. Scores are normalised over the whole set in double precision, with the maximum
///    starting at 0 and the minimum at 1: scores all above 1 are shifted by 1, not by their
///    own minimum; all-negative scores never reach 1.
/// 3. IoU in double precision with "+1" widths and heights (`x2 = x + w`), no rounding; the
///    first face with the largest IoU is taken.
/// 4. Precision 0/0 is NaN and numpy's `maximum` propagates it through the envelope; NaN
///    only occurs while recall is 0 (no proposal yet), where it changes nothing, so
///    `AveragePrecision.allPoint` gives the port's AP.
///
/// Shared with MATLAB: a prediction matching a face outside the setting's keep list is not
/// a proposal; recall counts kept faces; images with no face or no prediction add only
/// their kept faces; thresholds `1 - t/1000`.
public enum WIDERPythonEvaluation {
    public static func evaluate(
        _ images: [WIDEROfficialEvaluation.Image], settings names: [String], iouThreshold: Double = 0.5
    ) -> WIDEROfficialEvaluation.Result {
        // norm_score: the extremes start from 0 and 1.
        let (allHighest, allLowest, total) = WIDEROfficialEvaluation.scoreExtremes(images)
        let highest = max(0, allHighest), lowest = min(1, allLowest)
        let range = highest - lowest
        let count = WIDEROfficialEvaluation.thresholdCount

        // Per evaluated image: the face each prediction matches (or -1), and the steps of
        // "last prediction at or above the threshold" as the threshold falls.
        struct Evaluated {
            var image: Int
            var matchedFace: [Int]
            var steps: [(threshold: Int, last: Int)]
        }
        var evaluated: [Evaluated] = []
        for (index, image) in images.enumerated() where !image.faces.isEmpty && !image.predictions.isEmpty {
            let matched = image.predictions.map { prediction -> Int in
                var best = -Double.infinity, bestFace = 0
                for (f, face) in image.faces.enumerated() {
                    let overlap = Self.overlap(face, prediction)
                    if overlap > best {
                        best = overlap
                        bestFace = f
                    }
                }
                return best >= iouThreshold ? bestFace : -1
            }
            // Scanning from the end, a prediction is "the last one at or above" from its own
            // threshold bucket until the bucket of the nearest later prediction that clears
            // a stricter threshold.
            var steps: [(threshold: Int, last: Int)] = []
            var earliest = count + 1
            for p in image.predictions.indices.reversed() {
                let bucket = WIDEROfficialEvaluation.thresholdBucket((image.predictions[p].score - lowest) / range)
                if bucket < earliest {
                    steps.append((bucket, p))
                    earliest = bucket
                }
            }
            evaluated.append(Evaluated(image: index, matchedFace: matched, steps: steps.reversed()))
        }

        var results: [WIDEROfficialEvaluation.Setting] = []
        for (s, name) in names.enumerated() {
            var faces = 0
            for image in images {
                for setting in image.easiestSetting where (setting ?? Int.max) <= s { faces += 1 }
            }
            // Changes of the summed counts at each threshold index, summed up afterwards.
            var proposalSteps = [Int](repeating: 0, count: count + 2)
            var recalledSteps = [Int](repeating: 0, count: count + 2)
            for entry in evaluated {
                let image = images[entry.image]
                var state = [Int8](repeating: 0, count: image.faces.count)
                var proposals: [Int] = [], recalled: [Int] = []
                proposals.reserveCapacity(entry.matchedFace.count)
                recalled.reserveCapacity(entry.matchedFace.count)
                var p = 0, r = 0
                for f in entry.matchedFace {
                    if f >= 0, (image.easiestSetting[f] ?? Int.max) > s {
                        state[f] = -1
                    } else {
                        p += 1
                        if f >= 0, state[f] == 0 {
                            state[f] = 1
                            r += 1
                        }
                    }
                    proposals.append(p)
                    recalled.append(r)
                }
                var previousP = 0, previousR = 0
                for step in entry.steps {
                    proposalSteps[step.threshold] += proposals[step.last] - previousP
                    recalledSteps[step.threshold] += recalled[step.last] - previousR
                    previousP = proposals[step.last]
                    previousR = recalled[step.last]
                }
            }
            results.append(WIDEROfficialEvaluation.setting(name, faces: faces, proposals: proposalSteps, recalled: recalledSteps))
        }
        return .init(settings: results, scoreMinimum: lowest, scoreMaximum: highest, predictions: total)
    }

    /// `bbox_overlaps` of one prediction and face in double precision: "+1" sides, 0 when
    /// they do not overlap by at least a "+1" pixel.
    @inline(__always)
    static func overlap(_ face: WIDERBoxOverlap.Face, _ prediction: WIDEROfficialEvaluation.Prediction) -> Double {
        let fx1 = Double(face.x1), fy1 = Double(face.y1), fx2 = Double(face.x2), fy2 = Double(face.y2)
        let px2 = prediction.width + prediction.x, py2 = prediction.height + prediction.y
        let width = min(px2, fx2) - max(prediction.x, fx1) + 1
        guard width > 0 else { return 0 }
        let height = min(py2, fy2) - max(prediction.y, fy1) + 1
        guard height > 0 else { return 0 }
        let faceArea = (fx2 - fx1 + 1) * (fy2 - fy1 + 1)
        let union = (px2 - prediction.x + 1) * (py2 - prediction.y + 1) + faceArea - width * height
        return width * height / union
    }
}
