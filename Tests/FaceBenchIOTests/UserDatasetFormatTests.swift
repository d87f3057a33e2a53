import XCTest
@testable import FaceBenchModel
@testable import FaceBenchIO
import FaceBenchTestSupport

/// What `expression` throws, as users read it, or "no error".
func thrownMessage(_ expression: @autoclosure () throws -> Any) -> String {
    do {
        _ = try expression()
        return "no error"
    } catch {
        return "\(error)"
    }
}

/// The formats users bring their own faces in (YOLO, COCO's folder layouts), how a path is
/// recognised or forced to a format, and `--images`.
final class UserDatasetFormatTests: XCTestCase {
    /// A PNG signature and IHDR chunk: enough for `ImageHeader`.
    static func png(_ width: Int, _ height: Int) -> [UInt8] {
        func be(_ value: Int) -> [UInt8] { [UInt8(value >> 24 & 255), UInt8(value >> 16 & 255), UInt8(value >> 8 & 255), UInt8(value & 255)] }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52] + be(width) + be(height)
    }

    func files(_ texts: [String: String], images: [String: (Int, Int)]) -> MemoryFiles {
        var all = texts.mapValues { Array($0.utf8) }
        for (path, size) in images { all[path] = Self.png(size.0, size.1) }
        return MemoryFiles(all)
    }

    // MARK: YOLO

    func testYOLOBoxesAreTheNormalisedBoxesInPixelsOfTheFaceClass() throws {
        let source = files(
            ["y/data.yaml": "path: .\nnames:\n  0: person # people\n  1: face\n",
             "y/labels/a.txt": "1 0.5 0.25 0.2 0.1\n0 0.5 0.5 1 1\n\n1 0.1 0.1 0.0 0.05\n"],
            images: ["y/images/a.jpeg": (200, 400), "y/images/b.png": (10, 10)])
        let dataset = try YOLOLoader.load(path: "y", name: "y", source: source)
        XCTAssertEqual(dataset.samples.map(\.name), ["a.jpeg", "b.png"], "every image, of any extension; b has no labels")
        XCTAssertEqual(dataset.samples[0].faces.map(\.box), [Box(x: 80, y: 80, width: 40, height: 40)])
        XCTAssertEqual(dataset.samples[1].faces, [])
        XCTAssertEqual(dataset.samples[0].path, "y/images/a.jpeg")
        XCTAssertEqual(dataset.warnings, ["1 box of zero width or height skipped (first: y/labels/a.txt line 4)"])
        let people = try YOLOLoader.load(path: "y", name: "y", reading: DatasetReading(faceClass: "0"), source: source)
        XCTAssertEqual(people.samples[0].faces.map(\.box), [Box(x: 0, y: 0, width: 200, height: 400)])
        XCTAssertEqual(try YOLOLoader.load(path: "y", name: "y", reading: DatasetReading(faceClass: "PERSON"), source: source), people)
        XCTAssertEqual(thrownMessage(try YOLOLoader.load(path: "y", name: "y", reading: DatasetReading(faceClass: "cat"), source: source)),
                       "y/data.yaml: no class 'cat' (--class); the classes are 0 'person', 1 'face'")
    }

    func testYOLONamesInEverySpellingAndTheSplitLayouts() throws {
        for yaml in ["names: ['person', \"face\"]\n", "nc: 2\nnames:\n- person\n- face\nval: x\n", "names:\n  0: person\n  1: 'face'\n"] {
            let source = files(["d/data.yaml": yaml], images: [:])
            XCTAssertEqual(try YAMLNames.read("d/data.yaml", source: source), ["person", "face"], yaml)
        }
        let ultralytics = files(
            ["u/classes.txt": "face\n", "u/labels/train/a.txt": "0 0.5 0.5 0.5 0.5\n", "u/labels/val/b.txt": "0 0.5 0.5 0.5 0.5\n"],
            images: ["u/images/train/a.jpg": (100, 100), "u/images/val/b.jpg": (100, 100)])
        XCTAssertEqual(try YOLOLoader.load(path: "u", name: "u", source: ultralytics).samples.map(\.name), ["train/a.jpg", "val/b.jpg"])
        let roboflow = files(
            ["r/data.yaml": "names: [face]\n", "r/train/labels/a.txt": "0 0.5 0.5 0.5 0.5\n", "r/valid/labels/b.txt": ""],
            images: ["r/train/images/a.jpg": (100, 100), "r/valid/images/b.jpg": (100, 100)])
        let dataset = try YOLOLoader.load(path: "r", name: "r", source: roboflow)
        XCTAssertEqual(dataset.samples.map(\.name), ["train/a.jpg", "valid/b.jpg"])
        XCTAssertEqual(dataset.faceCount, 1)
        XCTAssertTrue(YOLOLoader.recognises("r", source: roboflow) && !YOLOLoader.recognises("r/train/images", source: roboflow))
    }

    func testYOLOErrorsNameTheFileAndLine() {
        func error(_ label: String, yaml: String = "names: [face]\n") -> String {
            let source = files(["y/data.yaml": yaml, "y/labels/a.txt": label], images: ["y/images/a.jpg": (100, 100)])
            return thrownMessage(try YOLOLoader.load(path: "y", name: "y", source: source))
        }
        XCTAssertEqual(error("0 0.5 0.5 0.5 0.5\n0 0.5 0.5 0.5\n"),
                       "y/labels/a.txt: line 2: expected 'class cx cy w h' (a class and 4 numbers), found 4 fields")
        XCTAssertEqual(error("0 0.5 1.5 0.5 0.5\n"),
                       "y/labels/a.txt: line 1: cy 1.5 is outside [0, 1]: YOLO coordinates are fractions of the image size")
        XCTAssertEqual(error("0 0.5 0.5 -0.1 0.5\n"),
                       "y/labels/a.txt: line 1: w -0.1 is outside [0, 1]: YOLO coordinates are fractions of the image size")
        XCTAssertEqual(error("0 nan 0.5 0.5 0.5\n"), "y/labels/a.txt: line 1: cx 'nan' is not a number")
        XCTAssertEqual(error("2 0.5 0.5 0.5 0.5\n", yaml: "names: [face, person]\n"), "y/labels/a.txt: line 1: class 2, but only 2 classes are named")
        XCTAssertEqual(error("x 0.5 0.5 0.5 0.5\n"), "y/labels/a.txt: line 1: class 'x' is not a class index (0, 1, …)")
        XCTAssertEqual(error("", yaml: "names: [cat, dog]\n"),
                       "y/data.yaml: several classes (0 'cat', 1 'dog') and none is named 'face': name the face class with --class")
        let orphan = files(["y/labels/a.txt": "", "y/labels/c.txt": ""], images: ["y/images/a.jpg": (9, 9)])
        XCTAssertEqual(thrownMessage(try YOLOLoader.load(path: "y", name: "y", source: orphan)),
                       "y/labels/c.txt: no image for it in y/images/ (looked for c.*)")
        let unnamed = files(["y/labels/a.txt": "0 0.5 0.5 0.5 0.5\n3 0.5 0.5 0.5 0.5\n"], images: ["y/images/a.jpg": (9, 9)])
        XCTAssertTrue(thrownMessage(try YOLOLoader.load(path: "y", name: "y", source: unnamed)).contains("name the face class with --class INDEX"))
        XCTAssertEqual(try YOLOLoader.load(path: "y", name: "y", reading: DatasetReading(faceClass: "3"), source: unnamed).faceCount, 1)
    }

    // MARK: COCO layouts

    func testCOCOLayoutsFindTheirFileAndImages() throws {
        let coco = #"{"images": [{"id": 1, "file_name": "a.jpg"}], "annotations": [], "categories": [{"id": 1, "name": "face"}]}"#
        let layouts: [(files: [String], images: String)] = [
            (["c/annotations/instances_default.json"], "c/images/a.jpg"),
            (["c/annotations/instances_val2017.json", "c/annotations/captions_val2017.json"], "c/val2017/a.jpg"),
            (["c/labels.json"], "c/data/a.jpg"),
            (["c/_annotations.coco.json"], "c/a.jpg"),
            (["c/result.json"], "c/images/a.jpg"),
        ]
        for layout in layouts {
            var texts = Dictionary(uniqueKeysWithValues: layout.files.map { ($0, coco) })
            texts["c/images/readme.txt"] = "not an image folder of this layout"
            let source = files(texts, images: [layout.images: (10, 10)])
            XCTAssertTrue(COCOLayout.recognises("c", source: source), "\(layout)")
            let file = try COCOLayout.annotationFile(in: "c", source: source)
            XCTAssertEqual(file, layout.files[0])
            let dataset = try COCOLoader.load(file: file, name: "c", source: source)
            XCTAssertEqual(dataset.samples[0].path, layout.images, "\(layout)")
        }
        let splits = files(["r/train/_annotations.coco.json": coco, "r/valid/_annotations.coco.json": coco], images: [:])
        XCTAssertTrue(COCOLayout.recognises("r", source: splits))
        XCTAssertEqual(thrownMessage(try COCOLayout.annotationFile(in: "r", source: splits)),
                       "r: a Roboflow export with the splits train, valid: give one, e.g. --dataset r/train")
        let two = files(["c/annotations/instances_a.json": coco, "c/annotations/instances_b.json": coco], images: [:])
        XCTAssertEqual(thrownMessage(try COCOLayout.annotationFile(in: "c", source: two)),
                       "c/annotations: several COCO files (instances_a.json, instances_b.json): give the one to read as --dataset c/annotations/NAME.json")
        let missing = try COCOLoader.load(file: "c/annotations/instances_a.json", name: "c", source: two)
        XCTAssertNil(missing.samples[0].path)
        XCTAssertEqual(missing.imageFolders, ["c/images", "c/images/a", "c/a", "c/annotations"])
    }

    func testRoboflowAnnotationIDZeroIsReadWithAWarning() throws {
        let text = #"{"images": [{"id": 0, "file_name": "a.jpg"}], "annotations": [{"id": 0, "image_id": 0, "category_id": 0, "bbox": [1, 2, 3, 4]}], "categories": [{"id": 0, "name": "faces"}, {"id": 1, "name": "face"}]}"#
        let dataset = try COCOLoader.load(bytes: Array(text.utf8), file: "_annotations.coco.json", name: "r", source: MemoryFiles([:]))
        XCTAssertEqual(dataset.faceCount, 0, "category 1 is the face one")
        XCTAssertEqual(dataset.warnings.count, 1)
        XCTAssertTrue(dataset.warnings[0].contains("annotation id 0"), dataset.warnings[0])
    }

    // MARK: the catalog

    func catalog() -> DatasetCatalog {
        DatasetCatalog(
            definitions: DatasetCatalog.standardDefinitions(zlib: TestData.zlib), formats: DatasetCatalog.standardFormats(zlib: TestData.zlib),
            searchPath: [])
    }

    func testAPathInNoFormatSaysWhatEachExpectsAndAFormatCanBeForced() throws {
        let root = try TestData.temporaryDirectory(self)
        try TestData.write("hello", to: "notes.txt", in: root)
        let error = thrownMessage(try catalog().resolve(root))
        for format in catalog().formats {
            XCTAssertTrue(error.contains("  \(format.name): \(format.expects)"), error)
        }
        XCTAssertTrue(error.contains("force one with --dataset-format NAME"), error)
        XCTAssertEqual(thrownMessage(try catalog().resolve(root, reading: DatasetReading(format: "yolo "))),
                       "unknown dataset format 'yolo '. Did you mean 'yolo'? Known formats: \(catalog().formats.map(\.name).joined(separator: ", "))")
        XCTAssertEqual(thrownMessage(try catalog().resolve(root, reading: DatasetReading(format: "yolo"))),
                       "\(root): not a YOLO dataset; expected \(YOLOLoader.expects)")
        XCTAssertTrue(thrownMessage(try catalog().resolve("dlib-faces", reading: DatasetReading(images: root))).contains("apply to a dataset given by path"))
    }

    func testImagesFolderIsWhereEveryFormatLooks() throws {
        let root = try TestData.temporaryDirectory(self)
        let pictures = root + "/pictures"
        try FileIO.createDirectory(pictures)
        try TestData.write(Self.png(64, 48), to: "a.png", in: pictures)
        // VOC does not take --images itself: the catalog looks the images up there, sizes included.
        try TestData.write(
            "<annotation><filename>a.png</filename><object><name>face</name><bndbox><xmin>1</xmin><ymin>1</ymin><xmax>10</xmax><ymax>10</ymax></bndbox></object></annotation>",
            to: "a.xml", in: root)
        let voc = try catalog().resolve(root + "/a.xml", reading: DatasetReading(images: pictures))
        XCTAssertEqual(voc.format, "pascal-voc")
        XCTAssertEqual(voc.samples[0].path, pictures + "/a.png")
        XCTAssertEqual(voc.samples[0].width, 64)
        XCTAssertEqual(voc.imageFolders, [pictures])
        XCTAssertNil(try catalog().resolve(root + "/a.xml").samples[0].path)
        try TestData.write(TestData.twoImageCOCO, to: "gt.json", in: root)
        let coco = try catalog().resolve(root + "/gt.json", reading: DatasetReading(images: pictures))
        XCTAssertEqual(coco.imageFolders, [pictures])
        XCTAssertTrue(thrownMessage(try catalog().resolve(root + "/gt.json", reading: DatasetReading(images: root + "/none"))).contains("--images names no folder"))
    }
}

