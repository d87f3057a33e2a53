import FaceBenchModel

/// COCO's bbox evaluation of one category (pycocotools' `COCOeval.evaluate()` and
/// `accumulate()`), computing the same floats from the same input.
///
/// The semantics are pycocotools', step for step:
/// - per image, detections ranked by score (stable: file order breaks ties) and cut to the
///   last `maxDetections`; IoU as `maskUtils.iou` computes it for boxes (for a crowd face,
///   intersection over the detection's area);
/// - per size range, faces that are crowd or outside the range are ignored and ranked after
///   the others; each detection, best score first, takes the unmatched face of highest IoU
///   (a crowd face may be taken again), never trading a counted face for an ignored one; a
///   detection of an ignored face, or an unmatched one outside the range, is ignored;
/// - per IoU threshold, range and max-detections, all images' detections are ranked by
///   score (stable, image by image), precision is made monotone, and sampled at the recall
///   thresholds with numpy's `searchsorted(side='left')`; recall is the final recall.
///   Where no face counts, precision and recall are -1.
///
/// It differs only in how the work is done: the scores are ranked once for everything,
/// only face–detection pairs that reach the lowest IoU threshold are kept, and precision is
/// computed only where recall changes (the only places the sampled envelope can come from),
/// which gives the same numbers without pycocotools' per-detection arrays.
public enum COCOEvaluation {
    /// Faces and detections image by image, in evaluation order (pycocotools orders images
    /// by id; the order breaks score ties between images).
    public struct Input: Sendable {
        public private(set) var faceBoxes: [Box] = []
        /// The annotation's `area` (pycocotools uses it, not the box, for size ranges).
        public private(set) var faceAreas: [Double] = []
        public private(set) var faceCrowd: [Bool] = []
        /// Faces counted neither way in every size range: crowd faces for COCO itself.
        public private(set) var faceIgnored: [Bool] = []
        /// Faces of image `i` are `faceStart[i]..<faceStart[i + 1]`.
        public private(set) var faceStart: [Int] = [0]
        public private(set) var detectionBoxes: [Box] = []
        public private(set) var detectionScores: [Double] = []
        public private(set) var detectionStart: [Int] = [0]

        public init() {}

        public var imageCount: Int { faceStart.count - 1 }

        public mutating func reserve(images: Int, faces: Int, detections: Int) {
            faceBoxes.reserveCapacity(faces)
            faceAreas.reserveCapacity(faces)
            faceCrowd.reserveCapacity(faces)
            faceIgnored.reserveCapacity(faces)
            faceStart.reserveCapacity(images + 1)
            detectionBoxes.reserveCapacity(detections)
            detectionScores.reserveCapacity(detections)
            detectionStart.reserveCapacity(images + 1)
        }

        /// A crowd face is always ignored, and may absorb several detections with IoU taken
        /// over the detection's area; `ignored` ignores a face with ordinary matching.
        public mutating func addFace(_ box: Box, area: Double, crowd: Bool, ignored: Bool = false) {
            faceBoxes.append(box)
            faceAreas.append(area)
            faceCrowd.append(crowd)
            faceIgnored.append(crowd || ignored)
        }

        public mutating func addDetection(_ box: Box, score: Double) {
            detectionBoxes.append(box)
            detectionScores.append(score)
        }

        /// Closes the current image: faces and detections added since the last call are its.
        public mutating func endImage() {
            faceStart.append(faceBoxes.count)
            detectionStart.append(detectionBoxes.count)
        }
    }

    /// pycocotools' `eval['precision']` and `eval['recall']` for the one category.
    public struct Result: Sendable {
        public let parameters: COCOParameters
        /// Indexed `[iou][recall][range][maxDetections]`, -1 where no face counts.
        public let precision: [Double]
        /// Indexed `[iou][range][maxDetections]`, -1 where no face counts.
        public let recall: [Double]

        public func precision(iou: Int, recall r: Int, range: Int, maxDetections m: Int) -> Double {
            let p = parameters
            return precision[((iou * p.recallThresholds.count + r) * p.ranges.count + range) * p.maxDetections.count + m]
        }

