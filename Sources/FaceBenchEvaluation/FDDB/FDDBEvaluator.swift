import FaceBenchModel

/// The `fddb` protocol: FDDB's discrete and continuous ROC as its evaluation toolkit
/// computes them (`FDDBOfficialEvaluation`), for datasets whose faces have ellipses.
///
/// Result: `FDDBResult` (`detectors[].evaluation.fddb`). Regions are clipped to
/// the image when the sample's size is known (from the image or the folds'
/// `FDDB-image-sizes.txt`), as the toolkit's masks are; otherwise only to non-negative
/// coordinates, and `images_without_size` counts those images (the report says which numbers
/// may differ then, and by how much: `FDDBMarkdown.unsizedNote`).
/// Matching uses the overlap itself (the toolkit has no threshold to change), so the IoU
/// option is refused.
public struct FDDBEvaluator: AccuracyEvaluator {
    public let summary = "FDDB discrete and continuous ROC (true positive rate against false positives), as the FDDB toolkit computes them"
    public static let reportedFalsePositives = 1000

    public init() {}

    public func applies(to dataset: Dataset) -> Bool {
        dataset.samples.contains { $0.faces.contains { $0.ellipse != nil } }
    }

    public func evaluate(dataset: Dataset, samples: [Sample], detections: [[Detection]], options: EvaluationOptions) throws -> FDDBResult {
        if let threshold = options.iouThreshold, threshold != EvaluationOptions.standardIoUThreshold {
            throw FaceBenchError.usage("fddb: the toolkit's discrete score counts overlaps above 0.5 and the continuous one uses the overlap itself; --iou \(JSONWriter.format(threshold)) does not apply")
        }
        let result = FDDBOfficialEvaluation.evaluate(try Self.images(dataset: dataset, samples: samples, detections: detections))
        return Self.result(result, images: samples.count, detections: detections.reduce(0) { $0 + $1.count },
                         imagesWithoutSize: samples.filter { $0.width == nil || $0.height == nil }.count)
    }

    /// The protocol's result for an evaluation.
    public static func result(_ result: FDDBOfficialEvaluation.Result, images: Int, detections: Int, imagesWithoutSize: Int) -> FDDBResult {
        let k = reportedFalsePositives
        let points = result.points
        return FDDBResult(
            faces: result.faces, images: images, imagesWithoutSize: imagesWithoutSize, detections: detections,
            discrete: .init(truePositiveRateAt1000: result.truePositiveRate(atFalsePositives: k, continuous: false)),
            continuous: .init(truePositiveRateAt1000: result.truePositiveRate(atFalsePositives: k, continuous: true)),
            roc: .init(
                threshold: points.map(\.threshold), falsePositives: points.map { Double($0.falsePositives) },
                discreteTruePositiveRate: points.map(result.discreteRate), continuousTruePositiveRate: points.map(result.continuousRate)))
    }

    /// The masks of every face (its ellipse) and detection (its ellipse, if read from an
    /// ellipse line, else its box), clipped to the image when its size is known.
    public static func images(dataset: Dataset, samples: [Sample], detections: [[Detection]]) throws -> [FDDBOfficialEvaluation.Image] {
        guard samples.count == detections.count else {
            throw FaceBenchError.invalidDetections(source: "fddb", reason: "\(detections.count) detection lists for \(samples.count) images")
        }
        return try zip(samples, detections).map { sample, found in
            let ellipses = sample.faces.compactMap(\.ellipse) + found.compactMap(\.ellipse)
            let rows = ellipses.reduce(0) { $0 + (FDDBRegions.rows(of: $1, imageHeight: sample.height) ?? 0) }
            guard rows <= FDDBRegions.maximumRowsPerImage else {
                throw FaceBenchError.invalidDetections(
                    source: "fddb", reason: "\(sample.name): its \(ellipses.count) ellipses (faces and detections) cover \(rows) raster rows, more than "
                        + "the \(FDDBRegions.maximumRowsPerImage) drawn per image (FDDBRegions.maximumRowsPerImage)")
            }
            let faces = try sample.faces.enumerated().map { index, face -> PixelRegion in
                guard let ellipse = face.ellipse else {
                    throw FaceBenchError.malformed(path: dataset.root, location: "\(sample.name) face \(index + 1)", reason: "FDDB evaluation needs face ellipses")
                }
                do {
                    return try FDDBRegions.ellipse(ellipse, imageWidth: sample.width, imageHeight: sample.height)
                } catch let error as FDDBRegions.TooLarge {
                    throw FaceBenchError.malformed(path: dataset.root, location: "\(sample.name) face \(index + 1)", reason: error.description)
                }
            }
            let regions = try found.enumerated().map { index, detection -> (region: PixelRegion, score: Double) in
                guard detection.score.isFinite else {
                    throw FaceBenchError.invalidDetections(source: "fddb", reason: "detection \(index + 1) on \(sample.name) has a non-finite score")
                }
                do {
                    return (try FDDBRegions.detection(detection, imageWidth: sample.width, imageHeight: sample.height), detection.score)
                } catch let error as FDDBRegions.TooLarge {
                    throw FaceBenchError.invalidDetections(source: "fddb", reason: "detection \(index + 1) on \(sample.name): \(error.description)")
                }
            }
            return FDDBOfficialEvaluation.Image(faces: faces, detections: regions)
        }
    }
}