/// CSV of boxes: the header decides the box convention; other columns are attributes.
final class CSVBoxLoaderTests: XCTestCase {
    func load(_ text: String, reading: DatasetReading = DatasetReading(), images: [String: (Int, Int)] = [:]) throws -> Dataset {
        var files = ["c/boxes.csv": Array(text.utf8)]
        for (path, size) in images { files[path] = UserDatasetFormatTests.png(size.0, size.1) }
        return try CSVBoxLoader.load(path: "c", name: "c", reading: reading, source: MemoryFiles(files))
    }

    func message(_ text: String) -> String { thrownMessage(try load(text)) }

    func testHeadersDecideTheBoxConvention() throws {
        let sizes = try load(
            "\u{FEFF}File Name,X,Y,W,H,occluded\r\na.jpg,1,2,3,4,\"yes, partly\"\r\nb.jpg,,,,,\r\na.jpg,5,6,0,4,no\r\n",
            images: ["c/images/a.jpg": (50, 60)])
        XCTAssertEqual(sizes.samples.map(\.name), ["a.jpg", "b.jpg"])
        XCTAssertEqual(sizes.samples[0].faces, [Face(box: Box(x: 1, y: 2, width: 3, height: 4), attributes: ["occluded": "yes, partly"])])
        XCTAssertEqual(sizes.samples[0].path, "c/images/a.jpg")
        XCTAssertEqual(sizes.samples[0].width, 50)
        XCTAssertEqual(sizes.samples[1].faces, [])
        XCTAssertEqual(sizes.warnings, ["c/boxes.csv: 1 box of zero width or height skipped (first: line 4)"])
        let tensorFlow = try load("filename,width,height,class,xmin,ymin,xmax,ymax\na.jpg,100,80,face,10,20,30,60\na.jpg,100,80,hand,1,1,2,2\n")
        XCTAssertEqual(tensorFlow.samples[0].faces.map(\.box), [Box(x: 10, y: 20, width: 20, height: 40)])
        XCTAssertEqual(tensorFlow.samples[0].width, 100, "width and height beside two corners are the image's")
        let hands = try load("image,left,top,right,bottom,label\na.jpg,1,1,2,2,hand\n", reading: DatasetReading(faceClass: "hand"))
        XCTAssertEqual(hands.faceCount, 1)
        let ignored = try load("path,x1,y1,x2,y2,ignore\na.jpg,1,1,2,2,1\n")
        XCTAssertEqual(ignored.samples[0].faces.map(\.ignore), [true])
        XCTAssertTrue(CSVBoxLoader.recognises("c", source: MemoryFiles(["c/boxes.csv": Array("file,x,y,w,h\n".utf8)])))
        XCTAssertFalse(CSVBoxLoader.recognises("c", source: MemoryFiles(["c/boxes.csv": Array("name,score\n".utf8)])))
    }

