import FaceBenchModel

/// TIDE's error decomposition (Bolya et al., "TIDE: A General Toolbox for Identifying Object
/// Detection Errors", ECCV 2020) for one class, equal to the `tidecv` 1.0.1 package's
/// `TIDE().evaluate(gt, preds, mode=TIDE.BOX)` step for step:
///
/// - Per image, detections by descending score (equal scores in their given order), the
///   first 100 kept (tidecv's `Data.max_dets`). Each in turn takes the face of highest IoU
///   (pycocotools' box IoU; the first on a tie) among the faces not yet taken, when that IoU
///   is at least the foreground threshold (0.5). An unmatched detection whose crowd IoU
///   (intersection over its own area) with an ignored face exceeds 0.5 is ignored: not in
///   the AP, but still given an error type.
/// - Every unmatched detection gets one error, tested in this order against the IoU with
///   every non-ignored face of its image (matched ones included): **localisation** when the
///   best IoU is in [0.1, 0.5]; **duplicate** when its IoU with a face already matched is at
///   least 0.5; **background** when the best IoU is at most 0.1 (or the image has no face).
///   Classification and "both" errors need a second class and are always 0 here.
/// - A face left unmatched is **missed** unless a localisation error lies on it.
/// - AP is tidecv's: precision made monotone, sampled at the 101 recalls i/100 with
///   `searchsorted(side='left')`, averaged.
/// - dAP of an error type: the AP after fixing every error of that type, minus the AP
///   (clamped at 0). Fixing a localisation error turns the highest-scoring detection on a
///   free face into a true positive and drops the rest; fixing duplicates and background
///   errors drops those detections; fixing a miss removes the face from the count. (tidecv
///   starts the search for the highest score at -1, so with every score at or below -1 it
///   stops with a KeyError; here the highest always wins.) The
///   special errors: **false positives** scores true positives 1 and the rest 0 (perfect
///   precision), **false negatives** removes every unmatched face (perfect recall); neither
///   is clamped. As in tidecv, a fixed set lists the detections with errors first (in the
///   order the errors were found) and the true positives after, which decides ties between
///   equal scores.
public enum TIDEAnalysis {
    public static let standardForegroundThreshold = 0.5
    public static let backgroundThreshold = 0.1
    public static let maxDetections = 100

    public enum ErrorType: String, Sendable, CaseIterable, Codable {
        case localization, duplicate, background, missed
    }

    /// What TIDE made of one detection.
    public struct DetectionLabel: Sendable, Equatable {
        /// Index of the detection in its image's given list.
        public var detection: Int
        /// nil for a true positive.
        public var error: ErrorType?
        /// The best IoU with any non-ignored face of the image (0 when it has none).
        public var iou: Double
        /// The face (index into `Sample.faces`) the detection matched, or that its error
        /// refers to (localisation: the best face; duplicate: the face already taken).
        public var face: Int?
        /// Inside an ignored face: left out of the AP.
        public var ignored: Bool
        /// For a localisation error, the detection's area over its face's: below 1 the
        /// detector draws tighter boxes than the annotation.
        public var areaRatio: Double?
    }

    /// A non-ignored face no detection matched.
    public struct FaceLabel: Sendable, Equatable {
        public var face: Int
        /// `.missed`, or `.localization` when a poorly placed detection lies on it.
        public var error: ErrorType
        /// The best IoU any kept detection has with it.
        public var iou: Double
    }

    public struct ImageLabels: Sendable, Equatable {
        /// Kept detections (at most `maxDetections`) in rank order.
        public var detections: [DetectionLabel]
        public var faces: [FaceLabel]
    }

    public struct Result: Sendable, Equatable {
        public var averagePrecision: Double
        /// dAP per main error type.
        public var deltaAP: [ErrorType: Double]
        public var falsePositivesDeltaAP: Double
        public var falseNegativesDeltaAP: Double
        /// Errors per type, as tidecv counts them (ignored detections included).
        public var counts: [ErrorType: Int]
        /// Per sample, in the given order.
        public var images: [ImageLabels]
    }

    /// One AP data point: a detection's score and whether it counts as a true positive.
    typealias Point = (score: Double, correct: Bool)

