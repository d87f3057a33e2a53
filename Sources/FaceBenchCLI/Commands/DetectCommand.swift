import FaceBenchCodecs
import FaceBenchCore
import FaceBenchOpenCV

enum DetectCommand: FaceBenchCommand {
    static let spec = CommandSpec(
        name: "detect",
        abstract: "Detect faces in one image and print them as JSON.",
        discussion: """
            Prints {"image", "width", "height", "detectors": [{"id", "spec", "load_ms", "latency_ms", "detections": \
            [{"box": [x, y, width, height], "score", "landmarks"?}]}]}. With --draw, also writes the image with \
            every detector's boxes, scores and landmarks.
            """,
        options: [
            OptionSpec("detector", .repeated("SPEC", commaSeparated: false), help: "Detector spec.", default: "haar"),
            OptionSpec("draw", .value("OUT.png"), help: "Write the image with the detections drawn (PNG, or JPEG if the name ends in .jpg)."),
            OptionSpec("native-threads", .value("N"), help: "Threads OpenCV may use inside one call.", default: "1"),
        ],
        arguments: [ArgumentSpec(name: "IMAGE", help: "A JPEG or PNG file.")],
        examples: ["facebench detect photo.jpg --detector hog:landmarks=true --draw faces.png"])

    static func run(_ arguments: ParsedArguments, toolbox: Toolbox) throws -> Int32 {
        let path = arguments.positionals[0]
        OpenCVBackend.setThreads(try arguments.int("native-threads", atLeast: 1) ?? 1)
        let specs = arguments.strings("detector").isEmpty ? ["haar"] : arguments.strings("detector")
        let factories = try toolbox.registry.factories(for: specs)
        let decoded = try toolbox.decoder.decode(path)
        let input = DetectorInput(image: decoded.gray, name: path, path: path)
        var entries: [JSONValue] = []
        var all: [Detection] = []
        for factory in factories {
            let (detector, loadMs) = try MonotonicClock.measure { try factory.makeDetector() }
            let (found, latency) = try MonotonicClock.measure { try detector.detect(input) }
            all += found
            entries.append(.object([
                "id": JSONValue(factory.info.id), "spec": JSONValue(factory.info.spec),
                "load_ms": JSONValue(loadMs), "latency_ms": JSONValue(latency),
                "detections": .array(found.map(\.json)),
            ]))
        }
        if let output = arguments.string("draw") {
            let drawn = FaceAnnotator.draw(detections: all, on: decoded.rgb)
            let lower = output.lowercased()
            let bytes = lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg")
                ? try toolbox.encoder.encodeJPEG(drawn, quality: 90) : try toolbox.encoder.encodePNG(drawn)
            try FileIO.writeAtomically(bytes, to: output)
        }
        let result: JSONValue = .object([
            "image": JSONValue(path), "width": JSONValue(decoded.width), "height": JSONValue(decoded.height),
            "detectors": .array(entries),
        ])
        StandardStreams.output(JSONWriter().string(result) + "\n")
        return ExitStatus.success
    }
}
