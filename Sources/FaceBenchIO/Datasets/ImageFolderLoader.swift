import FaceBenchModel

/// Reads a folder of images that nobody annotated: every image file directly in it (by
/// extension, any case, hidden files aside) is a sample, in name order, sized from its header.
/// The dataset has no ground truth (`Dataset.hasGroundTruth`), so `run` times the detectors,
/// counts what they find and compares them with each other, and scores nothing. It is the
/// last format tried: a folder any annotation format recognises is read as that format.
public enum ImageFolderLoader {
    public static let expects =
        "a folder holding image files (jpg, png, …) and no annotations: detectors are timed and compared with each other, not scored"

    public static func recognises(_ path: String, source: any FileSource = LocalFiles()) -> Bool {
        source.isDirectory(path) && !ImageFolders.images(in: path, source: source).isEmpty
    }

    /// `reading.images` replaces `path` as the folder the images are taken from.
    public static func load(path: String, name: String, reading: DatasetReading = DatasetReading(), source: any FileSource = LocalFiles()) throws -> Dataset {
        let folder = reading.images ?? path
        guard source.isDirectory(folder) else {
            throw FaceBenchError.malformed(path: folder, location: nil, reason: "not a folder; expected " + expects)
        }
        let names = ImageFolders.images(in: folder, source: source).sorted()
        guard !names.isEmpty else {
            throw FaceBenchError.malformed(path: folder, location: nil, reason: "no image files in it (looked for \(ImageFolders.extensions.sorted().joined(separator: ", ")))")
        }
        let samples = try names.enumerated().map { index, image in
            let file = folder + "/" + image
            let size = try source.imageSize(file)
            return Sample(id: index + 1, name: image, path: file, width: size.width, height: size.height, faces: [])
        }
        var dataset = Dataset(name: name, format: "images", root: path, annotationFiles: [], samples: samples)
        dataset.imageFolders = [folder]
        dataset.hasGroundTruth = false
        return dataset
    }
}