    func testUnknownOrAmbiguousHeadersListTheHeadersRead() {
        XCTAssertEqual(message("name,left,top,w,h\n"),
                       "c/boxes.csv: line 1: no column names the image (file, filename, image, path…); the headers read are 'name', 'left', 'top', 'w', 'h'")
        XCTAssertEqual(message("file,a,b,c,d\n"),
                       "c/boxes.csv: line 1: no box columns: expected x,y,w,h or x,y,width,height or x1,y1,x2,y2 or xmin,ymin,xmax,ymax or left,top,right,bottom; the headers read are 'file', 'a', 'b', 'c', 'd'")
        XCTAssertEqual(message("file,x,y,w,h,x1,y1,x2,y2\n"),
                       "c/boxes.csv: line 1: the box is given both as corner and size and as two corners; the headers read are 'file', 'x', 'y', 'w', 'h', 'x1', 'y1', 'x2', 'y2'")
        XCTAssertEqual(message("file,x,y,w,h\na.jpg,1,2,3\n"), "c/boxes.csv: line 2: 4 fields where the header has 5")
        XCTAssertEqual(message("file,x,y,w,h\na.jpg,1,2,3,inf\n"), "c/boxes.csv: line 2: h 'inf' is not a number")
        XCTAssertEqual(message("file,x1,y1,x2,y2\n\na.jpg,5,5,1,9\n"), "c/boxes.csv: line 3: the second corner is left of or above the first")
        XCTAssertEqual(message("file,x,y,w,h\n\"a.jpg,1,2,3,4\n"), "c/boxes.csv: line 2: a quoted field is not closed")
        XCTAssertEqual(message("file,x,y,w,h\na\"b.jpg,1,2,3,4\n"), "c/boxes.csv: line 2: a quote inside an unquoted field")
        XCTAssertEqual(message("file,x,y,w,h,class\na.jpg,1,2,3,4,cat\nb.jpg,1,2,3,4,dog\n"),
                       "c/boxes.csv: several classes (0 'cat', 1 'dog') and none is named 'face': name the face class with --class")
    }
}