        public func recall(iou: Int, range: Int, maxDetections m: Int) -> Double {
            recall[(iou * parameters.ranges.count + range) * parameters.maxDetections.count + m]
        }

        /// The mean precision over recall levels (and over IoU thresholds when `iou` is nil),
        /// skipping the -1 entries: `_summarize(ap=1)`; -1 when nothing is defined.
        public func averagePrecision(iou: Int? = nil, range: Int, maxDetections m: Int) -> Double {
            var sum = 0.0, count = 0
            for t in iou.map({ [$0] }) ?? Array(parameters.iouThresholds.indices) {
                for r in parameters.recallThresholds.indices {
                    let value = precision(iou: t, recall: r, range: range, maxDetections: m)
                    if value > -1 {
                        sum += value
                        count += 1
                    }
                }
            }
            return count > 0 ? sum / Double(count) : -1
        }

        /// The mean recall over IoU thresholds (or at one), skipping -1: `_summarize(ap=0)`.
        public func averageRecall(iou: Int? = nil, range: Int, maxDetections m: Int) -> Double {
            var sum = 0.0, count = 0
            for t in iou.map({ [$0] }) ?? Array(parameters.iouThresholds.indices) {
                let value = recall(iou: t, range: range, maxDetections: m)
                if value > -1 {
                    sum += value
                    count += 1
                }
            }
            return count > 0 ? sum / Double(count) : -1
        }
    }

    public static func evaluate(_ input: Input, parameters: COCOParameters) -> Result {
        let kept = KeptDetections(input, maxDetections: parameters.maxDetections.last!)
        let candidates = Candidates(input, kept: kept, lowestThreshold: min(parameters.iouThresholds.min()!, 1 - 1e-10))
        let outcomes = Outcomes(input, kept: kept, candidates: candidates, parameters: parameters)
        return accumulate(kept: kept, outcomes: outcomes, parameters: parameters)
    }

    /// The matching of size range 0 (all faces) at the last maxDets, for resampling images
    /// (`ResamplableResults`): per kept detection in rank order its image and its
    /// true-positive and ignored bits (one per IoU threshold); each image's counted faces.
    static func ranking(_ input: Input, parameters: COCOParameters) -> (image: [Int32], truePositive: [UInt32], ignored: [UInt32], countedFaces: [Int]) {
        var allRange = parameters
        allRange.ranges = [parameters.ranges[0]]
        let kept = KeptDetections(input, maxDetections: parameters.maxDetections.last!)
        let candidates = Candidates(input, kept: kept, lowestThreshold: min(parameters.iouThresholds.min()!, 1 - 1e-10))
        let outcomes = Outcomes(input, kept: kept, candidates: candidates, parameters: allRange)
        var image = [Int32](repeating: 0, count: kept.count)
        for i in 0..<input.imageCount {
            for member in kept.start[i]..<kept.start[i + 1] { image[Int(kept.position[member])] = Int32(i) }
        }
        let range = allRange.ranges[0]
        let countedFaces = (0..<input.imageCount).map { i in
            (input.faceStart[i]..<input.faceStart[i + 1]).filter { g in
                let measure = range.measure == .area ? input.faceAreas[g] : input.faceBoxes[g].height
                return !(input.faceIgnored[g] || range.excludes(measure))
            }.count
        }
        return (image, outcomes.truePositive, outcomes.ignored, countedFaces)
    }

    /// Each image's detections ranked by score and cut to `maxDetections`. Kept detections
    /// are numbered by their position `p` in the ranking across all images (score, then
    /// image, then rank: the order `accumulate()` sorts into), and listed image by image in
    /// rank order as "members" `j`.
    struct KeptDetections {
        /// Per position: the detection's rank in its image, and its size for the ranges.
        var rank: [Int32] = []
        var area: [Double] = []
        var height: [Double] = []
        /// Members of image `i` are `start[i]..<start[i + 1]`: their boxes and positions.
        var start: [Int] = []
        var box: [Box] = []
        var position: [Int32] = []

