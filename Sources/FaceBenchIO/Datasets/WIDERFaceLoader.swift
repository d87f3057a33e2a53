import FaceBenchModel
import FaceBenchEvaluation

/// Reads WIDER FACE ground truth as the official evaluation ships it, in either layout:
///
/// - the MATLAB files `wider_face_<split>.mat` (`event_list`, `file_list`, `face_bbx_list`
///   and the per-face `*_label_list`s) with `wider_{easy,medium,hard}_<split>.mat`, whose
///   `gt_list{event}{image}` holds the 1-based indices of the faces each difficulty keeps;
/// - the text file `wider_face_<split>_bbx_gt.txt`: image path, face count, then
///   `x y w h blur expression illumination invalid occlusion pose` per face (an image with
///   no face still has one all-zero line).
///
/// A folder with the .mat files is read from them (the official evaluation's input); a folder
/// with only the text file, or the text file itself, gives the faces without difficulty
/// subsets. Samples keep the official order (events as `event_list` lists them, images
/// within an event in file order) and are named `event/image.jpg` with the event as the
/// `event` attribute. Faces carry their labels (`Face.widerLabels`: blur, expression,
/// illumination, invalid, occlusion, pose) and `Face.widerDifficulty` = the easiest subset
/// that keeps them (`easy` ⊂ `medium` ⊂ `hard`, which the loader checks). Faces no subset
/// keeps — or, without subsets, faces labelled invalid — are `ignore`, so the basic metrics
/// agree with the hard setting. Boxes are integers in pixels, as annotated.
public enum WIDERFaceLoader {
    /// The official difficulty settings, easiest first: the `wider` protocol's.
    public static let settings = WIDEREvaluator.settings
    static let labelNames = WIDERLabels.names

    /// Loads a folder (the .mat files when present, else the text file) or a `*_bbx_gt.txt`
    /// file. `split` picks `val`, `train`, … when the folder holds several.
    /// Images found beside the ground truth (`WIDERImageFolder`) are attached to the samples.
    public static func load(root: String, name: String, split: String? = nil, zlib: any ZlibDecompressor) throws -> Dataset {
        if !FileIO.isDirectory(root) { return try WIDERImageFolder.attach(to: loadText(path: root, name: name), split: split ?? textSplit(root)) }
        let files = FileIO.list(root)
        let splits = files.compactMap { file -> String? in
            guard file.hasPrefix("wider_face_"), file.hasSuffix(".mat") else { return nil }
            return String(file.dropFirst("wider_face_".count).dropLast(".mat".count))
        }
        if let chosen = split ?? (splits.contains("val") ? "val" : splits.first), splits.contains(chosen) {
            return try WIDERImageFolder.attach(to: loadMAT(root: root, name: name, split: chosen, zlib: zlib), split: chosen)
        }
        let texts = files.filter { $0.hasPrefix("wider_face_") && $0.hasSuffix("_bbx_gt.txt") }
        let preferred = "wider_face_\(split ?? "val")_bbx_gt.txt"
        guard let text = texts.contains(preferred) ? preferred : split == nil ? texts.first : nil else {
            throw FaceBenchError.malformed(path: root, location: nil, reason: "no wider_face_<split>.mat or wider_face_<split>_bbx_gt.txt here")
        }
        return try WIDERImageFolder.attach(to: loadText(path: root + "/" + text, name: name), split: textSplit(text))
    }

    /// `val` of `wider_face_val_bbx_gt.txt`.
    static func textSplit(_ path: String) -> String {
        let file = String(path.split(separator: "/").last ?? "")
        guard file.hasPrefix("wider_face_"), file.hasSuffix("_bbx_gt.txt") else { return "val" }
        return String(file.dropFirst("wider_face_".count).dropLast("_bbx_gt.txt".count))
    }

    /// True for a folder holding WIDER's ground-truth files, or a `*_bbx_gt.txt` file.
    public static func recognises(_ path: String) -> Bool {
        if !FileIO.isDirectory(path) { return path.hasSuffix("_bbx_gt.txt") }
        return FileIO.list(path).contains { $0.hasPrefix("wider_face_") && ($0.hasSuffix(".mat") || $0.hasSuffix("_bbx_gt.txt")) }
    }

