import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchReports
import Foundation

enum DetectCommand: FaceBenchCommand {
    static let drawExtensions = ["png", "jpg", "jpeg"]

    static let spec = CommandSpec(
        name: "detect",
        abstract: "Detect faces in one image: a line per face, or JSON.",
        discussion: """
            Prints, per detector, a line with the number of detections, the latency and the model's load time, \
            then a line per detection (box, score, and with --dataset its IoU with the nearest face and whether \
            it is a true or false positive). --format json prints {"image", "width", "height", "faces"?, \
            "detectors": [{"id", "spec", "load_ms", "latency_ms", "detections": [{"box": [x, y, width, height], \
            "score", "landmarks"?}], "evaluation"?: {"tp", "fp", "missed"}}]}. With --dataset, the image's ground \
            truth is looked up in that dataset (by path or name) and matched at IoU 0.5. --draw writes the image \
            with one panel per detector, titled with its counts, in the report gallery's colours (found faces \
            green, missed faces red and dashed, matching detections blue, false positives yellow, each labelled \
            with score and IoU) and their legend along the bottom; the folder must exist.
            """,
        options: DetectOptions.specs,
        arguments: [ArgumentSpec(name: "IMAGE", help: "A JPEG or PNG file.")],
        examples: [
            "facebench detect photo.jpg --detector hog:landmarks=true --draw faces.png",
            "facebench detect ../shared/datasets/mit-cmu/images/voyager.png --dataset mit-cmu --detector haar --detector hog --draw voyager.png",
        ])

    /// One detector's outcome on the image.
    struct Outcome {
        var info: DetectorInfo
        var loadMilliseconds: Double
        var latencyMilliseconds: Double
        var detections: [Detection]
        var match: ImageMatch?
    }

    static func run(_ arguments: ParsedArguments, toolbox: Toolbox) throws -> Int32 {
        let options = try DetectOptions(arguments, toolbox: toolbox)
        let toolbox = toolbox.limitingImages(to: options.maximumMegapixels)
        let path = options.image, drawing = options.drawing
        toolbox.registry.pinNativeThreads(options.nativeThreads)
        let dataset = try options.dataset.map { try toolbox.dataset($0, command: "detect", reading: Toolbox.datasetReading(arguments)) }
        // Images without annotations have no faces to draw or match.
        let sample = try dataset.flatMap { dataset -> Sample? in
            guard dataset.hasGroundTruth else { return nil }
            return try groundTruth(for: path, in: dataset)
        }
        // IMAGE may be the image's name in the dataset rather than a file here.
        let file = FileIO.exists(path) ? path : sample?.path ?? path
        // With the dataset, file: specs can look up this image's imported detections by its name.
        let factories = try toolbox.factories(for: options.detectors, context: DetectorContext(dataset: dataset), command: "detect")
        let decoded = try toolbox.decoder.decode(file)
        let input = DetectorInput(decoded: decoded, name: sample?.name ?? path, path: file)
        var outcomes: [Outcome] = []
        for factory in factories {
            let (detector, loadMs) = try MonotonicClock.measure { try factory.makeDetector() }
            let (found, latency) = try MonotonicClock.measure { try detector.checkedDetect(input) }
            outcomes.append(Outcome(
                info: factory.info, loadMilliseconds: loadMs, latencyMilliseconds: latency, detections: found,
                match: sample.map { GreedyMatcher.match(found, to: $0.faces) }))
        }
        if options.format == .json {
            StandardStreams.output(JSONWriter().string(try json(path: path, decoded: decoded, sample: sample, outcomes: outcomes)) + "\n")
        } else {
            StandardStreams.output(text(path: path, decoded: decoded, sample: sample, outcomes: outcomes))
        }
        if let drawing {
            let panels = outcomes.map { outcome in
                let faces = sample?.faces ?? []
                let image = outcome.match.map {
                    FaceAnnotator.draw(faces: faces, detections: outcome.detections, match: $0, on: decoded.rgb)
                } ?? FaceAnnotator.draw(detections: outcome.detections, on: decoded.rgb)
                return FaceAnnotator.Panel(
                    title: FaceAnnotator.Panel.title(outcome.info.id, found: outcome.detections.count, match: outcome.match, faces: faces),
                    image: image, hasGroundTruth: outcome.match != nil)
            }
            let drawn = FaceAnnotator.panels(panels)
            let bytes = drawing.hasSuffix("png") ? try toolbox.encoder.encodePNG(drawn) : try toolbox.encoder.encodeJPEG(drawn, quality: 90)
            try FileIO.writeAtomically(bytes, to: drawing)
            let names = outcomes.map(\.info.id).joined(separator: ", ")
            StandardStreams.error("facebench detect: drew \(outcomes.count == 1 ? names : "\(outcomes.count) panels (\(names))") on \(drawing) (\(drawn.width)×\(drawn.height))\n")
        }
        return ExitStatus.success
    }

