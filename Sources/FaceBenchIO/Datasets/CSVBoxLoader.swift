import FaceBenchModel

/// Reads a CSV of boxes with a header row: a row per face, `file,x,y,w,h[,…]` or
/// `file,x1,y1,x2,y2[,…]` (RFC 4180 quoting). The header names decide what each column is:
///
/// - the image: `file`, `filename`, `file_name`, `image`, `image_name`, `image_path` or `path`;
/// - the box, one convention only: `x y w h` / `x y width height` / `left top width height`
///   (corner and size), or `x1 y1 x2 y2` / `xmin ymin xmax ymax` / `left top right bottom`
///   (two corners); both present, or neither complete, is an error listing the headers read;
/// - `width` and `height` beside two corners are the image's size (TensorFlow's CSV);
/// - `class` / `label` / `category`: the face class is `FaceClass`'s choice among its values;
/// - `ignore`: 1/true marks the face ignored;
/// - every other column is kept as a face attribute under its header.
///
/// Header names match in any case, with `_`, `-` and spaces ignored. A row whose box fields
/// are all empty is an image without faces. Samples follow the first row of their image.
/// Images are looked for beside the file and in `images/` there (or `--images`); sizes come
/// from the image headers, else the `width`/`height` columns. Boxes are continuous pixels.
public enum CSVBoxLoader {
    public static let expects =
        "a CSV file (or a folder with one) whose header names the image (file, filename, image…) and a box as x,y,w,h or x1,y1,x2,y2 (xmin…, left,top,right,bottom)"

    static let fileNames: Set<String> = ["file", "filename", "image", "imagename", "imagepath", "path", "imagefile"]
    static let sizeConventions: [[String]] = [["x", "y", "w", "h"], ["x", "y", "width", "height"], ["left", "top", "width", "height"]]
    static let cornerConventions: [[String]] = [["x1", "y1", "x2", "y2"], ["xmin", "ymin", "xmax", "ymax"], ["left", "top", "right", "bottom"]]
    static let classNames: Set<String> = ["class", "label", "category", "classname"]

    /// The CSV file of a path: itself, or the one `.csv` of a folder.
    static func file(_ path: String, source: any FileSource) -> String? {
        if !source.isDirectory(path) { return path.lowercased().hasSuffix(".csv") ? path : nil }
        let files = source.list(path).filter { $0.lowercased().hasSuffix(".csv") }
        return files.count == 1 ? path + "/" + files[0] : nil
    }

    public static func recognises(_ path: String, source: any FileSource = LocalFiles()) -> Bool {
        guard let file = file(path, source: source), let prefix = try? source.readPrefix(file, count: 4096) else { return false }
        let firstLine = prefix.prefix { $0 != 0x0A && $0 != 0x0D }
        guard let header = try? records(of: Array(firstLine), file: file).first?.fields else { return false }
        return (try? Columns(header, file: file)) != nil
    }

    /// What each header is.
    struct Columns {
        var file: Int
        /// x, y and the width and height, or the two corners.
        var box: [Int]
        var corners: Bool
        var imageWidth: Int?
        var imageHeight: Int?
        var classColumn: Int?
        var ignore: Int?
        var attributes: [(index: Int, name: String)]

