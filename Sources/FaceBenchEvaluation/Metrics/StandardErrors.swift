import Foundation
import FaceBenchModel

/// Each statistic's standard error on a weighted set of images, by the infinitesimal
/// jackknife (the nonparametric delta method; Efron 1982, Efron & Tibshirani 1993 §21.3):
/// with θ(w) the statistic on image weights w (every statistic here is unchanged when all
/// weights are scaled, so Σ wᵢ ∂θ/∂wᵢ = 0), se² = Σ wᵢ (∂θ/∂wᵢ)². `ImageBootstrap` divides each
/// resample's deviation by its own standard error (the studentized interval), which is why
/// the error must come from the resample's own images and be cheap: every derivative below
/// is exact and all of them together take a few passes over the ranking.
///
/// - Precision, recall, F1, the miss rate and the mean NME are ratios Σ wX / Σ wY (F1 =
///   2 TP / (TP + FP + faces)): ∂θ/∂wᵢ = (Xᵢ − θ Yᵢ) / Σ wY.
/// - AP50 (VOC): AP = Σₖ (wₖ / F) p̄ₖ over the true positives k in rank order, p̄ₖ the highest
///   precision pⱼ = TPⱼ / (TPⱼ + FPⱼ) at or after k (at j*(k)) and F the faces. Image i's
///   weight moves F (−AP Fᵢ / F), its own true positives' recall steps (Σ p̄ₖ / F over them) and
///   every precision pⱼ whose cumulative counts hold its detections: ∂pⱼ/∂wᵢ = (aᵢⱼ FPⱼ −
///   bᵢⱼ TPⱼ) / (TPⱼ + FPⱼ)², aᵢⱼ and bᵢⱼ its true and false positives ranked up to j. With
///   Cⱼ = Σ wₖ over the k whose envelope is taken at j, the last part is Σ over image i's true
///   positives m of Σ_{j ≥ m} Cⱼ FPⱼ / Nⱼ² / F, less the same over its false positives with TPⱼ:
///   suffix sums, one backward pass.
/// - COCO AP: the mean over its IoU thresholds of the same derivative for each threshold's
///   ranking (ignored detections neither true nor false positives, COCO's counted faces). This
///   is the derivative of the all-point AP there, not of COCO's 101 recall points, whose steps
///   make the exact derivative 0 almost everywhere; the two APs differ by the interpolation.
extension ResamplableResults {
    /// The buffers of `standardErrors`, made once per detector: per detection of the longest
    /// ranking its cumulative true and false positives and its credit Cⱼ; per image its
    /// derivative so far and within one ranking.
    struct ErrorWorkspace {
        var truePositives: [Double]
        var falsePositives: [Double]
        var credits: [Double]
        var derivatives: [Double]
        var rankingDerivatives: [Double]

        init(_ results: ResamplableResults) {
            let longest = max(results.ranked.count, results.cocoImages.count)
            truePositives = [Double](repeating: 0, count: longest)
            falsePositives = truePositives
            credits = truePositives
            derivatives = [Double](repeating: 0, count: results.images)
            rankingDerivatives = derivatives
        }
    }

    /// Each statistic's standard error in the order of `statistics` (NaN where the statistic
    /// or its error is undefined, and for the mean NME without landmarks).
    func standardErrors(weights: UnsafeBufferPointer<Int32>, workspace: inout ErrorWorkspace) -> [Double] {
        var tp = 0.0, fp = 0.0, faceCount = 0.0
        for i in 0..<images {
            let w = Double(weights[i])
            tp += w * Double(truePositives[i])
            fp += w * Double(falsePositives[i])
            faceCount += w * Double(faces[i])
        }
        let precision = tp / (tp + fp), recall = tp / faceCount, f1 = 2 * tp / (tp + fp + faceCount)
        var precisionSquares = 0.0, recallSquares = 0.0, f1Squares = 0.0
        for i in 0..<images where weights[i] != 0 {
            let w = Double(weights[i]), t = Double(truePositives[i]), f = Double(falsePositives[i]), n = Double(faces[i])
            let dp = t - precision * (t + f), dr = t - recall * n, df = 2 * t - f1 * (t + f + n)
            precisionSquares += w * dp * dp
            recallSquares += w * dr * dr
            f1Squares += w * df * df
        }
        let recallError = recallSquares.squareRoot() / faceCount
        var nmeError = Double.nan
        if let nmeSum, let nmeCount {
            var sum = 0.0, count = 0.0
            for i in 0..<images where weights[i] != 0 {
                sum += Double(weights[i]) * nmeSum[i]
                count += Double(weights[i]) * Double(nmeCount[i])
            }
            let mean = sum / count
            var squares = 0.0
            for i in 0..<images where weights[i] != 0 {
                let d = nmeSum[i] - mean * Double(nmeCount[i])
                squares += Double(weights[i]) * d * d
            }
            nmeError = squares.squareRoot() / count
        }
        return [
            averagePrecisionError(weights: weights, workspace: &workspace),
            cocoAveragePrecisionError(weights: weights, workspace: &workspace),
            precisionSquares.squareRoot() / (tp + fp), recallError, f1Squares.squareRoot() / (tp + fp + faceCount), recallError, nmeError,
        ]
    }

