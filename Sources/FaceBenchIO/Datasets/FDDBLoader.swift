import FaceBenchModel

/// Reads FDDB's ground truth: the ten folds' ellipse lists `FDDB-fold-NN-ellipseList.txt`
/// (image path without extension, face count, then
/// `major_radius minor_radius angle center_x center_y 1` per face), or one such list given
/// as a file; a folder as FDDB unpacks (`FDDB-folds/` beside `originalPics/`) reads the
/// folds from `FDDB-folds/`.
///
/// Samples are in fold order, named as the list names them (`2002/08/11/big/img_591`), with
/// the fold as the `fold` attribute. Each face keeps its ellipse (`Face.ellipse`, angle in
/// radians as annotated) and gets the ellipse's bounding box as its box. When the images are
/// present (`<root>/originalPics/<name>.jpg` or `<root>/<name>.jpg`), samples get their path
/// and size — FDDB's toolkit clips every region to the image, so the sizes make its overlaps
/// exact. Images that are absent take their size from `<root>/FDDB-image-sizes.txt`
/// (`FDDBImageSizes`, written by `facebench fddb-sizes`) when it lists them. Errors name the
/// file and line.
public enum FDDBLoader {
    public static func load(root: String, name: String, source: any FileSource = LocalFiles()) throws -> Dataset {
        let files: [String]
        let folder: String
        if source.isDirectory(root) {
            folder = root
            let folds = foldsFolder(root, source: source)
            files = source.list(folds).filter { $0.hasPrefix("FDDB-fold-") && $0.hasSuffix("-ellipseList.txt") }.map { folds + "/" + $0 }
            guard !files.isEmpty else { throw FaceBenchError.malformed(path: root, location: nil, reason: "no FDDB-fold-NN-ellipseList.txt files here") }
        } else {
            files = [root]
            folder = FileIO.parent(of: root)
        }
        let sizesFile = folder + "/" + FDDBImageSizes.fileName
        let sizes = source.exists(sizesFile) ? try FDDBImageSizes.read(sizesFile, source: source) : [:]
        var samples: [Sample] = []
        var seen = Set<String>()
        for file in files {
            let fold = foldNumber(file)
            let lines = Array(try source.lines(file))
            try CountedBlocks(countName: "face count", entryName: "faces").forEach(lines, in: file) { block in
                let image = block.name
                guard seen.insert(image).inserted else {
                    throw FaceBenchError.malformed(path: file, location: "line \(block.nameLine + 1)", reason: "\(image) is listed twice")
                }
                var faces: [Face] = []
                for line in lines[block.entries] {
                    let ellipse = try parseEllipse(line, in: file)
                    faces.append(Face(box: ellipse.boundingBox, ellipse: ellipse))
                }
                var sample = Sample(id: samples.count + 1, name: image, faces: faces, attributes: fold.map { ["fold": $0] } ?? [:])
                if let path = imagePath(of: image, in: folder, source: source) {
                    let size = try source.imageSize(path)
                    sample.path = path
                    sample.width = size.width
                    sample.height = size.height
                } else if let size = sizes[image] {
                    sample.width = size.width
                    sample.height = size.height
                }
                samples.append(sample)
            }
        }
        var dataset = Dataset(name: name, format: "fddb", root: folder, annotationFiles: files, samples: samples)
        dataset.imageFolders = [folder + "/originalPics", folder]
        return dataset
    }

    /// FDDB as unpacked keeps the folds in `FDDB-folds/` beside `originalPics/`.
    static func foldsFolder(_ root: String, source: any FileSource) -> String {
        source.isDirectory(root + "/FDDB-folds") ? root + "/FDDB-folds" : root
    }

    /// The image file of a fold entry under `folder`, if it is there.
    public static func imagePath(of name: String, in folder: String, source: any FileSource = LocalFiles()) -> String? {
        [folder + "/originalPics/" + name + ".jpg", folder + "/" + name + ".jpg"].first(where: source.exists)
    }

    /// True for a folder of FDDB fold files or an `*ellipseList.txt` file.
    public static func recognises(_ path: String) -> Bool {
        if FileIO.isDirectory(path) {
            return FileIO.list(foldsFolder(path, source: LocalFiles())).contains { $0.hasPrefix("FDDB-fold-") && $0.hasSuffix("-ellipseList.txt") }
        }
        return path.hasSuffix("ellipseList.txt")
    }

    /// `major minor angle cx cy [score]`: the five numbers of an FDDB ellipse line.
    static func parseEllipse(_ line: NumberedLines.Line, in file: String) throws -> Ellipse {
        let values = line.fields.prefix(5).map { Double($0) }
        guard values.count == 5, values.allSatisfy({ $0?.isFinite == true }) else {
            throw FaceBenchError.malformed(path: file, location: "line \(line.number)", reason: "expected 'major_radius minor_radius angle center_x center_y 1'")
        }
        let ellipse = Ellipse(majorRadius: values[0]!, minorRadius: values[1]!, angle: values[2]!, centerX: values[3]!, centerY: values[4]!)
        if let reason = ellipse.angleProblem { throw FaceBenchError.malformed(path: file, location: "line \(line.number)", reason: reason) }
        return ellipse
    }

    static func foldNumber(_ file: String) -> String? {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        guard name.hasPrefix("FDDB-fold-") else { return nil }
        return String(name.dropFirst("FDDB-fold-".count).prefix { $0.isNumber })
    }
}