        init(_ header: [String], file path: String) throws {
            let keys = header.map { $0.lowercased().filter { !"_- ".contains($0) } }
            func fail(_ reason: String) -> FaceBenchError {
                .malformed(path: path, location: "line 1", reason: "\(reason); the headers read are \(header.map { "'\($0)'" }.joined(separator: ", "))")
            }
            let fileColumns = keys.indices.filter { CSVBoxLoader.fileNames.contains(keys[$0]) }
            guard fileColumns.count == 1 else {
                throw fail(fileColumns.isEmpty ? "no column names the image (file, filename, image, path…)" : "several columns name the image")
            }
            file = fileColumns[0]
            func matches(_ conventions: [[String]]) -> [[Int]] {
                conventions.compactMap { names in
                    let indices = names.compactMap { keys.firstIndex(of: $0) }
                    return indices.count == names.count ? indices : nil
                }
            }
            let sizes = matches(CSVBoxLoader.sizeConventions), cornerSets = matches(CSVBoxLoader.cornerConventions)
            switch (sizes.first, cornerSets.first) {
            case let (nil, corner?):
                box = corner
                corners = true
            case let (size?, nil):
                box = size
                corners = false
            case (_?, _?):
                throw fail("the box is given both as corner and size and as two corners")
            case (nil, nil):
                throw fail("no box columns: expected x,y,w,h or x,y,width,height or x1,y1,x2,y2 or xmin,ymin,xmax,ymax or left,top,right,bottom")
            }
            imageWidth = corners ? keys.firstIndex(of: "width") : nil
            imageHeight = corners ? keys.firstIndex(of: "height") : nil
            classColumn = keys.indices.first { CSVBoxLoader.classNames.contains(keys[$0]) }
            ignore = keys.firstIndex(of: "ignore")
            let used = Set([file] + box + [imageWidth, imageHeight, classColumn, ignore].compactMap { $0 })
            attributes = header.indices.filter { !used.contains($0) }.map { ($0, header[$0]) }
        }
    }

