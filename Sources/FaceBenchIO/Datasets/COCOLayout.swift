import FaceBenchModel

/// The folder layouts COCO ground truth comes in, and where each keeps its images:
///
/// | layout | annotation file | images |
/// |---|---|---|
/// | COCO, CVAT "COCO 1.0", Supervisely | `annotations/instances_<split>.json` (any `*.json`) | `images/`, `images/<split>/`, `<split>/` |
/// | FiftyOne `COCODetectionDataset` | `labels.json` | `data/` |
/// | Roboflow "COCO JSON" (one split) | `_annotations.coco.json` | beside it |
/// | Label Studio "COCO" | `result.json` | `images/` |
///
/// A file given by path looks for images beside itself and, inside `annotations/`, where
/// the first layout keeps them. A Roboflow export's root (`train/`, `valid/`, `test/`) is
/// recognised so that the error can name the splits to choose from.
public enum COCOLayout {
    public static let expects =
        "a COCO JSON file ({\"images\", \"annotations\", \"categories\"}), or a folder with annotations/*.json + images/, "
        + "labels.json + data/ (FiftyOne), _annotations.coco.json + images beside it (Roboflow) or result.json + images/ (Label Studio COCO)"

    /// Files named by the layouts directly in a folder, in the order they are tried.
    static let topLevelNames = ["labels.json", "_annotations.coco.json", "result.json"]

    public static func recognises(_ path: String, source: any FileSource = LocalFiles()) -> Bool {
        if !source.isDirectory(path) { return path.lowercased().hasSuffix(".json") && isObject(path, source: source) }
        return (try? annotationFile(in: path, source: source)) != nil || !splits(in: path, source: source).isEmpty
    }

    /// The one annotation file of a folder in one of the layouts.
    public static func annotationFile(in folder: String, source: any FileSource = LocalFiles()) throws -> String {
        for name in topLevelNames where source.exists(folder + "/" + name) && isObject(folder + "/" + name, source: source) {
            return folder + "/" + name
        }
        let annotations = folder + "/annotations"
        let files = source.list(annotations).filter { $0.lowercased().hasSuffix(".json") }.map { annotations + "/" + $0 }
            .filter { isObject($0, source: source) }
        // COCO's own downloads hold instances_, person_keypoints_ and captions_ files side by side.
        let instances = files.filter { FileIO.lastComponent($0).hasPrefix("instances") }
        let candidates = instances.isEmpty ? files : instances
        if candidates.count == 1 { return candidates[0] }
        if candidates.count > 1 {
            throw FaceBenchError.malformed(
                path: annotations, location: nil,
                reason: "several COCO files (\(candidates.map(FileIO.lastComponent).joined(separator: ", "))): give the one to read as --dataset \(annotations)/NAME.json")
        }
        let splits = splits(in: folder, source: source)
        if !splits.isEmpty {
            throw FaceBenchError.malformed(
                path: folder, location: nil,
                reason: "a Roboflow export with the splits \(splits.joined(separator: ", ")): give one, e.g. --dataset \(folder)/\(splits[0])")
        }
        throw FaceBenchError.malformed(path: folder, location: nil, reason: "no COCO file here; expected " + expects)
    }

    /// Where a layout keeps the images of `file`: beside it, then the layout's own folders.
    public static func imageFolders(of file: String) -> [String] {
        let directory = FileIO.parent(of: file)
        let name = FileIO.lastComponent(file)
        var folders = [directory]
        if name == "labels.json" { folders.insert(directory + "/data", at: 0) }
        if name == "result.json" { folders.insert(directory + "/images", at: 0) }
        if FileIO.lastComponent(directory) == "annotations" {
            let root = FileIO.parent(of: directory)
            let stem = ImageFolders.stem(name)
            let split = stem.hasPrefix("instances_") ? String(stem.dropFirst("instances_".count)) : nil
            folders = [root + "/images"] + (split.map { [root + "/images/" + $0, root + "/" + $0] } ?? []) + folders
        }
        return folders
    }

    /// The subfolders of a Roboflow export's root, each a split with its own `_annotations.coco.json`.
    static func splits(in folder: String, source: any FileSource) -> [String] {
        source.list(folder).filter { source.exists(folder + "/" + $0 + "/_annotations.coco.json") }
    }

    static func isObject(_ file: String, source: any FileSource) -> Bool {
        guard !source.isDirectory(file), let bytes = try? source.readPrefix(file, count: 256) else { return false }
        return JSONReader.significantBytes(bytes).first == UInt8(ascii: "{")
    }
}