    public static func loadMAT(root: String, name: String, split: String, zlib: any ZlibDecompressor, source: any FileSource = LocalFiles()) throws -> Dataset {
        let mainPath = root + "/wider_face_\(split).mat"
        let main = try MATFile(bytes: source.read(mainPath), path: mainPath, zlib: zlib)
        let events = try cells(main, "event_list")
        let files = try cells(main, "file_list")
        let boxes = try cells(main, "face_bbx_list")
        let labels = try labelNames.map { try cells(main, $0 + "_label_list") }
        guard files.count == events.count, boxes.count == events.count, labels.allSatisfy({ $0.count == events.count }) else {
            throw FaceBenchError.malformed(path: mainPath, location: nil, reason: "event_list, file_list, face_bbx_list and the label lists differ in length")
        }

        var keepFiles: [String] = []
        var keepLists: [[MATValue]] = []
        for setting in settings {
            let path = root + "/wider_\(setting)_\(split).mat"
            guard source.exists(path) else { continue }
            keepFiles.append(path)
            let keep = try cells(MATFile(bytes: source.read(path), path: path, only: ["gt_list"], zlib: zlib), "gt_list", in: path)
            // Indexed by event below: a file of another split (or cut short) would index past its end.
            guard keep.count == events.count else {
                throw FaceBenchError.malformed(
                    path: path, location: "gt_list",
                    reason: "has \(keep.count) cells but \(mainPath)'s event_list has \(events.count); the files are of different splits")
            }
            keepLists.append(keep)
        }
        guard keepLists.isEmpty || keepLists.count == settings.count else {
            throw FaceBenchError.malformed(
                path: root, location: nil, reason: "found \(keepFiles.count) of the three wider_{easy,medium,hard}_\(split).mat files; need all or none")
        }

        var samples: [Sample] = []
        for e in events.indices {
            guard let event = events[e].string ?? events[e].cellElements?.first?.string else {
                throw FaceBenchError.malformed(path: mainPath, location: "event_list{\(e + 1)}", reason: "expected a string, found \(events[e].summary)")
            }
            let eventFiles = try nested(files[e], "file_list", e, mainPath)
            let eventBoxes = try nested(boxes[e], "face_bbx_list", e, mainPath)
            let eventLabels = try labels.enumerated().map { try nested($1[e], labelNames[$0] + "_label_list", e, mainPath) }
            let eventKeeps = try keepLists.enumerated().map { try nested($1[e], "gt_list", e, keepFiles[$0]) }
            guard eventBoxes.count == eventFiles.count, eventLabels.allSatisfy({ $0.count == eventFiles.count }),
                  eventKeeps.allSatisfy({ $0.count == eventFiles.count })
            else {
                throw FaceBenchError.malformed(path: mainPath, location: "event \(e + 1) (\(event))", reason: "per-image lists differ in length")
            }
            for i in eventFiles.indices {
                let location = "face_bbx_list{\(e + 1)}{\(i + 1)}"
                guard let file = eventFiles[i].string ?? eventFiles[i].cellElements?.first?.string else {
                    throw FaceBenchError.malformed(path: mainPath, location: "file_list{\(e + 1)}{\(i + 1)}", reason: "expected a string, found \(eventFiles[i].summary)")
                }
                guard let matrix = eventBoxes[i].numeric, matrix.real.isEmpty || matrix.dimensions == [matrix.real.count / 4, 4] else {
                    throw FaceBenchError.malformed(path: mainPath, location: location, reason: "expected an n×4 matrix, found \(eventBoxes[i].summary)")
                }
                let count = matrix.real.count / 4
                var faces = (0..<count).map { f in
                    Face(box: Box(x: matrix.real[f], y: matrix.real[f + count], width: matrix.real[f + 2 * count], height: matrix.real[f + 3 * count]))
                }
                var codes = [[Int]](repeating: [], count: count)
                for (l, list) in eventLabels.enumerated() {
                    guard let values = list[i].numeric?.real, values.count == count else {
                        throw FaceBenchError.malformed(path: mainPath, location: "\(labelNames[l])_label_list{\(e + 1)}{\(i + 1)}", reason: "expected \(count) labels")
                    }
                    for f in faces.indices {
                        guard values[f].isFinite, values[f] == values[f].rounded(), abs(values[f]) < 1e15 else {
                            throw FaceBenchError.malformed(
                                path: mainPath, location: "\(labelNames[l])_label_list{\(e + 1)}{\(i + 1)}", reason: "label \(values[f]) of face \(f + 1) is not a label")
                        }
                        codes[f].append(Int(values[f]))
                    }
                }
                for f in faces.indices { faces[f].widerLabels = WIDERLabels(codes: codes[f]) }
                if keepLists.isEmpty {
                    for f in faces.indices where faces[f].widerLabels?.invalid == true { faces[f].ignore = true }
                } else {
                    var kept: [Set<Int>] = []
                    for (s, lists) in eventKeeps.enumerated() {
                        guard let indices = lists[i].numeric?.real else {
                            throw FaceBenchError.malformed(path: keepFiles[s], location: "gt_list{\(e + 1)}{\(i + 1)}", reason: "expected face indices, found \(lists[i].summary)")
                        }
                        var set = Set<Int>()
                        for value in indices {
                            guard value == value.rounded(), value >= 1, value <= Double(count) else {
                                throw FaceBenchError.malformed(
                                    path: keepFiles[s], location: "gt_list{\(e + 1)}{\(i + 1)}",
                                    reason: "face index \(JSONWriter.format(value)) is not in 1...\(count)")
                            }
                            set.insert(Int(value) - 1)
                        }
                        if let easier = kept.last, !easier.isSubset(of: set) {
                            throw FaceBenchError.malformed(
                                path: keepFiles[s], location: "gt_list{\(e + 1)}{\(i + 1)}",
                                reason: "does not keep every face the \(settings[s - 1]) setting keeps; settings must be nested")
                        }
                        kept.append(set)
                    }
                    for f in faces.indices {
                        if let easiest = kept.firstIndex(where: { $0.contains(f) }) {
                            faces[f].widerDifficulty = WIDERDifficulty.allCases[easiest]
                        } else {
                            faces[f].ignore = true
                        }
                    }
                }
                let imageName = "\(event)/\(file).jpg"
                if let problem = PathComponent.relativePathProblem(imageName) {
                    throw FaceBenchError.malformed(path: mainPath, location: "file_list{\(e + 1)}{\(i + 1)}", reason: imageNameProblem(imageName, problem))
                }
                samples.append(Sample(id: samples.count + 1, name: imageName, faces: faces, attributes: ["event": event]))
            }
        }
        return Dataset(name: name, format: "wider", root: root, annotationFiles: [mainPath] + keepFiles, samples: samples)
    }