    public static func load(path: String, name: String, reading: DatasetReading = DatasetReading(), source: any FileSource = LocalFiles()) throws -> Dataset {
        guard let file = file(path, source: source) else {
            throw FaceBenchError.malformed(path: path, location: nil, reason: "no CSV file here (a folder needs exactly one *.csv); expected " + expects)
        }
        let rows = try records(of: try source.read(file), file: file)
        guard let header = rows.first else { throw FaceBenchError.malformed(path: file, location: nil, reason: "empty: expected a header row") }
        let columns = try Columns(header.fields, file: file)
        let body = rows.dropFirst().filter { !($0.fields.count == 1 && $0.fields[0].isEmpty) }
        for row in body where row.fields.count != header.fields.count {
            throw FaceBenchError.malformed(
                path: file, location: "line \(row.line)", reason: "\(row.fields.count) fields where the header has \(header.fields.count)")
        }
        let faceClass = try columns.classColumn.map { column in
            try FaceClass.chooseName(reading.faceClass, among: body.map { $0.fields[column] }.filter { !$0.isEmpty }, file: file)
        } ?? nil
        let directory = source.isDirectory(path) ? path : FileIO.parent(of: file)
        let folders = ImageFolders(default: [directory, directory + "/images"], reading: reading)
        var samples: [Sample] = [], position: [String: Int] = [:], skipped: [Int] = []
        for row in body {
            let fields = row.fields
            func fail(_ reason: String) -> FaceBenchError { .malformed(path: file, location: "line \(row.line)", reason: reason) }
            let image = fields[columns.file]
            guard !image.isEmpty else { throw fail("no image named in '\(header.fields[columns.file])'") }
            if position[image] == nil {
                position[image] = samples.count
                let found = folders.locate(image, source: source)
                var sample = Sample(id: samples.count + 1, name: image, path: found, faces: [])
                if let found {
                    let size = try source.imageSize(found)
                    (sample.width, sample.height) = (size.width, size.height)
                } else if let width = columns.imageWidth, let height = columns.imageHeight {
                    for (column, what) in [(width, "width"), (height, "height")] {
                        guard let side = Int(fields[column]), side > 0, Double(side) <= CoordinateBounds.limit else {
                            throw fail("image \(what) '\(fields[column])' is not a positive integer")
                        }
                    }
                    (sample.width, sample.height) = (Int(fields[width]), Int(fields[height]))
                }
                samples.append(sample)
            }
            let values = columns.box.map { fields[$0] }
            if values.allSatisfy(\.isEmpty) { continue }
            if let column = columns.classColumn, let faceClass, fields[column] != faceClass { continue }
            var numbers: [Double] = []
            for (value, column) in zip(values, columns.box) {
                guard let number = Double(value), number.isFinite else { throw fail("\(header.fields[column]) '\(value)' is not a number") }
                if let reason = CoordinateBounds.problem(number, header.fields[column]) { throw fail(reason) }
                numbers.append(number)
            }
            let box = columns.corners
                ? Box(x1: numbers[0], y1: numbers[1], x2: numbers[2], y2: numbers[3])
                : Box(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
            guard box.width >= 0, box.height >= 0 else {
                throw fail(columns.corners ? "the second corner is left of or above the first" : "width and height cannot be negative")
            }
            guard box.width > 0, box.height > 0 else {
                skipped.append(row.line)
                continue
            }
            var attributes: [String: String] = [:]
            for (index, name) in columns.attributes where !fields[index].isEmpty { attributes[name] = fields[index] }
            let ignore = columns.ignore.map { ["1", "true", "yes"].contains(fields[$0].lowercased()) } ?? false
            samples[position[image]!].faces.append(Face(box: box, ignore: ignore, attributes: attributes))
        }
        var dataset = Dataset(name: name, format: "csv", root: directory, annotationFiles: [file], samples: samples)
        dataset.imageFolders = folders.folders
        if !skipped.isEmpty {
            dataset.warnings.append("\(file): \(skipped.count) box\(skipped.count == 1 ? "" : "es") of zero width or height skipped (first: line \(skipped[0]))")
        }
        return dataset
    }

    struct Record {
        var line: Int
        var fields: [String]
    }

    /// The records of RFC 4180 CSV: commas between fields, double quotes around a field that
    /// holds commas, quotes (doubled) or line breaks; `\r\n` or `\n` between records.
    static func records(of bytes: [UInt8], file: String) throws -> [Record] {
        var records: [Record] = [], fields: [String] = [], field: [UInt8] = []
        var line = 1, recordLine = 1, index = 0, quoted = false, wasQuoted = false
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), newline = UInt8(0x0A), carriage = UInt8(0x0D)
        func endField() {
            fields.append(wasQuoted ? String(decoding: field, as: UTF8.self) : String(decoding: field, as: UTF8.self).trimmingSpaces)
            field.removeAll(keepingCapacity: true)
            wasQuoted = false
        }
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        index = start
        while index < bytes.count {
            let byte = bytes[index]
            if quoted {
                if byte == quote {
                    if index + 1 < bytes.count, bytes[index + 1] == quote {
                        field.append(quote)
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    if byte == newline { line += 1 }
                    field.append(byte)
                }
            } else if byte == quote {
                guard field.allSatisfy({ $0 == UInt8(ascii: " ") }) else {
                    throw FaceBenchError.malformed(path: file, location: "line \(line)", reason: "a quote inside an unquoted field")
                }
                field.removeAll()
                quoted = true
                wasQuoted = true
            } else if byte == comma {
                endField()
            } else if byte == newline || byte == carriage {
                endField()
                records.append(Record(line: recordLine, fields: fields))
                fields.removeAll()
                if byte == carriage, index + 1 < bytes.count, bytes[index + 1] == newline { index += 1 }
                line += 1
                recordLine = line
            } else if !wasQuoted || byte == UInt8(ascii: " ") {
                if !wasQuoted { field.append(byte) }
            } else {
                throw FaceBenchError.malformed(path: file, location: "line \(line)", reason: "text after a quoted field")
            }
            index += 1
        }
        guard !quoted else { throw FaceBenchError.malformed(path: file, location: "line \(recordLine)", reason: "a quoted field is not closed") }
        if !field.isEmpty || !fields.isEmpty || wasQuoted {
            endField()
            records.append(Record(line: recordLine, fields: fields))
        }
        return records
    }
}