/// CVAT for images 1.1 and Label Studio's JSON export.
final class AnnotationToolExportTests: XCTestCase {
    func cvat(_ body: String, reading: DatasetReading = DatasetReading()) throws -> Dataset {
        let xml = "<?xml version=\"1.0\"?>\n<annotations><version>1.1</version>\n\(body)\n</annotations>\n"
        return try CVATLoader.load(path: "t", name: "t", reading: reading, source: MemoryFiles([
            "t/annotations.xml": Array(xml.utf8), "t/images/a.jpg": UserDatasetFormatTests.png(100, 80)]))
    }

    func testCVATBoxesAttributesAndLandmarksByGroupOrPosition() throws {
        let names = LandmarkScheme.mitCMU6.pointNames
        let grouped = names.enumerated().map { "<points label=\"\($1)\" points=\"\(10 + $0),\(20 + $0)\" group_id=\"7\"/>" }.joined()
        let inside = LandmarkScheme.five.pointNames.map { "<points label=\"\($0)\" points=\"55,55\"/>" }.joined()
        let dataset = try cvat("""
            <image id="0" name="a.jpg"><box label="face" occluded="1" xtl="1.5" ytl="2" xbr="41.5" ybr="52" group_id="7"><attribute name="pose">left</attribute></box>
            <box label="face" xtl="50" ytl="50" xbr="60" ybr="60"><attribute name="ignore">true</attribute></box>
            <box label="face" xtl="5" ytl="5" xbr="5" ybr="9"/><box label="hand" xtl="0" ytl="0" xbr="3" ybr="3"/>\(grouped)</image>
            <image id="1" name="b.jpg" width="30" height="20"><points label="tail" points="1,1"/></image>
            """)
        XCTAssertEqual(dataset.samples.map(\.name), ["a.jpg", "b.jpg"])
        XCTAssertEqual(dataset.samples[0].width, 100, "from the image when the XML leaves the size out")
        XCTAssertEqual(dataset.samples[0].path, "t/images/a.jpg")
        XCTAssertNil(dataset.samples[1].path)
        let faces = dataset.samples[0].faces
        XCTAssertEqual(faces.map(\.box), [Box(x: 1.5, y: 2, width: 40, height: 50), Box(x: 50, y: 50, width: 10, height: 10)])
        XCTAssertEqual(faces[0].attributes, ["occluded": "1", "pose": "left"])
        XCTAssertEqual(faces.map(\.ignore), [false, true])
        XCTAssertEqual(faces[0].landmarks, names.indices.map { Point(x: Double(10 + $0), y: Double(20 + $0)) })
        XCTAssertEqual(dataset.landmarkScheme, "mitcmu6")
        XCTAssertEqual(dataset.warnings, ["t/annotations.xml: 1 box of zero width or height skipped (first: line 5)"])
        let byPosition = try cvat("<image id=\"0\" name=\"a.jpg\"><box label=\"face\" xtl=\"50\" ytl=\"50\" xbr=\"60\" ybr=\"60\"/>\(inside)</image>")
        XCTAssertEqual(byPosition.samples[0].faces[0].landmarks?.count, 5)
        XCTAssertEqual(byPosition.landmarkScheme, "five")
        let hands = try cvat("<image id=\"0\" name=\"a.jpg\"><box label=\"face\" xtl=\"1\" ytl=\"1\" xbr=\"2\" ybr=\"2\"/><box label=\"hand\" xtl=\"0\" ytl=\"0\" xbr=\"3\" ybr=\"3\"/></image>",
                             reading: DatasetReading(faceClass: "hand"))
        XCTAssertEqual(hands.samples[0].faces.map(\.box), [Box(x: 0, y: 0, width: 3, height: 3)])
    }