    func averagePrecisionError(weights: UnsafeBufferPointer<Int32>, workspace: inout ErrorWorkspace) -> Double {
        clearDerivatives(&workspace)
        faces.withUnsafeBufferPointer { faces in
            Self.addDerivatives(ranked, kindBits: 1, faces: faces, weights: weights, scale: 1, workspace: &workspace)
        }
        return Self.error(workspace.derivatives, weights: weights)
    }

    func cocoAveragePrecisionError(weights: UnsafeBufferPointer<Int32>, workspace: inout ErrorWorkspace) -> Double {
        clearDerivatives(&workspace)
        let scale = 1 / Double(max(cocoRankings.count, 1))
        cocoFaces.withUnsafeBufferPointer { faces in
            for ranking in cocoRankings {
                Self.addDerivatives(ranking, kindBits: 2, faces: faces, weights: weights, scale: scale, workspace: &workspace)
            }
        }
        return Self.error(workspace.derivatives, weights: weights)
    }

    func clearDerivatives(_ workspace: inout ErrorWorkspace) {
        for i in 0..<images { workspace.derivatives[i] = 0 }
    }

    /// √(Σ wᵢ dᵢ²) (NaN when a derivative is: no faces).
    static func error(_ derivatives: [Double], weights: UnsafeBufferPointer<Int32>) -> Double {
        var squares = 0.0
        for (i, d) in derivatives.enumerated() where weights[i] != 0 { squares += Double(weights[i]) * d * d }
        return squares.squareRoot()
    }

    /// Adds `scale` × ∂AP/∂wᵢ of the all-point AP over `ranking` (entries `image << kindBits |
    /// kind`, kind 1 a true positive, 0 a false positive, any other ignored) to each image's
    /// derivative; NaN derivatives when the weighted faces are 0.
    static func addDerivatives(
        _ ranking: [Int32], kindBits: Int32, faces: UnsafeBufferPointer<Int32>, weights: UnsafeBufferPointer<Int32>, scale: Double,
        workspace: inout ErrorWorkspace
    ) {
        var faceCount = 0.0
        for i in 0..<faces.count { faceCount += Double(weights[i]) * Double(faces[i]) }
        let mask = (Int32(1) << kindBits) - 1
        let ap = ranking.withUnsafeBufferPointer { ranking in
            workspace.truePositives.withUnsafeMutableBufferPointer { tps in
                workspace.falsePositives.withUnsafeMutableBufferPointer { fps in
                    workspace.credits.withUnsafeMutableBufferPointer { credits in
                        workspace.rankingDerivatives.withUnsafeMutableBufferPointer { own in
                            for i in 0..<own.count { own[i] = 0 }
                            var tp = 0.0, fp = 0.0
                            for (e, entry) in ranking.enumerated() {
                                let w = Double(weights[Int(entry >> kindBits)]), kind = entry & mask
                                if kind == 1 { tp += w } else if kind == 0 { fp += w }
                                tps[e] = tp
                                fps[e] = fp
                                credits[e] = 0
                            }
                            // The envelope from the end, crediting each true positive's weight to
                            // the detection whose precision it takes.
                            var highest = -1.0, at = 0, weightedSum = 0.0
                            for e in stride(from: ranking.count - 1, through: 0, by: -1) where ranking[e] & mask == 1 {
                                let image = Int(ranking[e] >> kindBits)
                                let w = Double(weights[image])
                                guard w > 0 else { continue }
                                let precision = tps[e] / (tps[e] + fps[e])
                                if precision > highest { highest = precision; at = e }
                                credits[at] += w
                                weightedSum += w * highest
                                own[image] += highest
                            }
                            var hits = 0.0, misses = 0.0
                            for e in stride(from: ranking.count - 1, through: 0, by: -1) {
                                if credits[e] != 0 {
                                    let n = tps[e] + fps[e]
                                    hits += credits[e] * fps[e] / (n * n)
                                    misses += credits[e] * tps[e] / (n * n)
                                }
                                let image = Int(ranking[e] >> kindBits), kind = ranking[e] & mask
                                if kind == 1 { own[image] += hits } else if kind == 0 { own[image] -= misses }
                            }
                            return weightedSum / faceCount
                        }
                    }
                }
            }
        }
        for i in 0..<faces.count {
            workspace.derivatives[i] += scale * (workspace.rankingDerivatives[i] - ap * Double(faces[i])) / faceCount
        }
    }
}
