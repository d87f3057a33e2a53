import FaceBenchModel

/// The `fddb` protocol: FDDB's discrete and continuous ROC as its evaluation toolkit
/// computes them (`FDDBOfficialEvaluation`), for datasets whose faces have ellipses.
///
/// Result (`detectors[].evaluation.fddb`): `faces`, `images`, `detections`; `discrete` and
/// `continuous`, each with `tpr_at_1000_fp` (the best true-positive rate with at most 1000
/// false positives); and `roc` with the toolkit's points in its order (ascending threshold):
/// `threshold`, `false_positives`, `discrete_tpr`, `continuous_tpr`. Regions are clipped to
/// the image when the sample's size is known (from the image or the folds'
/// `FDDB-image-sizes.txt`), as the toolkit's masks are; otherwise only to non-negative
/// coordinates, and `images_without_size` counts those images (the Markdown says which numbers
/// may differ then, and by how much).
/// Matching uses the overlap itself (the toolkit has no threshold to change), so the IoU
/// option is refused.
public struct FDDBEvaluator: AccuracyEvaluator {
    public let name = "fddb"
    public let summary = "FDDB discrete and continuous ROC (true positive rate against false positives), as the FDDB toolkit computes them"
    public static let reportedFalsePositives = 1000

    public init() {}

    public func applies(to dataset: Dataset) -> Bool {
        dataset.samples.contains { $0.faces.contains { $0.ellipse != nil } }
    }

    public func evaluate(dataset: Dataset, samples: [Sample], detections: [[Detection]], options: EvaluationOptions) throws -> JSONValue {
        if let threshold = options.iouThreshold {
            throw FaceBenchError.usage("fddb: the toolkit's discrete score counts overlaps above 0.5 and the continuous one uses the overlap itself; --iou \(JSONWriter.format(threshold)) does not apply")
        }
        let result = FDDBOfficialEvaluation.evaluate(try Self.images(dataset: dataset, samples: samples, detections: detections))
        return Self.json(result, images: samples.count, detections: detections.reduce(0) { $0 + $1.count },
                         imagesWithoutSize: samples.filter { $0.width == nil || $0.height == nil }.count)
    }

    /// The protocol's result object for an evaluation.
    public static func json(_ result: FDDBOfficialEvaluation.Result, images: Int, detections: Int, imagesWithoutSize: Int) -> JSONValue {
        let k = reportedFalsePositives
        let points = result.points
        return .object([
            "faces": JSONValue(result.faces),
            "images": JSONValue(images),
            "images_without_size": JSONValue(imagesWithoutSize),
            "detections": JSONValue(detections),
            "discrete": .object(["tpr_at_1000_fp": JSONValue(result.truePositiveRate(atFalsePositives: k, continuous: false))]),
            "continuous": .object(["tpr_at_1000_fp": JSONValue(result.truePositiveRate(atFalsePositives: k, continuous: true))]),
            "roc": .object([
                "threshold": JSONValue(points.map(\.threshold)),
                "false_positives": JSONValue(points.map { Double($0.falsePositives) }),
                "discrete_tpr": JSONValue(points.map(result.discreteRate)),
                "continuous_tpr": JSONValue(points.map(result.continuousRate)),
            ]),
        ])
    }

    /// The masks of every face (its ellipse) and detection (its ellipse, if read from an
    /// ellipse line, else its box), clipped to the image when its size is known.
    public static func images(dataset: Dataset, samples: [Sample], detections: [[Detection]]) throws -> [FDDBOfficialEvaluation.Image] {
        guard samples.count == detections.count else {
            throw FaceBenchError.failed("fddb: \(detections.count) detection lists for \(samples.count) images")
        }
        return try zip(samples, detections).map { sample, found in
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
                    throw FaceBenchError.failed("fddb: detection \(index + 1) on \(sample.name) has a non-finite score")
                }
                do {
                    return (try FDDBRegions.detection(detection, imageWidth: sample.width, imageHeight: sample.height), detection.score)
                } catch let error as FDDBRegions.TooLarge {
                    throw FaceBenchError.failed("fddb: detection \(index + 1) on \(sample.name): \(error.description)")
                }
            }
            return FDDBOfficialEvaluation.Image(faces: faces, detections: regions)
        }
    }

    public func markdown(_ results: [(detector: String, result: JSONValue)]) -> String {
        var table = MarkdownTable(headers: ["Detector", "Discrete TPR @1000 FP", "Continuous TPR @1000 FP", "Detections"])
        for (detector, result) in results {
            table.add([
                detector, Formatting.fixed(result["discrete"]?["tpr_at_1000_fp"]?.double, 4),
                Formatting.fixed(result["continuous"]?["tpr_at_1000_fp"]?.double, 4), result["detections"]?.int.map(String.init) ?? "–",
            ])
        }
        var text = "FDDB ROC (FDDB toolkit semantics)\n\n" + table.text
        if let unsized = results.compactMap({ $0.result["images_without_size"]?.int }).max(), unsized > 0 {
            let images = results.compactMap { $0.result["images"]?.int }.max() ?? 0
            text += "\n" + Self.unsizedNote(unsized, of: images) + "\n"
        }
        return text
    }

    /// What an evaluation without image sizes says about its numbers. The figures are those of
    /// FDDBImageSizesTests' synthetic FDDB-like images (docs/evaluation.md, "FDDB without images").
    public static func unsizedNote(_ unsized: Int, of images: Int) -> String {
        "\(unsized) of \(images) images have no known size (neither the image nor FDDB-image-sizes.txt is there): their regions "
            + "are clipped at the left and top border only, so faces and detections crossing the right or bottom border overlap "
            + "differently than in FDDB's toolkit. Both TPRs may differ, the continuous one most: on synthetic FDDB-like images "
            + "with a third of the faces at those borders, discrete TPR moved by less than 0.01 and continuous TPR by 0.019 "
            + "(docs/evaluation.md). "
            + "Write the sizes once from the images with `facebench fddb-sizes`."
    }
}
