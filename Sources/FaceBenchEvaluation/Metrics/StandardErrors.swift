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
///   suffix sums. A false positive's count is its image's detections less its true positives
///   and ignored ones, so the passes per ranking walk only the weighted true positives and
///   ignored detections (as `cocoAveragePrecision` does), and one backward pass over the
///   whole ranking, shared by COCO's thresholds, takes the detections' part.
/// - COCO AP: the mean over its IoU thresholds of the same derivative for each threshold's
///   ranking (ignored detections neither true nor false positives, COCO's counted faces). This
///   is the derivative of the all-point AP there, not of COCO's 101 recall points, whose steps
///   make the exact derivative 0 almost everywhere; the two APs differ by the interpolation.
extension ResamplableResults {
    /// The buffers of `standardErrors`, made once per detector: the weight of a ranking up to
    /// each detection, and per detection the TPⱼ-part of the derivative's suffix sums placed
    /// there; per weighted true positive or ignored detection (`events`) its entry and
    /// cumulative counts, and per true positive its envelope's credit Cⱼ; per image the
    /// derivative's numerator.
    struct ErrorWorkspace {
        var cumulativeWeights: [Int]
        var losses: [Double]
        var events: [Int32]
        var truePositives: [Int]
        var falsePositives: [Int]
        var credits: [Double]
        var numerators: [Double]

        init(_ results: ResamplableResults) {
            let longest = max(results.rankedImages.count, results.cocoImages.count)
            cumulativeWeights = [Int](repeating: 0, count: longest + 1)
            losses = [Double](repeating: 0, count: longest)
            events = [Int32](repeating: 0, count: longest)
            truePositives = [Int](repeating: 0, count: longest)
            falsePositives = truePositives
            credits = losses
            numerators = [Double](repeating: 0, count: results.images)
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
            Self.averagePrecisionError(
                rankings: [rankedEvents], images: rankedImages, faces: faces, weights: weights, workspace: &workspace),
            Self.averagePrecisionError(
                rankings: cocoEvents, images: cocoImages, faces: cocoFaces, weights: weights, workspace: &workspace),
            precisionSquares.squareRoot() / (tp + fp), recallError, f1Squares.squareRoot() / (tp + fp + faceCount), recallError, nmeError,
        ]
    }

    /// The error of the mean over `rankings` of each one's all-point AP. Every ranking is of
    /// the detections `images` (each one's image, in rank order), given by its true positives
    /// and ignored detections (`position << 1 | isTruePositive`, position into `images`);
    /// `faces` per image. NaN without weighted faces.
    static func averagePrecisionError(
        rankings: [[Int32]], images: [Int32], faces: [Int32], weights: UnsafeBufferPointer<Int32>, workspace: inout ErrorWorkspace
    ) -> Double {
        var faceCount = 0
        for i in 0..<faces.count { faceCount += Int(weights[i]) * Int(faces[i]) }
        guard faceCount > 0 else { return .nan }
        let scale = 1 / Double(max(rankings.count, 1))
        var meanAP = 0.0
        images.withUnsafeBufferPointer { images in
            accumulateWeights(of: images, weights: weights, into: &workspace.cumulativeWeights)
            for i in 0..<workspace.numerators.count { workspace.numerators[i] = 0 }
            for ranking in rankings {
                meanAP += scale * addNumerators(ranking, images: images, scale: scale, workspace: &workspace)
            }
            // Every detection's share of the TPⱼ-parts after it, taken from its image as if it
            // were a false positive (`addNumerators` gave true positives and ignored ones theirs back).
            workspace.losses.withUnsafeMutableBufferPointer { losses in
                workspace.numerators.withUnsafeMutableBufferPointer { numerators in
                    var loss = 0.0
                    for position in stride(from: images.count - 1, through: 0, by: -1) {
                        loss += losses[position]
                        losses[position] = 0
                        numerators[Int(images[position])] -= loss
                    }
                }
            }
        }
        meanAP /= Double(faceCount)
        var squares = 0.0
        for i in 0..<faces.count where weights[i] != 0 {
            let derivative = (workspace.numerators[i] - meanAP * Double(faces[i])) / Double(faceCount)
            squares += Double(weights[i]) * derivative * derivative
        }
        return squares.squareRoot()
    }

