import FaceBenchModel

/// The `wider` protocol: easy, medium and hard AP exactly as WIDER FACE's official MATLAB
/// evaluation computes them (`WIDEROfficialEvaluation`), or as its Python port does
/// (`WIDERPythonEvaluation`, `EvaluationOptions.widerFlavor`), for datasets whose faces
/// carry the official difficulty subsets (`WIDERFaceLoader`'s `difficulty` attribute).
///
/// Result: `WIDERResult` (`detectors[].evaluation.wider`). Only IoU
/// 0.5 is accepted: the MATLAB arithmetic rounds every overlap to 0 or 1, and both tools
/// are only ever run at 0.5, so other thresholds are refused rather than silently ignored.
public struct WIDEREvaluator: AccuracyEvaluator {
    public let summary = "WIDER FACE easy/medium/hard AP, bit-exact with the official MATLAB evaluation or (--wider-flavor python) equal to its Python port (IoU 0.5)"

    /// The official difficulty settings, easiest first.
    public static let settings = WIDERDifficulty.allCases.map(\.rawValue)

    public init() {}

    public func applies(to dataset: Dataset) -> Bool {
        dataset.samples.contains { $0.faces.contains { $0.widerDifficulty != nil } }
    }

    public func evaluate(dataset: Dataset, samples: [Sample], detections: [[Detection]], options: EvaluationOptions) throws -> WIDERResult {
        if let threshold = options.iouThreshold, threshold != 0.5 {
            throw FaceBenchError.usage(
                "wider: the official evaluation is defined at IoU 0.5 only (its int32 arithmetic rounds every overlap to 0 or 1); got \(JSONWriter.format(threshold))")
        }
        let images = try Self.images(dataset: dataset, samples: samples, detections: detections)
        let result = switch options.widerFlavor {
        case .matlab: WIDEROfficialEvaluation.evaluate(images, settings: Self.settings)
        case .python: WIDERPythonEvaluation.evaluate(images, settings: Self.settings)
        }
        let thresholds = (1...WIDEROfficialEvaluation.thresholdCount).map { 1 - Double($0) / Double(WIDEROfficialEvaluation.thresholdCount) }
        // NaN (no face kept, nothing proposed) is the tools' undefined value: null in results.
        func defined(_ value: Double) -> Double? { value.isFinite ? value : nil }
        return WIDERResult(
            flavor: options.widerFlavor, images: samples.count, predictions: result.predictions,
            scoreNormalisation: .init(min: result.scoreMinimum, max: result.scoreMaximum),
            settings: result.settings.map { setting in
                (setting.name, .init(
                    averagePrecision: defined(setting.averagePrecision), faces: setting.faces, threshold: thresholds,
                    precision: setting.precision.map(defined), recall: setting.recall.map(defined)))
            })
    }

    /// The protocol's input: integer ground truth with each face's easiest setting, and the
    /// detections in their given order. Throws for non-integer boxes or non-finite
    /// detections, naming the sample.
    public static func images(dataset: Dataset, samples: [Sample], detections: [[Detection]]) throws -> [WIDEROfficialEvaluation.Image] {
        guard samples.count == detections.count else {
            throw FaceBenchError.invalidDetections(source: "wider", reason: "\(detections.count) detection lists for \(samples.count) images")
        }
        var images: [WIDEROfficialEvaluation.Image] = []
        images.reserveCapacity(samples.count)
        for (sample, found) in zip(samples, detections) {
            var faces: [WIDERBoxOverlap.Face] = []
            var settings: [Int?] = []
            faces.reserveCapacity(sample.faces.count)
            settings.reserveCapacity(sample.faces.count)
            for (index, face) in sample.faces.enumerated() {
                let values = [face.box.x, face.box.y, face.box.width, face.box.height]
                guard values.allSatisfy({ $0 == $0.rounded() && abs($0) < 2_147_483_647 }) else {
                    throw FaceBenchError.malformed(
                        path: dataset.root, location: "\(sample.name) face \(index + 1)",
                        reason: "WIDER ground truth must be whole pixels (the official files are int32), found \(face.box)")
                }
                faces.append(WIDERBoxOverlap.Face(x: Int32(values[0]), y: Int32(values[1]), width: Int32(values[2]), height: Int32(values[3])))
                settings.append(face.widerDifficulty.flatMap(WIDERDifficulty.allCases.firstIndex))
            }
            var predictions: [WIDEROfficialEvaluation.Prediction] = []
            predictions.reserveCapacity(found.count)
            for (index, detection) in found.enumerated() {
                let box = detection.box
                guard box.x.isFinite, box.y.isFinite, box.width.isFinite, box.height.isFinite, detection.score.isFinite else {
                    throw FaceBenchError.invalidDetections(source: "wider", reason: "detection \(index + 1) on \(sample.name) has a non-finite box or score")
                }
                predictions.append(.init(x: box.x, y: box.y, width: box.width, height: box.height, score: detection.score))
            }
            images.append(.init(faces: faces, easiestSetting: settings, predictions: predictions))
        }
        return images
    }
}
