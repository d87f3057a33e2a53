import FaceBenchModel

/// Writes Pascal VOC as `PascalVOCLoader` reads it: `Annotations/<name>.xml` per image (the
/// image's name without its extension, folders joined by `_`) and the images in
/// `JPEGImages/`.
///
/// - Coordinates are VOC's whole 1-based inclusive pixels, the reader's convention inverted:
///   `xmin = round(x) + 1`, `xmax = round(x + width)` (and vertically), so a box with whole
///   corners comes back exactly and any other within half a pixel per corner. A box under
///   a pixel wide or high after rounding is widened to one pixel and counted in a warning.
/// - Ignored faces are `<difficult>1</difficult>`; the attributes the reader keeps (`pose`,
///   `truncated`, `occluded`) are written back; landmarks, crowd flags and other attributes
///   have no place and are counted.
/// - `<size>` is written when the sample's size is known.
enum PascalVOCWriter {
    static let keptAttributes: Set<String> = ["pose", "truncated", "occluded"]

    static func files(_ dataset: Dataset) throws -> DatasetFiles {
        var files = DatasetFiles(format: "voc", imageFolder: "JPEGImages", dataset: dataset)
        var imageOfFile: [String: String] = [:]
        var widened = 0
        for sample in dataset.samples {
            let stem = sample.name.split(separator: "/").dropLast().map { $0 + "_" }.joined() + ImageFolders.stem(sample.name)
            let file = "Annotations/" + stem + ".xml"
            if let other = imageOfFile.updateValue(sample.name, forKey: file) {
                throw FaceBenchError.failed("voc: \(other) and \(sample.name) would share the annotation file \(file)")
            }
            var xml = "<annotation>\n  <folder>JPEGImages</folder>\n  <filename>\(MarkupText.escape(sample.name))</filename>\n"
            if let width = sample.width, let height = sample.height {
                xml += "  <size>\n    <width>\(width)</width>\n    <height>\(height)</height>\n  </size>\n"
            }
            for face in sample.faces {
                var (xmin, xmax) = (Int(face.box.x.rounded()) + 1, Int(face.box.maxX.rounded()))
                var (ymin, ymax) = (Int(face.box.y.rounded()) + 1, Int(face.box.maxY.rounded()))
                if xmax < xmin || ymax < ymin {
                    widened += 1
                    (xmax, ymax) = (max(xmax, xmin), max(ymax, ymin))
                }
                xml += "  <object>\n    <name>face</name>\n"
                for key in keptAttributes.sorted() {
                    if let value = face.attributes[key] { xml += "    <\(key)>\(MarkupText.escape(value))</\(key)>\n" }
                }
                xml += "    <difficult>\(face.ignore ? 1 : 0)</difficult>\n"
                xml += "    <bndbox>\n      <xmin>\(xmin)</xmin>\n      <ymin>\(ymin)</ymin>\n      <xmax>\(xmax)</xmax>\n      <ymax>\(ymax)</ymax>\n    </bndbox>\n"
                xml += "  </object>\n"
            }
            files.add(file, Array((xml + "</annotation>\n").utf8))
        }
        if widened > 0 { files.warnings.append("voc: \(widened) boxes under a pixel wide or high widened to one whole pixel") }
        files.countUnkept(in: dataset, keeping: DatasetFiles.Kept(ignore: true, attribute: keptAttributes.contains))
        return files
    }
}