    /// `--draw`'s path, refused before any detector runs when it could not be written: an
    /// extension no encoder writes, or a folder that does not exist (made silently, a typo
    /// would scatter drawings).
    static func checkedDrawingPath(_ path: String) throws -> String {
        let url = URL(fileURLWithPath: path)
        let ext = url.pathExtension.lowercased()
        guard drawExtensions.contains(ext) else {
            throw FaceBenchError.usage("--draw \(path): cannot write '.\(url.pathExtension)' images; use .png, .jpg or .jpeg")
        }
        let folder = url.deletingLastPathComponent().path
        guard FileIO.isDirectory(folder) else {
            throw FaceBenchError.usage("--draw \(path): folder \(folder) does not exist")
        }
        return path
    }

    static func text(path: String, decoded: DecodedImage, sample: Sample?, outcomes: [Outcome]) -> String {
        var out = "\(path): \(decoded.width)×\(decoded.height)"
        if let sample { out += ", \(sample.faces.filter { !$0.ignore }.count) faces in the ground truth" }
        out += "\n"
        for outcome in outcomes {
            let n = outcome.detections.count
            out += "\(outcome.info.id): \(n) detection\(n == 1 ? "" : "s") in \(Formatting.milliseconds(outcome.latencyMilliseconds)) ms (load \(Formatting.milliseconds(outcome.loadMilliseconds)) ms)"
            if let match = outcome.match, let sample {
                out += ": \(match.truePositives) TP, \(match.falsePositives) FP, \(match.missedFaces(of: sample.faces)) missed"
            }
            out += "\n"
            for (index, detection) in outcome.detections.enumerated() {
                let box = detection.box
                out += "  \(outcome.info.id) \(index + 1)  x \(Formatting.fixed(box.x, 0)) y \(Formatting.fixed(box.y, 0)) w \(Formatting.fixed(box.width, 0)) h \(Formatting.fixed(box.height, 0))  score \(FaceAnnotator.score(detection.score))"
                if let match = outcome.match, let sample {
                    let overlap = GreedyMatcher.bestIoU(of: box, among: sample.faces)
                    let verdict: String
                    switch match.outcomes[index] {
                    case .truePositive: verdict = "true positive"
                    case .falsePositive: verdict = "false positive"
                    case .ignored: verdict = "on an ignored face"
                    }
                    out += "  IoU \(Formatting.fixed(overlap, 2))  \(verdict)"
                }
                if let attributes = FaceAPIAttributes(detection.attributes).summary { out += "  \(attributes)" }
                out += "\n"
            }
        }
        return out
    }

    static func json(path: String, decoded: DecodedImage, sample: Sample?, outcomes: [Outcome]) throws -> JSONValue {
        var result: JSONObject = [
            "image": JSONValue(path), "width": JSONValue(decoded.width), "height": JSONValue(decoded.height),
        ]
        if let sample { result["faces"] = JSONValue(sample.faces.count) }
        result["detectors"] = .array(try outcomes.map { outcome in
            var entry: JSONObject = [
                "id": JSONValue(outcome.info.id), "spec": JSONValue(outcome.info.spec),
                "load_ms": JSONValue(outcome.loadMilliseconds), "latency_ms": JSONValue(outcome.latencyMilliseconds),
                "detections": try JSONValueCoding.encode(outcome.detections),
            ]
            if let match = outcome.match, let sample {
                entry["evaluation"] = .object([
                    "tp": JSONValue(match.truePositives), "fp": JSONValue(match.falsePositives),
                    "missed": JSONValue(match.missedFaces(of: sample.faces)),
                ])
            }
            return .object(entry)
        })
        return .object(result)
    }

    /// The sample of `dataset` whose file is `path`, or whose name `path` ends with.
    static func groundTruth(for path: String, in dataset: Dataset) throws -> Sample {
        let wanted = URL(fileURLWithPath: path).standardized.path
        if let match = dataset.samples.first(where: { $0.path.map { URL(fileURLWithPath: $0).standardized.path == wanted } ?? false })
            ?? dataset.samples.first(where: { wanted.hasSuffix("/" + $0.name) || path == $0.name }) {
            return match
        }
        // A bare file name names the dataset's image of that name in any of its folders, if only one.
        let byFileName = dataset.samples.filter { ($0.name as NSString).lastPathComponent == path }
        if byFileName.count == 1 { return byFileName[0] }
        if byFileName.count > 1 {
            throw FaceBenchError.usage(
                "\(path) names \(byFileName.count) images of dataset \(dataset.name) (\(byFileName.prefix(3).map(\.name).joined(separator: ", "))…): give its folder too")
        }
        throw FaceBenchError.usage("\(path) is not an image of dataset \(dataset.name) (matched by path or by name)")
    }
}