    func testCVATErrorsNameTheElementAndLine() {
        XCTAssertEqual(thrownMessage(try cvat("<image id=\"0\" name=\"a.jpg\">\n<box label=\"face\" xtl=\"1\" ytl=\"x\" xbr=\"2\" ybr=\"2\"/></image>")),
                       "t/annotations.xml: <box> at line 4: ytl='x' is not a number")
        XCTAssertEqual(thrownMessage(try cvat("<image id=\"0\" name=\"a.jpg\"><box label=\"face\" xtl=\"1\" ytl=\"1\" xbr=\"2\" ybr=\"2\" rotation=\"30\"/></image>")),
                       "t/annotations.xml: <box> at line 3: rotation='30': FaceBench boxes are upright")
        XCTAssertEqual(thrownMessage(try cvat("<image id=\"0\" name=\"a.jpg\"/><image id=\"1\" name=\"a.jpg\"/>")),
                       "t/annotations.xml: <image> at line 3: image a.jpg appears twice")
        XCTAssertEqual(thrownMessage(try cvat("<image id=\"0\" name=\"a.jpg\" width=\"-4\"/>")),
                       "t/annotations.xml: <image> at line 3: width='-4' is not a positive integer")
    }

    func labelStudio(_ tasks: String, reading: DatasetReading = DatasetReading()) throws -> Dataset {
        try LabelStudioLoader.load(path: "ls", name: "ls", reading: reading, source: MemoryFiles([
            "ls/export.json": Array(tasks.utf8), "ls/images/a.jpg": UserDatasetFormatTests.png(200, 100)]))
    }

