import FaceBenchModel

/// Reads the MIT+CMU frontal face test set as distributed in `../shared/datasets/mit-cmu`:
/// `ground_truth_bboxes.txt` (or the tighter `ground_truth_bboxes_face_only.txt`) with lines
/// `name.jpg x1 y1 x2 y2`, images under `images/` as `name.png`, and the optional
/// `ground_truth_landmarks.txt` (`name.jpg` then six points: left eye, right eye, nose,
/// left/centre/right mouth).
///
/// Every image in `images/` is a sample, so the faceless ones count for false positives.
/// Landmark lines belong to the boxes of their image in order; the file also lists faces
/// of images outside this set, which are skipped. Images are in file-name order.
public enum MITCMULoader {
    public enum Boxes: String, Sendable {
        case full = "ground_truth_bboxes.txt"
        case faceOnly = "ground_truth_bboxes_face_only.txt"
    }

    /// `images` replaces `root/images`.
    public static func load(
        root: String, name: String, boxes: Boxes = .full, images: String? = nil, source: any FileSource = LocalFiles()
    ) throws -> Dataset {
        let boxFile = root + "/" + boxes.rawValue
        let imageDirectory = images ?? root + "/images"
        var facesByImage: [String: [Face]] = [:]
        let lines = try source.lines(boxFile)
        for line in lines {
            let fields = line.fields
            if fields.isEmpty { continue }
            guard fields.count == 5 else { throw lines.malformed(line, "expected 'name x1 y1 x2 y2', found \(fields.count) fields") }
            let values = fields.dropFirst().map { Double($0) }
            guard values.allSatisfy({ $0?.isFinite == true }) else { throw lines.malformed(line, "coordinates must be numbers") }
            let box = Box(x1: values[0]!, y1: values[1]!, x2: values[2]!, y2: values[3]!)
            guard box.width > 0, box.height > 0 else { throw lines.malformed(line, "box has no area (x2 <= x1 or y2 <= y1)") }
            facesByImage[imageStem(fields[0]), default: []].append(Face(box: box))
        }

        let landmarkFile = root + "/ground_truth_landmarks.txt"
        var hasLandmarks = false
        // Where each image's landmark lines are, for the check against the image size, which
        // is known only once the images' headers are read below.
        var landmarkLines: NumberedLines?
        var landmarkLinesByImage: [String: [NumberedLines.Line]] = [:]
        if source.exists(landmarkFile) {
            hasLandmarks = true
            var pointsByImage: [String: [(line: NumberedLines.Line, points: [Point])]] = [:]
            let lines = try source.lines(landmarkFile)
            landmarkLines = lines
            let landmarkLines = lines
            for line in landmarkLines {
                let fields = line.fields
                if fields.isEmpty { continue }
                guard fields.count == 13 else { throw landmarkLines.malformed(line, "expected a name and 12 numbers, found \(fields.count) fields") }
                let values = fields.dropFirst().compactMap { Double($0) }
                guard values.count == 12 else { throw landmarkLines.malformed(line, "coordinates must be numbers") }
                let points = stride(from: 0, to: 12, by: 2).map { Point(x: values[$0], y: values[$0 + 1]) }
                if let problem = LandmarkChecks.problem(points, width: nil, height: nil) { throw landmarkLines.malformed(line, problem) }
                pointsByImage[imageStem(fields[0]), default: []].append((line, points))
            }
            for (stem, entries) in pointsByImage {
                guard var faces = facesByImage[stem] else { continue }
                guard entries.count == faces.count else {
                    throw landmarkLines.malformed(entries[0].line, "\(stem) has \(entries.count) landmark lines for \(faces.count) boxes")
                }
                for index in faces.indices { faces[index].landmarks = entries[index].points }
                facesByImage[stem] = faces
                landmarkLinesByImage[stem] = entries.map(\.line)
            }
        }

        let files = source.list(imageDirectory).filter { $0.hasSuffix(".png") || $0.hasSuffix(".jpg") || $0.hasSuffix(".gif") }
        guard !files.isEmpty else { throw FaceBenchError.io(path: imageDirectory, reason: "no images found") }
        let known = Set(files.map { imageStem(Substring($0)) })
        if let orphan = facesByImage.keys.sorted().first(where: { !known.contains($0) }) {
            throw FaceBenchError.malformed(path: boxFile, location: nil, reason: "faces annotated for \(orphan), which is not in \(imageDirectory)")
        }
        var samples: [Sample] = []
        for file in files {
            let path = imageDirectory + "/" + file
            let size = try source.imageSize(path)
            let stem = imageStem(Substring(file))
            let faces = facesByImage[stem] ?? []
            if let landmarkLines, let lines = landmarkLinesByImage[stem] {
                for (face, line) in zip(faces, lines) {
                    if let problem = LandmarkChecks.problem(face.landmarks ?? [], width: size.width, height: size.height) {
                        throw landmarkLines.malformed(line, problem)
                    }
                }
            }
            samples.append(Sample(id: samples.count + 1, name: file, path: path, width: size.width, height: size.height, faces: faces))
        }
        var dataset = Dataset(
            name: name, format: "mit-cmu", root: root,
            annotationFiles: [boxFile] + (hasLandmarks ? [landmarkFile] : []),
            samples: samples, landmarkScheme: hasLandmarks ? "mitcmu6" : nil)
        dataset.imageFolders = [imageDirectory]
        return dataset
    }

    /// `voyager.jpg` → `voyager`: the annotation names the original GIF/JPEG, the folder
    /// holds PNG conversions.
    static func imageStem(_ name: Substring) -> String {
        guard let dot = name.lastIndex(of: ".") else { return String(name) }
        return String(name[..<dot])
    }
}
