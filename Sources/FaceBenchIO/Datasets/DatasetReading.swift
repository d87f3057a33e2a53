import FaceBenchModel

/// How a dataset given by path is to be read, beyond what its files say: the options
/// `--dataset-format`, `--images` and `--class`.
public struct DatasetReading: Sendable, Equatable {
    /// A format name (`DatasetFormat.name`) to use instead of recognising one.
    public var format: String?
    /// The folder holding the images, whatever the annotations say about where they are.
    public var images: String?
    /// The class whose boxes are faces, by name or (YOLO) index, where a format has classes.
    public var faceClass: String?

    public init(format: String? = nil, images: String? = nil, faceClass: String? = nil) {
        self.format = format
        self.images = images
        self.faceClass = faceClass
    }

    public var isDefault: Bool { self == DatasetReading() }
}

/// Where loaders look for the image an annotation names: in each of `folders` in turn, as
/// named (`sub/a.jpg`) and then by its last component. `Dataset.imageFolders` keeps the
/// folders, so a missing image can be reported with where it was looked for.
public struct ImageFolders: Sendable {
    public var folders: [String]

    public init(_ folders: [String]) {
        self.folders = folders
    }

    /// The folders of a loader, or only `reading.images` when it was given.
    public init(default folders: [String], reading: DatasetReading) {
        self.folders = reading.images.map { [$0] } ?? folders
    }

    /// The first existing file for `name`, or nil.
    public func locate(_ name: String, source: any FileSource) -> String? {
        if name.hasPrefix("/") { return source.exists(name) && !source.isDirectory(name) ? name : nil }
        let last = name.split(separator: "/").last.map(String.init) ?? name
        // FDDB names its images without the extension.
        let extensionless = !last.contains(".")
        for folder in folders {
            for candidate in Set([name, last]).sorted(by: { $0.count > $1.count }) {
                let path = folder.isEmpty ? candidate : folder + "/" + candidate
                if source.exists(path), !source.isDirectory(path) { return path }
                if extensionless, let found = Self.extensions.sorted().lazy.map({ path + "." + $0 }).first(where: source.exists) { return found }
            }
        }
        return nil
    }

    /// The image file names in `folder` (by extension, any case), sorted.
    public static func images(in folder: String, source: any FileSource) -> [String] {
        source.list(folder).filter { name in
            guard let dot = name.lastIndex(of: "."), !name.hasPrefix(".") else { return false }
            return extensions.contains(name[name.index(after: dot)...].lowercased())
        }
    }

    /// What FaceBench decodes (`NativeImageDecoder`), and the formats users label and
    /// FaceBench can at least size from the header or refuse by name at decoding.
    public static let extensions: Set<String> = ["jpg", "jpeg", "png", "pgm", "ppm", "pnm", "bmp", "gif", "tif", "tiff", "webp"]

    /// `a/b/photo.jpg` → `photo`.
    public static func stem(_ name: String) -> String {
        let last = name.split(separator: "/").last.map(String.init) ?? name
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return last }
        return String(last[..<dot])
    }
}
