import FaceBenchModel

/// Where WIDER FACE's images are, when the user has them: the official downloads unpack to
/// `WIDER_<split>/images/<event>/<image>.jpg` beside `wider_face_split/` (the text ground
/// truth) or beside the evaluation tool's `ground_truth/` folder (the .mat files), so the
/// images are looked for from the ground truth's folder: `images/`, `WIDER_<split>/images/`,
/// and `WIDER_<split>/images/` one folder up. Without them the set stays ground truth only
/// (`eval`); with them `run` detects on it.
enum WIDERImageFolder {
    static func candidates(groundTruthFolder root: String, split: String) -> [String] {
        [root + "/images", root + "/WIDER_\(split)/images", FileIO.parent(of: root) + "/WIDER_\(split)/images"]
    }

    /// The dataset with each sample's image path and size, for the images present.
    static func attach(to dataset: Dataset, split: String) throws -> Dataset {
        guard let folder = candidates(groundTruthFolder: dataset.root, split: split).first(where: FileIO.isDirectory) else {
            return dataset
        }
        var out = dataset
        for index in out.samples.indices {
            let path = folder + "/" + out.samples[index].name
            guard FileIO.exists(path) else { continue }
            let size = try ImageHeader.size(ofFileAt: path)
            out.samples[index].path = path
            out.samples[index].width = size.width
            out.samples[index].height = size.height
        }
        return out
    }
}