    /// An error as tidecv records it: the data point it contributes unfixed and fixed (nil:
    /// none), and for a miss the face count it removes when fixed.
    struct RecordedError {
        var type: ErrorType
        var original: Point?
        /// For localisation errors, resolved after every detection has been seen.
        var fixed: Point?
        var localizationFace: (image: Int, face: Int, detection: Int)?
    }

    /// `detections[i]` are the detections on `samples[i]`, in any order.
    public static func analyse(samples: [Sample], detections: [[Detection]], foregroundThreshold: Double = standardForegroundThreshold) -> Result {
        var points: [Point] = []
        var errors: [RecordedError] = []
        var positives = 0, unmatchedFaces = 0
        var images: [ImageLabels] = []
        images.reserveCapacity(samples.count)
        // Per image and face: the best-scoring localisation error on a free face.
        var bestLocalization: [[Int: (score: Double, detection: Int)]] = []

        for (imageIndex, (sample, found)) in zip(samples, detections).enumerated() {
            let faceIndices = sample.faces.indices.filter { !sample.faces[$0].ignore }
            let ignoredIndices = sample.faces.indices.filter { sample.faces[$0].ignore }
            positives += faceIndices.count
            var labels = ImageLabels(detections: [], faces: [])
            var best: [Int: (score: Double, detection: Int)] = [:]
            defer {
                images.append(labels)
                bestLocalization.append(best)
            }
            guard !found.isEmpty else {
                for f in faceIndices {
                    unmatchedFaces += 1
                    errors.append(RecordedError(type: .missed))
                    labels.faces.append(FaceLabel(face: f, error: .missed, iou: 0))
                }
                continue
            }
            let order = ScoreOrder.descending(found.map(\.score)).prefix(maxDetections).map(Int.init)
            let iou = order.map { d in faceIndices.map { COCOBoxOverlap.iou(found[d].box, sample.faces[$0].box, crowd: false) } }
            // Matching: nil = ignored, true = matched, false = unmatched.
            var used = [Bool?](repeating: false, count: order.count)
            var matchedFace = [Int?](repeating: nil, count: order.count)
            var faceUsed = [Bool](repeating: false, count: faceIndices.count)
            if !faceIndices.isEmpty {
                var available = iou
                for p in order.indices {
                    let g = firstMaximum(available[p])
                    if available[p][g] >= foregroundThreshold {
                        used[p] = true
                        matchedFace[p] = g
                        faceUsed[g] = true
                        for q in order.indices { available[q][g] = 0 }
                    }
                }
            }
            for i in ignoredIndices {
                let region = sample.faces[i].box
                for p in order.indices where used[p] == false {
                    if COCOBoxOverlap.iou(found[order[p]].box, region, crowd: true) > foregroundThreshold { used[p] = nil }
                }
            }
            var faceFixable = [Bool](repeating: false, count: faceIndices.count)
            for (p, d) in order.enumerated() {
                let score = found[d].score
                let bestIoU = iou[p].max() ?? 0
                if let isMatched = used[p] { points.append((score, isMatched)) }
                if used[p] == true {
                    labels.detections.append(DetectionLabel(detection: d, error: nil, iou: bestIoU, face: matchedFace[p].map { faceIndices[$0] }, ignored: false, areaRatio: nil))
                    continue
                }
                let original: Point? = used[p] == nil ? nil : (score, false)
                let type: ErrorType
                var face: Int?
                if faceIndices.isEmpty {
                    type = .background
                } else {
                    let g = firstMaximum(iou[p])
                    let usedIoU = zip(iou[p], faceUsed).map { $1 ? $0 : 0 }
                    let taken = firstMaximum(usedIoU)
                    if iou[p][g] >= backgroundThreshold, iou[p][g] <= foregroundThreshold {
                        type = .localization
                        face = g
                    } else if usedIoU[taken] >= foregroundThreshold {
                        type = .duplicate
                        face = taken
                    } else {
                        // The best IoU is below 0.1 here: above 0.5 the face is either
                        // taken (a duplicate) or would have matched this detection.
                        type = .background
                    }
                }
                var error = RecordedError(type: type, original: original)
                if type == .localization, let g = face, !faceUsed[g] {
                    faceFixable[g] = true
                    if (best[g]?.score ?? -.infinity) < score { best[g] = (score, d) }
                    error.localizationFace = (imageIndex, g, d)
                    error.fixed = (score, true)
                }
                errors.append(error)
                let areaRatio = type == .localization ? face.map { found[d].box.area / sample.faces[faceIndices[$0]].box.area } : nil
                labels.detections.append(DetectionLabel(
                    detection: d, error: type, iou: bestIoU, face: face.map { faceIndices[$0] }, ignored: used[p] == nil, areaRatio: areaRatio))
            }
            for (g, f) in faceIndices.enumerated() where !faceUsed[g] {
                unmatchedFaces += 1
                let faceIoU = iou.map { $0[g] }.max() ?? 0
                if faceFixable[g] {
                    labels.faces.append(FaceLabel(face: f, error: .localization, iou: faceIoU))
                } else {
                    errors.append(RecordedError(type: .missed))
                    labels.faces.append(FaceLabel(face: f, error: .missed, iou: faceIoU))
                }
            }
        }
        // Only the best-scoring localisation error on each free face becomes a true positive.
        for index in errors.indices {
            guard let (image, face, detection) = errors[index].localizationFace else { continue }
            if bestLocalization[image][face]?.detection != detection { errors[index].fixed = nil }
        }

        let truePositives = points.filter(\.correct)
        let base = averagePrecision(points, positives: positives)
        /// The AP with the errors `fixing` selects fixed, scores passed through `transform`.
        func fixed(_ fixing: (RecordedError) -> Bool, positives: Int, transform: (Point) -> Point = { $0 }) -> Double {
            var fixedPoints: [Point] = []
            var count = positives
            for error in errors {
                if fixing(error) {
                    if error.type == .missed { count -= 1 }
                    if let point = error.fixed { fixedPoints.append(transform(point)) }
                } else if let point = error.original {
                    fixedPoints.append(transform(point))
                }
            }
            fixedPoints += truePositives.map(transform)
            return averagePrecision(fixedPoints, positives: count)
        }
        var deltaAP: [ErrorType: Double] = [:]
        var counts: [ErrorType: Int] = [:]
        for type in ErrorType.allCases {
            deltaAP[type] = max(fixed({ $0.type == type }, positives: positives) - base, 0)
            counts[type] = errors.lazy.filter { $0.type == type }.count
        }
        let perfectPrecision = fixed({ _ in false }, positives: positives) { ($0.correct ? 1 : 0, $0.correct) }
        let perfectRecall = fixed({ _ in false }, positives: positives - unmatchedFaces)
        return Result(
            averagePrecision: base, deltaAP: deltaAP, falsePositivesDeltaAP: perfectPrecision - base,
            falseNegativesDeltaAP: perfectRecall - base, counts: counts, images: images)
    }