        var count: Int { rank.count }

        init(_ input: Input, maxDetections: Int) {
            let images = input.imageCount
            // One stable ranking of everything gives both the per-image ranks and the
            // order across images (image order, then file order within an image).
            let order = ScoreOrder.descending(input.detectionScores)
            var imageOf = [Int32](repeating: 0, count: input.detectionScores.count)
            start = [Int](repeating: 0, count: images + 1)
            for image in 0..<images {
                let first = input.detectionStart[image], end = input.detectionStart[image + 1]
                for d in first..<end { imageOf[d] = Int32(image) }
                start[image + 1] = start[image] + Swift.min(maxDetections, end - first)
            }
            let keptCount = start[images]
            var nextRank = [Int32](repeating: 0, count: images)
            var memberSource = [Int32](repeating: 0, count: keptCount)
            position = [Int32](repeating: 0, count: keptCount)
            rank = []
            rank.reserveCapacity(keptCount)
            for d in order {
                let image = Int(imageOf[Int(d)])
                let r = nextRank[image]
                guard Int(r) < maxDetections else { continue }
                nextRank[image] = r + 1
                let member = start[image] + Int(r)
                memberSource[member] = d
                position[member] = Int32(rank.count)
                rank.append(r)
            }
            box = memberSource.map { input.detectionBoxes[Int($0)] }
            area = [Double](repeating: 0, count: keptCount)
            height = [Double](repeating: 0, count: keptCount)
            for member in 0..<keptCount {
                let b = box[member]
                let p = Int(position[member])
                area[p] = b.width * b.height  // loadRes: bb[2] * bb[3]
                height[p] = b.height
            }
        }
    }

    /// For each kept detection (by member), the faces of its image it overlaps at the
    /// lowest IoU threshold or more, with the IoU: no other pair can ever match.
    struct Candidates {
        /// Candidates of member `j` are `start[j]..<start[j + 1]`.
        var start: [Int] = []
        /// Face index within the image.
        var face: [Int32] = []
        var iou: [Double] = []
        /// By position: whether the detection has any candidate.
        var any: [Bool] = []