    /// Adds `scale` × one ranking's part of each image's numerator F ∂AP/∂wᵢ + AP Fᵢ (its true
    /// positives' envelope values and suffix sums, its ignored detections' TPⱼ-parts), places
    /// the TPⱼ-parts in `workspace.losses` for the pass over every detection, and returns the
    /// ranking's Σ wₖ p̄ₖ (AP × F). The workspace's cumulative weights are the ranking's.
    static func addNumerators(_ ranking: [Int32], images: UnsafeBufferPointer<Int32>, scale: Double, workspace: inout ErrorWorkspace) -> Double {
        ranking.withUnsafeBufferPointer { ranking in
            workspace.cumulativeWeights.withUnsafeBufferPointer { cumulative in
                workspace.events.withUnsafeMutableBufferPointer { events in
                    workspace.truePositives.withUnsafeMutableBufferPointer { tps in
                        workspace.falsePositives.withUnsafeMutableBufferPointer { fps in
                            workspace.credits.withUnsafeMutableBufferPointer { credits in
                                workspace.losses.withUnsafeMutableBufferPointer { losses in
                                    workspace.numerators.withUnsafeMutableBufferPointer { numerators in
                                        // The weighted events with the counts up to each; `seen`
                                        // their weight so far, every other detection a false positive.
                                        // Branch-free (an event of weight 0 is overwritten by the
                                        // next): the weights make a branch unpredictable.
                                        var count = 0, tp = 0, seen = 0
                                        for event in ranking {
                                            let position = Int(event >> 1)
                                            let through = cumulative[position + 1]
                                            let w = through &- cumulative[position]
                                            seen &+= w
                                            tp &+= w & (0 &- Int(event & 1))
                                            events[count] = event
                                            tps[count] = tp
                                            fps[count] = through &- seen
                                            credits[count] = 0
                                            count &+= Int(bitPattern: UInt(bitPattern: 0 &- w) >> 63)
                                        }
                                        // The envelope from the end, crediting each true positive's
                                        // weight to the one whose precision it takes (strictly
                                        // higher replaces: the latest of equal maxima holds); a
                                        // holder's credit is written when the next one takes over.
                                        // tp / n > highest tp / highest n is compared as tp ·
                                        // highest n > highest tp · n where the counts are below 2²⁶:
                                        // exact products, and distinct quotients of such counts
                                        // differ by more than an ulp, so the order is the
                                        // quotients' without a division per true positive.
                                        let crossMultiplied = cumulative[images.count] < 1 << 26
                                        var highest = -1.0, highestTP = -1.0, highestCount = 1.0
                                        var at = 0, credit = 0.0, weightedSum = 0.0
                                        for k in stride(from: count - 1, through: 0, by: -1) where events[k] & 1 == 1 {
                                            let position = Int(events[k] >> 1)
                                            let w = Double(cumulative[position + 1] &- cumulative[position])
                                            let tp = Double(tps[k]), n = Double(tps[k] &+ fps[k])
                                            if crossMultiplied ? tp * highestCount > highestTP * n : tp / n > highest {
                                                credits[at] = credit
                                                highest = tp / n
                                                highestTP = tp
                                                highestCount = n
                                                at = k
                                                credit = 0
                                            }
                                            credit += w
                                            weightedSum += w * highest
                                            numerators[Int(images[position])] += scale * highest
                                        }
                                        if count > 0 { credits[at] = credit }
                                        // The suffix sums, branch-free: an event that holds no
                                        // credit adds 0 (an ignored one before any detection has
                                        // no counts, hence the 1).
                                        var gain = 0.0, loss = 0.0
                                        for k in stride(from: count - 1, through: 0, by: -1) {
                                            let position = Int(events[k] >> 1)
                                            let n = Double(max(tps[k] &+ fps[k], 1))
                                            let share = scale * credits[k] / (n * n)
                                            gain += share * Double(fps[k])
                                            let own = share * Double(tps[k])
                                            loss += own
                                            losses[position] += own
                                            numerators[Int(images[position])] += loss + gain * Double(events[k] & 1)
                                        }
                                        return weightedSum
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
