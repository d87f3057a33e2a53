import FaceBenchCodecs
import FaceBenchCore
import FaceBenchDlib
import FaceBenchOpenCV
import Foundation

enum DetectCommand: FaceBenchCommand {
    static let spec = CommandSpec(
        name: "detect",
        abstract: "Detect faces in one image and print them as JSON.",
        discussion: """
            Prints {"image", "width", "height", "detectors": [{"id", "spec", "load_ms", "latency_ms", "detections": \
            [{"box": [x, y, width, height], "score", "landmarks"?}]}]}. With --draw, also writes the image with \
            every detector's boxes, scores and landmarks (one panel per detector when there are several). With \
            --dataset, the image's ground truth is looked up in that dataset (by path or name): each detector gets \
            "evaluation": {"tp", "fp", "missed"} at IoU 0.5, and the drawing shows found faces green, missed faces \
            red and dashed, matching detections blue and false positives orange — as in the report's gallery.
            """,
        options: [
            OptionSpec("detector", .repeated("SPEC", commaSeparated: false), help: "Detector spec.", default: "haar"),
            OptionSpec("draw", .value("OUT.png"), help: "Write the image with the detections drawn (PNG, or JPEG if the name ends in .jpg)."),
            OptionSpec("dataset", .value("NAME|PATH"), help: "Dataset holding the image, for its ground truth."),
            OptionSpec("native-threads", .value("N"), help: "Threads OpenCV may use inside one call.", default: "1"),
        ],
        arguments: [ArgumentSpec(name: "IMAGE", help: "A JPEG or PNG file.")],
        examples: [
            "facebench detect photo.jpg --detector hog:landmarks=true --draw faces.png",
            "facebench detect ../shared/datasets/mit-cmu/images/voyager.png --dataset mit-cmu --detector haar --detector hog --draw voyager.png",
        ])

    static func run(_ arguments: ParsedArguments, toolbox: Toolbox) throws -> Int32 {
        let path = arguments.positionals[0]
        let nativeThreads = try arguments.int("native-threads", atLeast: 1) ?? 1
        OpenCVBackend.setThreads(nativeThreads)
        DlibBackend.setThreads(nativeThreads)
        let specs = toolbox.detectorSpecs(arguments.strings("detector"), fallback: ["haar"])
        let factories = try toolbox.registry.factories(for: specs)
        let sample = try arguments.string("dataset").map { try groundTruth(for: path, in: toolbox.catalog.resolve($0)) }
        let decoded = try toolbox.decoder.decode(path)
        let input = DetectorInput(decoded: decoded, name: path, path: path)
        var entries: [JSONValue] = []
        var panels: [(title: String, image: RGBImage)] = []
        for factory in factories {
            let (detector, loadMs) = try MonotonicClock.measure { try factory.makeDetector() }
            let (found, latency) = try MonotonicClock.measure { try detector.detect(input) }
            var entry: JSONObject = [
                "id": JSONValue(factory.info.id), "spec": JSONValue(factory.info.spec),
                "load_ms": JSONValue(loadMs), "latency_ms": JSONValue(latency),
                "detections": .array(found.map(\.json)),
            ]
            if let sample {
                let match = GreedyMatcher.match(found, to: sample.faces)
                entry["evaluation"] = .object([
                    "tp": JSONValue(match.truePositives), "fp": JSONValue(match.falsePositives),
                    "missed": JSONValue(match.missedFaces(of: sample.faces)),
                ])
                panels.append((factory.info.id, FaceAnnotator.draw(faces: sample.faces, detections: found, match: match, on: decoded.rgb)))
            } else {
                panels.append((factory.info.id, FaceAnnotator.draw(detections: found, on: decoded.rgb)))
            }
            entries.append(.object(entry))
        }
        if let output = arguments.string("draw") {
            let drawn = FaceAnnotator.panels(panels)
            let lower = output.lowercased()
            let bytes = lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg")
                ? try toolbox.encoder.encodeJPEG(drawn, quality: 90) : try toolbox.encoder.encodePNG(drawn)
            try FileIO.writeAtomically(bytes, to: output)
        }
        var result: JSONObject = [
            "image": JSONValue(path), "width": JSONValue(decoded.width), "height": JSONValue(decoded.height),
        ]
        if let sample { result["faces"] = JSONValue(sample.faces.count) }
        result["detectors"] = .array(entries)
        StandardStreams.output(JSONWriter().string(.object(result)) + "\n")
        return ExitStatus.success
    }

    /// The sample of `dataset` whose file is `path`, or whose name `path` ends with.
    static func groundTruth(for path: String, in dataset: Dataset) throws -> Sample {
        let wanted = URL(fileURLWithPath: path).standardized.path
        let match = dataset.samples.first { $0.path.map { URL(fileURLWithPath: $0).standardized.path == wanted } ?? false }
            ?? dataset.samples.first { wanted.hasSuffix("/" + $0.name) || path == $0.name }
        guard let match else {
            throw FaceBenchError.usage("\(path) is not an image of dataset \(dataset.name) (matched by path or by name)")
        }
        return match
    }
}