    public static func loadText(path: String, name: String, source: any FileSource = LocalFiles()) throws -> Dataset {
        let lines = Array(try source.lines(path))
        var samples: [Sample] = []
        // An image without faces still has one placeholder line.
        try CountedBlocks(countName: "face count", entryName: "faces", placeholderLines: 1).forEach(lines, in: path) { block in
            let imageName = block.name
            if let problem = PathComponent.relativePathProblem(imageName) {
                throw FaceBenchError.malformed(path: path, location: "line \(lines[block.nameLine].number)", reason: imageNameProblem(imageName, problem))
            }
            var faces: [Face] = []
            for line in lines[block.entries] {
                let values = line.fields.map { Int($0) }
                guard values.count >= 4, values.allSatisfy({ $0 != nil }) else {
                    throw FaceBenchError.malformed(path: path, location: "line \(line.number)", reason: "expected 'x y w h' and optional labels as integers")
                }
                var face = Face(box: Box(x: Double(values[0]!), y: Double(values[1]!), width: Double(values[2]!), height: Double(values[3]!)))
                if values.count >= 4 + labelNames.count {
                    face.widerLabels = WIDERLabels(codes: values[4..<(4 + labelNames.count)].map { $0! })
                }
                face.ignore = face.widerLabels?.invalid == true
                faces.append(face)
            }
            let event = String(imageName.split(separator: "/").first ?? "")
            samples.append(Sample(id: samples.count + 1, name: imageName, faces: faces, attributes: ["event": event]))
        }
        let root = FileIO.parent(of: path)
        return Dataset(name: name, format: "wider", root: root, annotationFiles: [path], samples: samples)
    }

    /// WIDER names its images EVENT/IMAGE.jpg, and `<detector>.wider/` files are named after
    /// them, so a name that could leave that folder (`../x.jpg`) is refused where it is read.
    static func imageNameProblem(_ name: String, _ problem: String) -> String {
        "image name '\(name)' \(problem); WIDER names images EVENT/IMAGE.jpg"
    }

    static func cells(_ file: MATFile, _ name: String, in path: String? = nil) throws -> [MATValue] {
        let value = try file.variable(name)
        guard let elements = value.cellElements else {
            throw FaceBenchError.malformed(path: path ?? file.path, location: name, reason: "expected a cell array, found \(value.summary)")
        }
        return elements
    }

    static func nested(_ value: MATValue, _ name: String, _ event: Int, _ path: String) throws -> [MATValue] {
        guard let elements = value.cellElements else {
            throw FaceBenchError.malformed(path: path, location: "\(name){\(event + 1)}", reason: "expected a cell array, found \(value.summary)")
        }
        return elements
    }
}
