import FaceBenchModel

/// Writes a CSV of boxes as `CSVBoxLoader` reads it: `annotations.csv` with the header
/// `file,x,y,w,h,ignore` and a column per face attribute, a row per face (an image without
/// faces is a row with empty box fields), and the images in `images/`.
///
/// - Boxes are corner and size at full precision (the shortest decimal that reads back as the
///   same double), so they come back exactly; the image size has no column beside `w`/`h`
///   (the reader takes it from the images).
/// - Text fields are quoted as RFC 4180 needs, and one a spreadsheet would run as a formula
///   (starting `=`, `+`, `-`, `@`) gets a leading `'` (`CSVText`).
/// - An attribute whose header the reader would take for the image, box, class or ignore
///   column, and landmarks, crowd flags, ellipses, have no place and are counted.
enum CSVBoxWriter {
    static let header = ["file", "x", "y", "w", "h", "ignore"]

    static func files(_ dataset: Dataset) -> DatasetFiles {
        var files = DatasetFiles(format: "csv", imageFolder: "images", dataset: dataset)
        let attributes = Set(dataset.samples.flatMap { $0.faces.flatMap(\.attributes.keys) }).filter(isFreeHeader).sorted()
        var lines = [(header + attributes).map(CSVText.field).joined(separator: ",")]
        for sample in dataset.samples {
            let name = CSVText.field(sample.name)
            if sample.faces.isEmpty { lines.append(name + String(repeating: ",", count: header.count - 1 + attributes.count)) }
            for face in sample.faces {
                let box = [face.box.x, face.box.y, face.box.width, face.box.height].map(JSONWriter.format)
                let extra = attributes.map { face.attributes[$0].map(CSVText.field) ?? "" }
                lines.append(([name] + box + [face.ignore ? "1" : "0"] + extra).joined(separator: ","))
            }
        }
        files.add("annotations.csv", Array((lines.joined(separator: "\n") + "\n").utf8))
        files.countUnkept(in: dataset, keeping: DatasetFiles.Kept(ignore: true, attribute: isFreeHeader))
        return files
    }

    /// True when the reader would keep a column of this header as an attribute.
    static func isFreeHeader(_ name: String) -> Bool {
        let key = name.lowercased().filter { !"_- ".contains($0) }
        let taken = CSVBoxLoader.fileNames.union(CSVBoxLoader.classNames).union((CSVBoxLoader.sizeConventions + CSVBoxLoader.cornerConventions).flatMap { $0 })
        return !key.isEmpty && !taken.contains(key) && key != "ignore"
    }
}
