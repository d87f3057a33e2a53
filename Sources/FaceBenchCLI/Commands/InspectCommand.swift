import FaceBenchModel
import FaceBenchIO

enum InspectCommand: FaceBenchCommand {
    /// Missing images, boxes outside and duplicates listed in the text, before "… and N more".
    static let listed = 10

    static let spec = CommandSpec(
        name: "inspect",
        abstract: "Show what a dataset path is read as — format, images, faces, sizes, likely mistakes — before a long run.",
        discussion: """
            Reads PATH as `run --dataset PATH` would (the same --dataset-format, --images and --class) and prints its \
            format, the annotation files read, the images found and missing with the folders looked in, the faces \
            (ignored, with landmarks and their scheme), a histogram of face heights in pixels (doubling from 16), the \
            boxes reaching outside their image, pairs of boxes of one image overlapping at IoU ≥ 0.9 or identical \
            (one face annotated twice), and the loader's warnings. Nothing is written. --format json prints {"name", \
            "format", "root", "annotation_files", "images": {"count", "found", "missing", "looked_in", "without_size"}, \
            "faces": {"count", "ignored", "with_landmarks", "landmark_scheme", "height_histogram": [{"min_px", \
            "below_px", "faces"}]}, "outside_image": [{"image", "face", "box"}], "duplicates": [{"image", "faces", \
            "iou"}], "warnings"}.
            """,
        options: [InspectOptions.format.spec] + Toolbox.datasetReadingOptions,
        arguments: [Toolbox.datasetPathArgument],
        examples: [
            "facebench inspect ~/photos/labelled",
            "facebench inspect export/annotations/instances.json --images export/images --format json",
        ])

    static func run(_ arguments: ParsedArguments, toolbox: Toolbox) throws -> Int32 {
        let options = try InspectOptions(arguments)
        let inspection = DatasetInspection(try toolbox.catalog.resolve(options.source.nameOrPath, reading: options.source.reading))
        if options.format == .json {
            StandardStreams.output(JSONWriter().string(inspection.json) + "\n")
        } else {
            StandardStreams.output(text(inspection))
        }
        return ExitStatus.success
    }

    static func text(_ inspection: DatasetInspection) -> String {
        func shown(_ text: String) -> String { TerminalText.sanitized(text.replacingOccurrences(of: "\n", with: "\\n")) }
        func list<Item>(_ items: [Item], _ line: (Item) -> String) -> String {
            var out = items.prefix(listed).map { "    " + line($0) + "\n" }.joined()
            if items.count > listed { out += "    … and \(items.count - listed) more\n" }
            return out
        }
        var out = "\(shown(inspection.name)): \(inspection.format) at \(shown(inspection.root))\n"
        out += "annotation files: \(inspection.annotationFiles.isEmpty ? "none" : inspection.annotationFiles.map(shown).joined(separator: ", "))\n"
        let found = inspection.images - inspection.missingImages.count
        out += "images: \(inspection.images) (\(found) found, \(inspection.missingImages.count) missing)"
        out += inspection.imageFolders.isEmpty ? "\n" : "; looked in \(inspection.imageFolders.map(shown).joined(separator: ", "))\n"
        out += list(inspection.missingImages) { "missing: \(shown($0))" }
        if inspection.imagesWithoutSize > 0 { out += "    \(inspection.imagesWithoutSize) without a known pixel size\n" }
        guard inspection.hasGroundTruth else {
            out += "faces: no annotations (run times the detectors and compares them with each other; nothing is scored)\n"
            out += "warnings: \(inspection.warnings.count)\n"
            return out + list(inspection.warnings) { shown($0) }
        }
        out += "faces: \(inspection.faces) (\(inspection.ignoredFaces) ignored)"
        if inspection.facesWithLandmarks > 0 {
            out += ", \(inspection.facesWithLandmarks) with landmarks (\(inspection.landmarkScheme.map(shown) ?? "no known scheme"))"
        }
        out += "\nface heights (px):\n"
        for bucket in inspection.heights {
            let range = bucket.upper.map { "\(Int(bucket.lower))–\(Int($0))" } ?? "≥ \(Int(bucket.lower))"
            out += "    " + range.padding(toLength: 10, withPad: " ", startingAt: 0) + String(bucket.faces) + "\n"
        }
        out += "boxes reaching outside their image: \(inspection.outside.count)\n"
        out += list(inspection.outside) { "\(shown($0.image)) face \($0.face) \($0.box)" }
        out += "duplicate boxes (IoU ≥ \(Formatting.fixed(DatasetInspection.duplicateIoU, 1)) or identical): \(inspection.duplicates.count)\n"
        out += list(inspection.duplicates) { "\(shown($0.image)) faces \($0.first) and \($0.second) (IoU \(Formatting.fixed($0.iou, 3)))" }
        out += "warnings: \(inspection.warnings.count)\n"
        out += list(inspection.warnings) { shown($0) }
        return out
    }
}