    /// tidecv's AP: points ranked by descending score (stable), precision made monotone,
    /// sampled at recall i/100 for i = 0…100 (the first point reaching it), averaged.
    static func averagePrecision(_ points: [Point], positives: Int) -> Double {
        guard positives > 0 else { return 0 }
        let order = ScoreOrder.descending(points.map(\.score))
        var precision: [Double] = [], recall: [Double] = []
        precision.reserveCapacity(points.count)
        recall.reserveCapacity(points.count)
        var tp = 0, fp = 0
        for index in order {
            if points[Int(index)].correct { tp += 1 } else { fp += 1 }
            precision.append(Double(tp) / Double(tp + fp))
            recall.append(Double(tp) / Double(positives))
        }
        for i in stride(from: precision.count - 1, to: 0, by: -1) where precision[i] > precision[i - 1] {
            precision[i - 1] = precision[i]
        }
        var sum = 0.0, position = 0
        for level in 0...100 {
            let threshold = Double(level) / 100
            while position < recall.count, recall[position] < threshold { position += 1 }
            if position < recall.count { sum += precision[position] }
        }
        return sum / 101
    }

    /// The index of the first largest value (numpy's `argmax`); 0 for an empty row.
    static func firstMaximum(_ values: [Double]) -> Int {
        var best = 0
        for i in values.indices where values[i] > values[best] { best = i }
        return best
    }
}
