import FaceBenchModel
import Foundation

/// Reads Label Studio's JSON export of a rectangle-labels project: an array of tasks
/// `{"id", "data": {"image": URL}, "annotations": [{"result": [{"type": "rectanglelabels",
/// "original_width", "original_height", "value": {"x", "y", "width", "height", "rotation",
/// "rectanglelabels": [name]}}], "was_cancelled"}]}`.
///
/// - Coordinates are percent of the original image: `x_px = x / 100 × original_width`,
///   rounded to a millionth of a pixel. The percentages are fractions rounded once on
///   writing and again here, so a box on whole or decimal pixels would come back a rounding
///   off them (63.99999999999999 for 64) and change sides at a size bucket's edge; a
///   millionth is below any annotation's precision.
/// - Each task is an image; its first annotation that was not cancelled gives the faces
///   (several annotators' versions of one image are not merged). Predictions are not read.
/// - The image is the last component of `data.image` (after `?d=` for local files), looked
///   for beside the export, in `images/` there, or `--images`. Sizes come from the results'
///   `original_width`/`original_height`, else the image header.
/// - Faces: results of the face label (`FaceClass` among the labels used). A task without
///   `data.image`, a rotated rectangle or a number that is not finite is an error naming the
///   file and task; boxes of zero size are skipped and counted.
public enum LabelStudioLoader {
    public static let expects = "a Label Studio JSON export ([{\"data\": {\"image\": …}, \"annotations\": [{\"result\": [rectanglelabels…]}]}]), or a folder with one"

    static func file(_ path: String, source: any FileSource) -> String? {
        if !source.isDirectory(path) { return path.lowercased().hasSuffix(".json") ? path : nil }
        let arrays = source.list(path).filter { $0.lowercased().hasSuffix(".json") }.map { path + "/" + $0 }.filter { isTaskList($0, source: source) }
        return arrays.count == 1 ? arrays[0] : nil
    }

    static func isTaskList(_ file: String, source: any FileSource) -> Bool {
        guard !source.isDirectory(file), let prefix = try? source.readPrefix(file, count: 4096) else { return false }
        let text = String(decoding: prefix, as: UTF8.self)
        return JSONReader.significantBytes(prefix).first == UInt8(ascii: "[") && text.contains("\"data\"")
    }

    public static func recognises(_ path: String, source: any FileSource = LocalFiles()) -> Bool {
        file(path, source: source).map { isTaskList($0, source: source) } ?? false
    }

    struct Rectangle {
        var label: String?
        var box: Box
        var imageSize: (Int, Int)?
    }

    public static func load(path: String, name: String, reading: DatasetReading = DatasetReading(), source: any FileSource = LocalFiles()) throws -> Dataset {
        guard let file = file(path, source: source) else {
            throw FaceBenchError.malformed(path: path, location: nil, reason: "no Label Studio export here; expected " + expects)
        }
        guard case let .array(tasks) = try JSONReader.parse(try source.read(file), path: file) else {
            throw FaceBenchError.malformed(path: file, location: nil, reason: "expected an array of tasks")
        }
        func fail(_ index: Int, _ task: JSONValue, _ reason: String) -> FaceBenchError {
            let id = task["id"]?.int.map { "task \($0) (tasks[\(index)])" } ?? "tasks[\(index)]"
            return .malformed(path: file, location: id, reason: reason)
        }
        var parsed: [(image: String, rectangles: [Rectangle])] = [], skipped: [String] = []
        for (index, task) in tasks.enumerated() {
            guard let url = task["data"]?["image"]?.string, !url.isEmpty else { throw fail(index, task, "no image: the task has no data.image") }
            let annotation = (task["annotations"]?.array ?? []).first { $0["was_cancelled"]?.bool != true }
            var rectangles: [Rectangle] = []
            for result in annotation?["result"]?.array ?? [] where result["type"]?.string == "rectanglelabels" {
                guard let value = result["value"] else { throw fail(index, task, "a rectangle without 'value'") }
                func number(_ object: JSONValue?, _ key: String) throws -> Double {
                    guard let number = object?[key]?.double, number.isFinite else { throw fail(index, task, "a rectangle's \(key) is missing or not a finite number") }
                    return number
                }
                if let rotation = value["rotation"]?.double, rotation != 0 {
                    throw fail(index, task, "a rectangle is rotated (\(rotation)°): FaceBench boxes are upright")
                }
                let width = try number(result, "original_width"), height = try number(result, "original_height")
                guard width > 0, height > 0, width <= CoordinateBounds.limit, height <= CoordinateBounds.limit, width == width.rounded(), height == height.rounded() else {
                    throw fail(index, task, "original_width and original_height must be positive whole pixels")
                }
                let percents = try ["x", "y", "width", "height"].map { try number(value, $0) }
                func pixels(_ percent: Double, of side: Double) -> Double { (percent / 100 * side * 1e6).rounded() / 1e6 }
                let box = Box(
                    x: pixels(percents[0], of: width), y: pixels(percents[1], of: height),
                    width: pixels(percents[2], of: width), height: pixels(percents[3], of: height))
                guard box.width >= 0, box.height >= 0 else { throw fail(index, task, "a rectangle has a negative width or height") }
                guard box.width > 0, box.height > 0 else {
                    skipped.append("tasks[\(index)]")
                    continue
                }
                rectangles.append(Rectangle(label: value["rectanglelabels"]?.array?.first?.string, box: box, imageSize: (Int(width), Int(height))))
            }
            parsed.append((imageName(url), rectangles))
        }
        let faceLabel = try FaceClass.chooseName(reading.faceClass, among: parsed.flatMap { $0.rectangles.compactMap(\.label) }, file: file)
        let directory = FileIO.parent(of: file)
        let folders = ImageFolders(default: [directory, directory + "/images"], reading: reading)
        var samples: [Sample] = []
        for (image, rectangles) in parsed {
            let found = folders.locate(image, source: source)
            var sample = Sample(id: samples.count + 1, name: image, path: found, faces: [])
            if let size = rectangles.first?.imageSize {
                (sample.width, sample.height) = size
            } else if let found {
                let header = try source.imageSize(found)
                (sample.width, sample.height) = (header.width, header.height)
            }
            sample.faces = rectangles.filter { faceLabel == nil || $0.label == faceLabel }.map { Face(box: $0.box) }
            samples.append(sample)
        }
        var names = Set<String>()
        if let repeated = samples.firstIndex(where: { !names.insert($0.name).inserted }) {
            throw FaceBenchError.malformed(path: file, location: "tasks[\(repeated)]", reason: "image \(samples[repeated].name) is in two tasks")
        }
        var dataset = Dataset(name: name, format: "label-studio", root: directory, annotationFiles: [file], samples: samples)
        dataset.imageFolders = folders.folders
        if !skipped.isEmpty {
            dataset.warnings.append("\(file): \(skipped.count) rectangle\(skipped.count == 1 ? "" : "s") of zero width or height skipped (first: \(skipped[0]))")
        }
        return dataset
    }

    /// `/data/local-files/?d=photos/a.jpg` → `a.jpg`; `/data/upload/3/a.jpg` → `a.jpg`.
    static func imageName(_ url: String) -> String {
        var path = Substring(url)
        if let query = path.range(of: "?d=") { path = path[query.upperBound...] }
        if let question = path.firstIndex(of: "?") { path = path[..<question] }
        return path.split(separator: "/").last.map { String($0).removingPercentEncoding ?? String($0) } ?? String(path)
    }
}
