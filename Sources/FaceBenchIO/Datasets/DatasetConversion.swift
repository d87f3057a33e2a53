import FaceBenchModel

/// The formats `facebench convert` writes, each in the layout its reader recognises first, so
/// `--dataset DIR` reads the output back:
///
/// | target | annotations | images | keeps |
/// |---|---|---|---|
/// | `coco` | `annotations/instances.json` | `images/` | boxes at full precision, ignore, crowd, landmarks, sizes |
/// | `yolo` | `data.yaml` + `labels/<stem>.txt` | `images/` | boxes as shortest round-trip fractions (back within 1e-6 px) |
/// | `voc` | `Annotations/<name>.xml` | `JPEGImages/` | corners as whole pixels (VOC's 1-based inclusive), difficult = ignore, pose/truncated/occluded, sizes |
/// | `csv` | `annotations.csv` (`file,x,y,w,h,ignore,…`) | `images/` | boxes at full precision, ignore, attributes as columns |
///
/// What a target has no place for (landmarks, an ignore or crowd flag, attributes, ellipses,
/// WIDER labels) is counted in a warning, never dropped silently.
public enum ConversionTarget: String, CaseIterable, Sendable {
    case coco, yolo, voc, csv

    /// The dataset's files in this format.
    public func files(_ dataset: Dataset) throws -> DatasetFiles {
        switch self {
        case .coco: COCOWriter.files(dataset)
        case .yolo: try YOLOWriter.files(dataset)
        case .voc: try PascalVOCWriter.files(dataset)
        case .csv: CSVBoxWriter.files(dataset)
        }
    }
}

/// A dataset as files of one format, by paths relative to the folder they go into, and the
/// counted warnings for what the format could not hold.
public struct DatasetFiles: Sendable {
    public enum Contents: Sendable, Equatable {
        case bytes([UInt8])
        /// The bytes of a file read when written (an image copied into the output).
        case copy(of: String)
    }

    public struct File: Sendable, Equatable {
        public var path: String
        public var contents: Contents
    }

    public var format: String
    public var files: [File] = []
    public var warnings: [String] = []

    /// The annotations are added by the writer; every image with a file is copied into
    /// `imageFolder` under its name, where the format's reader looks for it.
    init(format: String, imageFolder: String, dataset: Dataset) {
        self.format = format
        files = dataset.samples.compactMap { sample in
            sample.path.map { File(path: imageFolder + "/" + Self.imageFileName(sample.name, path: $0), contents: .copy(of: $0)) }
        }
    }

    /// The name of an image's copy: its sample name, with the file's extension when the name
    /// has none (FDDB's), so readers that list images by extension find it.
    static func imageFileName(_ name: String, path: String) -> String {
        let last = FileIO.lastComponent(name), file = FileIO.lastComponent(path)
        guard !last.contains("."), let dot = file.lastIndex(of: ".") else { return name }
        return name + file[dot...]
    }

    mutating func add(_ path: String, _ bytes: [UInt8]) {
        files.append(File(path: path, contents: .bytes(bytes)))
    }

    /// What a format keeps of a face beyond its box.
    struct Kept {
        var landmarks = false
        var ignore = false
        var crowd = false
        /// The face attributes it keeps, by name.
        var attribute: (String) -> Bool = { _ in false }
    }

    /// Counts each fact of `dataset` that `kept` has no place for, as one warning per kind.
    mutating func countUnkept(in dataset: Dataset, keeping kept: Kept) {
        var landmarks = 0, ignore = 0, crowd = 0, ellipses = 0, widerLabels = 0, imageAttributes = 0
        var attributes: [String: Int] = [:]
        for sample in dataset.samples {
            if !sample.attributes.isEmpty { imageAttributes += 1 }
            for face in sample.faces {
                if face.landmarks != nil, !kept.landmarks { landmarks += 1 }
                if face.crowd, !kept.crowd { crowd += 1 } else if face.ignore, !kept.ignore { ignore += 1 }
                if face.ellipse != nil { ellipses += 1 }
                if face.widerLabels != nil { widerLabels += 1 }
                for key in face.attributes.keys where !kept.attribute(key) { attributes[key, default: 0] += 1 }
            }
        }
        func note(_ count: Int, _ what: String) {
            if count > 0 { warnings.append("\(format): \(count) \(what)") }
        }
        note(landmarks, "faces' landmarks not written (the format has no landmarks)")
        note(crowd, kept.ignore ? "crowd regions written as ignored faces (the format has no crowd flag)" : "crowd regions written as ordinary faces (the format has no crowd or ignore flag)")
        note(ignore, "ignored faces written as ordinary faces (the format has no ignore flag)")
        note(ellipses, "faces' ellipses not written (only their boxes)")
        note(widerLabels, "faces' WIDER labels (blur, pose, occlusion…) not written")
        note(imageAttributes, "images' attributes (\(Set(dataset.samples.flatMap(\.attributes.keys)).sorted().joined(separator: ", "))) not written")
        for (key, count) in attributes.sorted(by: { $0.key < $1.key }) {
            note(count, "faces' attribute '\(key)' not written")
        }
    }

    /// Writes every file under `folder`, which must be new or empty: each path is built by
    /// `OutputFolder` from checked names, so an image named `../x.jpg` is refused, not written
    /// outside. `source` reads the images copied.
    public func write(into folder: String, source: any FileSource = LocalFiles()) throws {
        if FileIO.exists(folder) {
            guard FileIO.isDirectory(folder) else { throw FaceBenchError.io(path: folder, reason: "is not a folder") }
            guard FileIO.list(folder).isEmpty else {
                throw FaceBenchError.usage("\(folder) is not empty: convert writes only into a new or empty folder, so it never mixes with or replaces other files")
            }
        }
        try FileIO.createDirectory(folder)
        let output = OutputFolder(folder)
        // Every name is checked before anything is written, so a bad one leaves the folder empty.
        let paths = try files.map { try output.path($0.path, what: "\(format) file '\($0.path)'") }
        for (file, path) in zip(files, paths) {
            switch file.contents {
            case let .bytes(bytes): try FileIO.writeAtomically(bytes, to: path)
            case let .copy(of: image): try FileIO.writeAtomically(try source.read(image), to: path)
            }
        }
    }

    /// The files as `MemoryFiles` under `folder`, the images read from `source`: a conversion
    /// read back without touching the disk.
    public func memoryFiles(under folder: String, source: any FileSource = LocalFiles()) throws -> MemoryFiles {
        var memory: [String: [UInt8]] = [:]
        for file in files {
            if let problem = PathComponent.relativePathProblem(file.path) {
                throw FaceBenchError.unsafeName(source: "\(format) file '\(file.path)'", folder: nil, problem: problem)
            }
            switch file.contents {
            case let .bytes(bytes): memory[folder + "/" + file.path] = bytes
            case let .copy(of: image): memory[folder + "/" + file.path] = try source.read(image)
            }
        }
        return MemoryFiles(memory)
    }
}
