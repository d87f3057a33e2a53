import FaceBenchModel

/// Writes YOLO detection labels as `YOLOLoader` reads them: `images/<name>`,
/// `labels/<stem>.txt` beside it (`class cx cy w h`, class 0), `data.yaml` naming class 0
/// `face`. Names with one folder (`0--Parade/a.jpg`) become the per-split layout
/// (`images/0--Parade/` + `labels/0--Parade/`), which the reader names back the same way.
///
/// - Numbers are written as the shortest decimal that reads back as the same double, so a
///   box comes back within rounding of the multiplication by the image size (far below 1e-6 px).
/// - Labels are fractions of the image, so every image needs its file (the reader sizes the
///   boxes from it): a dataset without images is an error naming the first image missing.
/// - A box whose centre or size lies outside [0, 1] of its image, or of zero width or
///   height (which YOLO readers skip), is left out and counted in a warning; ignore flags,
///   landmarks and attributes have no place and are counted too.
enum YOLOWriter {
    static func files(_ dataset: Dataset) throws -> DatasetFiles {
        let depths = Set(dataset.samples.map { $0.name.split(separator: "/", omittingEmptySubsequences: false).count })
        guard depths.count <= 1, (depths.first ?? 1) <= 2 else {
            throw FaceBenchError.failed(
                "yolo keeps images in one folder or one folder per split; the image names of \(dataset.name) mix depths "
                    + "(e.g. \(dataset.samples.map(\.name).sorted { $0.count < $1.count }.suffix(1).joined()))")
        }
        var files = DatasetFiles(format: "yolo", imageFolder: "images", dataset: dataset)
        files.add("data.yaml", Array("# written by facebench convert from \(dataset.name)\nnc: 1\nnames: [face]\n".utf8))
        var labelOfStem: [String: String] = [:]
        var outside = 0, empty = 0
        for sample in dataset.samples {
            guard sample.path != nil, let width = sample.width, let height = sample.height, width > 0, height > 0 else {
                throw FaceBenchError.failed(
                    "yolo needs every image's file, as its labels are fractions of the image size: \(sample.name) has none "
                        + "(looked in \(dataset.imageFolders.isEmpty ? dataset.root : dataset.imageFolders.joined(separator: ", ")); name the folder with --images)")
            }
            let folder = sample.name.contains("/") ? String(sample.name[..<sample.name.lastIndex(of: "/")!]) + "/" : ""
            let label = "labels/" + folder + ImageFolders.stem(sample.name) + ".txt"
            if let other = labelOfStem.updateValue(sample.name, forKey: label) {
                throw FaceBenchError.failed("yolo: \(other) and \(sample.name) would share the label file \(label)")
            }
            var text = ""
            for face in sample.faces {
                let box = face.box
                guard box.width > 0, box.height > 0 else {
                    empty += 1
                    continue
                }
                let values = [(box.x + box.width / 2) / Double(width), (box.y + box.height / 2) / Double(height),
                              box.width / Double(width), box.height / Double(height)]
                guard values.allSatisfy({ (0...1).contains($0) }) else {
                    outside += 1
                    continue
                }
                text += "0 " + values.map(JSONWriter.format).joined(separator: " ") + "\n"
            }
            files.add(label, Array(text.utf8))
        }
        if outside > 0 { files.warnings.append("yolo: \(outside) boxes with their centre or size outside the image not written (YOLO holds fractions 0–1 of the image)") }
        if empty > 0 { files.warnings.append("yolo: \(empty) boxes of zero or negative width or height not written (YOLO readers skip them)") }
        files.countUnkept(in: dataset, keeping: DatasetFiles.Kept())
        return files
    }
}