    static func rectangle(_ x: Double, _ y: Double, _ w: Double, _ h: Double, label: String = "face", rotation: Double = 0) -> String {
        """
        {"type": "rectanglelabels", "original_width": 200, "original_height": 100, "value": {"x": \(x), "y": \(y), "width": \(w), "height": \(h), "rotation": \(rotation), "rectanglelabels": ["\(label)"]}}
        """
    }

    func testLabelStudioPercentCoordinatesAndTheFirstAnnotationNotCancelled() throws {
        let dataset = try labelStudio("""
            [{"id": 4, "data": {"image": "/data/local-files/?d=photos/a.jpg"}, "annotations": [
               {"result": [\(Self.rectangle(1, 1, 1, 1))], "was_cancelled": true},
               {"result": [\(Self.rectangle(10, 20, 25, 50)), \(Self.rectangle(0, 0, 10, 10, label: "hand")), \(Self.rectangle(5, 5, 0, 10))]}]},
             {"id": 5, "data": {"image": "/data/upload/1/b%20c.jpg"}, "annotations": []}]
            """)
        XCTAssertEqual(dataset.samples.map(\.name), ["a.jpg", "b c.jpg"])
        XCTAssertEqual(dataset.samples[0].path, "ls/images/a.jpg")
        XCTAssertEqual(dataset.samples[0].faces.map(\.box), [Box(x: 20, y: 20, width: 50, height: 50)])
        XCTAssertEqual(dataset.samples[0].width, 200)
        XCTAssertEqual(dataset.samples[1].faces, [])
        XCTAssertEqual(dataset.warnings, ["ls/export.json: 1 rectangle of zero width or height skipped (first: tasks[0])"])
        XCTAssertTrue(LabelStudioLoader.recognises("ls", source: MemoryFiles(["ls/export.json": Array("[{\"data\": {}}]".utf8)])))
    }

    func testLabelStudioErrorsNameTheFileAndTask() {
        XCTAssertEqual(thrownMessage(try labelStudio("[{\"id\": 1, \"data\": {\"image\": \"a.jpg\"}}, {\"id\": 9, \"data\": {\"text\": \"no image\"}}]")),
                       "ls/export.json: task 9 (tasks[1]): no image: the task has no data.image")
        XCTAssertEqual(thrownMessage(try labelStudio("[{\"data\": {\"image\": \"a.jpg\"}, \"annotations\": [{\"result\": [\(Self.rectangle(1, 1, 5, 5, rotation: 30))]}]}]")),
                       "ls/export.json: tasks[0]: a rectangle is rotated (30.0°): FaceBench boxes are upright")
        XCTAssertEqual(thrownMessage(try labelStudio("[{\"data\": {\"image\": \"a.jpg\"}}, {\"data\": {\"image\": \"x/a.jpg\"}}]")),
                       "ls/export.json: tasks[1]: image a.jpg is in two tasks")
        XCTAssertEqual(thrownMessage(try labelStudio("{\"data\": 1}")), "ls: no Label Studio export here; expected \(LabelStudioLoader.expects)")
    }
}