        init(_ input: Input, kept: KeptDetections, lowestThreshold: Double) {
            start = [Int](repeating: 0, count: kept.count + 1)
            any = [Bool](repeating: false, count: kept.count)
            face.reserveCapacity(kept.count / 4)
            iou.reserveCapacity(kept.count / 4)
            input.faceBoxes.withUnsafeBufferPointer { faceBoxes in
                input.faceCrowd.withUnsafeBufferPointer { faceCrowd in
                    kept.box.withUnsafeBufferPointer { boxes in
                        for image in 0..<input.imageCount {
                            let faces = input.faceStart[image]..<input.faceStart[image + 1]
                            for j in kept.start[image]..<kept.start[image + 1] {
                                let d = boxes[j]
                                for g in faces {
                                    let overlap = COCOBoxOverlap.iou(d, faceBoxes[g], crowd: faceCrowd[g])
                                    if overlap >= lowestThreshold {
                                        face.append(Int32(g - faces.lowerBound))
                                        iou.append(overlap)
                                    }
                                }
                                start[j + 1] = face.count
                                if start[j + 1] > start[j] { any[Int(kept.position[j])] = true }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The matching's outcome per size range and kept detection (by position), one bit per
    /// IoU threshold.
    struct Outcomes {
        /// `[range * kept + p]`: bit t set when the detection is a true positive at threshold t.
        var truePositive: [UInt32]
        /// The same for detections counted neither way.
        var ignored: [UInt32]
        /// Faces that count (not ignored) per range.
        var countedFaces: [Int] = []

        init(_ input: Input, kept: KeptDetections, candidates: Candidates, parameters: COCOParameters) {
            let keptCount = kept.count
            let thresholds = parameters.iouThresholds.map { Swift.min($0, 1 - 1e-10) }
            let allThresholds: UInt32 = thresholds.count == 32 ? ~0 : (1 << UInt32(thresholds.count)) - 1
            var truePositive = [UInt32](repeating: 0, count: parameters.ranges.count * keptCount)
            var ignored = [UInt32](repeating: 0, count: parameters.ranges.count * keptCount)
            let faceCount = input.faceBoxes.count
            var faceIgnored = [Bool](repeating: false, count: faceCount)
            // Position of each face in its image once ignored faces are moved last (stable).
            var rankOfFace = [Int32](repeating: 0, count: faceCount)
            // Bit t of `matchedAt[g]` says face g is matched at threshold t (reset per image).
            var matchedAt = [UInt32](repeating: 0, count: faceCount)
            var order: [(rank: Int32, face: Int32, iou: Double)] = []
            for (rangeIndex, range) in parameters.ranges.enumerated() {
                var counted = 0
                for g in 0..<faceCount {
                    let measure = range.measure == .area ? input.faceAreas[g] : input.faceBoxes[g].height
                    faceIgnored[g] = input.faceIgnored[g] || range.excludes(measure)
                    if !faceIgnored[g] { counted += 1 }
                }
                countedFaces.append(counted)
                let base = rangeIndex * keptCount
                // Detections overlapping no face: ignored when outside the range, else false.
                let measures = range.measure == .area ? kept.area : kept.height
                measures.withUnsafeBufferPointer { measures in
                    candidates.any.withUnsafeBufferPointer { any in
                        ignored.withUnsafeMutableBufferPointer { ignored in
                            for p in 0..<keptCount where !any[p] && range.excludes(measures[p]) {
                                ignored[base + p] = allThresholds
                            }
                        }
                    }
                }
                for image in 0..<input.imageCount {
                    let members = kept.start[image]..<kept.start[image + 1]
                    guard candidates.start[members.upperBound] > candidates.start[members.lowerBound] else { continue }
                    let first = input.faceStart[image]
                    let faces = first..<input.faceStart[image + 1]
                    var next: Int32 = 0
                    for g in faces where !faceIgnored[g] {
                        rankOfFace[g] = next
                        next += 1
                    }
                    for g in faces where faceIgnored[g] {
                        rankOfFace[g] = next
                        next += 1
                    }
                    for g in faces { matchedAt[g] = 0 }
                    for j in members {
                        let candidateRange = candidates.start[j]..<candidates.start[j + 1]
                        guard !candidateRange.isEmpty else { continue }
                        let p = Int(kept.position[j])
                        let b = kept.box[j]
                        let outside = range.excludes(range.measure == .area ? b.width * b.height : b.height)
                        order.removeAll(keepingCapacity: true)
                        for c in candidateRange {
                            let face = candidates.face[c]
                            order.append((rankOfFace[first + Int(face)], face, candidates.iou[c]))
                        }
                        if order.count > 1 { order.sort { $0.rank < $1.rank } }
                        var tpBits: UInt32 = 0, ignoredBits: UInt32 = 0
                        for (t, threshold) in thresholds.enumerated() {
                            let bit: UInt32 = 1 << UInt32(t)
                            var best = -1
                            var bestIoU = threshold
                            var bestIgnored = false
                            for candidate in order {
                                let g = first + Int(candidate.face)
                                if matchedAt[g] & bit != 0 && !input.faceCrowd[g] { continue }
                                if best >= 0 && !bestIgnored && faceIgnored[g] { break }
                                if candidate.iou < bestIoU { continue }
                                bestIoU = candidate.iou
                                best = g
                                bestIgnored = faceIgnored[g]
                            }
                            if best >= 0 {
                                matchedAt[best] |= bit
                                if bestIgnored { ignoredBits |= bit } else { tpBits |= bit }
                            } else if outside {
                                ignoredBits |= bit
                            }
                        }
                        truePositive[base + p] = tpBits
                        ignored[base + p] = ignoredBits
                    }
                }
            }
            self.truePositive = truePositive
            self.ignored = ignored
        }
    }

    static func accumulate(kept: KeptDetections, outcomes: Outcomes, parameters: COCOParameters) -> Result {
        let thresholdCount = parameters.iouThresholds.count
        let recallCount = parameters.recallThresholds.count
        let rangeCount = parameters.ranges.count
        let maxCount = parameters.maxDetections.count
        let keptCount = kept.count
        var precision = [Double](repeating: -1, count: thresholdCount * recallCount * rangeCount * maxCount)
        var recall = [Double](repeating: -1, count: thresholdCount * rangeCount * maxCount)
        let spacing = Double.ulpOfOne  // np.spacing(1)
        // False positives seen before each true positive, per threshold.
        var falseBeforeHit = [[Int32]](repeating: [], count: thresholdCount)
        var falseCount = [Int](repeating: 0, count: thresholdCount)
        var envelope: [Double] = []
        // Positions of the detections each max-detections value keeps, in ranking order:
        // the small values walk only their few detections.
        let keptPositions: [[Int32]] = parameters.maxDetections.map { maxDetections in
            let limit = Int32(clamping: maxDetections)
            return kept.rank.indices.compactMap { kept.rank[$0] < limit ? Int32($0) : nil }
        }
        let allThresholds: UInt32 = thresholdCount == 32 ? ~0 : (1 << UInt32(thresholdCount)) - 1
        for range in 0..<rangeCount {
            let counted = outcomes.countedFaces[range]
            guard counted > 0 else { continue }
            let base = range * keptCount
            for m in parameters.maxDetections.indices {
                for t in 0..<thresholdCount {
                    falseBeforeHit[t].removeAll(keepingCapacity: true)
                    falseCount[t] = 0
                }
                // Detections that are false positives at every threshold (most of them)
                // bump one shared counter; those ignored at every threshold are skipped.
                var falseAtAll = 0
                keptPositions[m].withUnsafeBufferPointer { positions in
                    outcomes.truePositive.withUnsafeBufferPointer { truePositive in
                        outcomes.ignored.withUnsafeBufferPointer { ignored in
                            for p in positions {
                                let p = Int(p)
                                let hits = truePositive[base + p]
                                let skipped = ignored[base + p]
                                if hits | skipped == 0 {
                                    falseAtAll += 1
                                    continue
                                }
                                if skipped == allThresholds { continue }
                                for t in 0..<thresholdCount {
                                    let bit: UInt32 = 1 << UInt32(t)
                                    if skipped & bit != 0 { continue }
                                    if hits & bit != 0 {
                                        falseBeforeHit[t].append(Int32(falseCount[t] + falseAtAll))
                                    } else {
                                        falseCount[t] += 1
                                    }
                                }
                            }
                        }
                    }
                }
                for t in 0..<thresholdCount {
                    let hits = falseBeforeHit[t]
                    recall[(t * rangeCount + range) * maxCount + m] = Double(hits.count) / Double(counted)
                    // Precision after the k-th hit, made non-increasing from the end.
                    envelope.removeAll(keepingCapacity: true)
                    for (index, falses) in hits.enumerated() {
                        let tp = Double(index + 1)
                        envelope.append(tp / (Double(falses) + tp + spacing))
                    }
                    var index = envelope.count - 1
                    while index > 0 {
                        if envelope[index] > envelope[index - 1] { envelope[index - 1] = envelope[index] }
                        index -= 1
                    }
                    // For each recall level, the first hit whose recall reaches it.
                    var hit = 0
                    for (r, level) in parameters.recallThresholds.enumerated() {
                        while hit < envelope.count, Double(hit + 1) / Double(counted) < level { hit += 1 }
                        let slot = ((t * recallCount + r) * rangeCount + range) * maxCount + m
                        if level <= 0 {
                            // Recall 0 is reached before the first detection.
                            precision[slot] = envelope.first ?? 0
                        } else {
                            precision[slot] = hit < envelope.count ? envelope[hit] : 0
                        }
                    }
                }
            }
        }
        return Result(parameters: parameters, precision: precision, recall: recall)
    }
}
