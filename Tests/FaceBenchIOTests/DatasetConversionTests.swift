import XCTest
@testable import FaceBenchModel
@testable import FaceBenchIO
import FaceBenchTestSupport

/// `facebench convert`'s writers: every target read back by FaceBench's own reader keeps every
/// box to the format's precision, in memory (`DatasetFiles.memoryFiles`); and `inspect`'s counts.
final class DatasetConversionTests: XCTestCase {
    /// The dataset a target's files read back as, and the files (the images of the next conversion).
    func converted(_ dataset: Dataset, to target: ConversionTarget, source: any FileSource) throws -> (Dataset, MemoryFiles) {
        let folder = "out-\(target.rawValue)"
        let files = try target.files(dataset).memoryFiles(under: folder, source: source)
        let read: Dataset
        switch target {
        case .coco: read = try COCOLoader.load(file: try COCOLayout.annotationFile(in: folder, source: files), name: dataset.name, source: files)
        case .yolo: read = try YOLOLoader.load(path: folder, name: dataset.name, source: files)
        case .voc: read = try PascalVOCLoader.load(path: folder, name: dataset.name, source: files)
        case .csv: read = try CSVBoxLoader.load(path: folder, name: dataset.name, source: files)
        }
        return (read, files)
    }

    /// How far a corner may move through a format: none at full precision, YOLO's rounding of
    /// fractions, half a pixel where VOC rounds corners to whole pixels.
    static func tolerance(_ target: ConversionTarget) -> Double {
        switch target {
        case .coco, .csv: 0
        case .yolo: 1e-6
        case .voc: 0.5
        }
    }

    static func keepsIgnore(_ target: ConversionTarget) -> Bool { target != .yolo }

    func assertSameFaces(_ actual: Dataset, _ expected: Dataset, tolerance: Double, ignore: Bool, _ context: String) {
        XCTAssertEqual(actual.samples.map(\.name).sorted(), expected.samples.map(\.name).sorted(), context)
        let byName = Dictionary(actual.samples.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for sample in expected.samples {
            guard let other = byName[sample.name] else { continue }
            XCTAssertEqual(other.faces.count, sample.faces.count, "\(context): \(sample.name)")
            for (face, back) in zip(sample.faces, other.faces) {
                let corners = [(face.box.x, back.box.x), (face.box.y, back.box.y), (face.box.maxX, back.box.maxX), (face.box.maxY, back.box.maxY)]
                XCTAssertTrue(corners.allSatisfy { abs($0 - $1) <= tolerance }, "\(context): \(sample.name) \(face.box) came back as \(back.box)")
                if ignore { XCTAssertEqual(back.ignore, face.ignore, "\(context): \(sample.name) \(face.box)") }
            }
        }
    }

    /// A → B → A for every ordered pair of targets: the second A equals the first to the
    /// precision of the coarser of A and B.
    func assertRoundTrips(_ original: Dataset, source: any FileSource, _ name: String) throws {
        for first in ConversionTarget.allCases {
            let (a, aFiles) = try converted(original, to: first, source: source)
            for second in ConversionTarget.allCases {
                let (b, bFiles) = try converted(a, to: second, source: aFiles)
                let (back, _) = try converted(b, to: first, source: bFiles)
                assertSameFaces(
                    back, a, tolerance: max(Self.tolerance(first), Self.tolerance(second)),
                    ignore: Self.keepsIgnore(first) && Self.keepsIgnore(second), "\(name): \(first) → \(second) → \(first)")
            }
        }
    }

    /// Three images (one without faces) with fractional boxes, an ignored face and five
    /// landmarks per face, their PNG headers in memory.
    static func synthetic() -> (Dataset, MemoryFiles) {
        let points = [Point(x: 20, y: 30), Point(x: 30, y: 30), Point(x: 25, y: 40), Point(x: 21, y: 50), Point(x: 29, y: 50)]
        let samples = [
            Sample(id: 1, name: "a.png", path: "src/a.png", width: 200, height: 100, faces: [
                Face(box: Box(x: 10.25, y: 20.5, width: 30.125, height: 40.75), landmarks: points, attributes: ["pose": "Frontal"]),
                Face(box: Box(x: 100, y: 10, width: 20, height: 20), landmarks: points.map { Point(x: $0.x + 90, y: $0.y - 15) }, ignore: true),
            ]),
            Sample(id: 2, name: "b.png", path: "src/b.png", width: 64, height: 64, faces: [Face(box: Box(x: 0.3, y: 0.7, width: 10.1, height: 12.9))]),
            Sample(id: 3, name: "c.png", path: "src/c.png", width: 32, height: 48, faces: []),
        ]
        var dataset = Dataset(name: "synthetic", format: "memory", root: "src", annotationFiles: [], samples: samples, landmarkScheme: "five")
        dataset.imageFolders = ["src"]
        let images = MemoryFiles(["src/a.png": UserDatasetFormatTests.png(200, 100), "src/b.png": UserDatasetFormatTests.png(64, 64),
                                  "src/c.png": UserDatasetFormatTests.png(32, 48)])
        return (dataset, images)
    }

    func testEveryPairRoundTripsDlibFaces() throws {
        let dataset = try TestData.dataset("dlib-faces")
        try assertRoundTrips(dataset, source: LocalFiles(), "dlib-faces")
        let (voc, _) = try converted(dataset, to: .voc, source: LocalFiles())
        assertSameFaces(voc, dataset, tolerance: 0, ignore: true, "dlib's whole-pixel boxes through VOC's 1-based pixels")
    }

    func testEveryPairRoundTripsASyntheticSetWithAnIgnoredFaceAndLandmarks() throws {
        let (dataset, images) = Self.synthetic()
        try assertRoundTrips(dataset, source: images, "synthetic")
        let (coco, _) = try converted(dataset, to: .coco, source: images)
        XCTAssertEqual(coco.landmarkScheme, "five")
        XCTAssertEqual(coco.samples[0].faces.map(\.landmarks), dataset.samples[0].faces.map(\.landmarks), "COCO keeps landmarks")
        XCTAssertEqual(coco.samples.map(\.faces), dataset.samples.map { $0.faces.map { face in
            var face = face
            face.attributes = [:]
            return face
        } }, "COCO keeps every box, flag and landmark exactly; attributes have no place")
        let (voc, _) = try converted(dataset, to: .voc, source: images)
        XCTAssertEqual(voc.samples[0].faces.map(\.box), [Box(x1: 10, y1: 21, x2: 40, y2: 61), Box(x: 100, y: 10, width: 20, height: 20)],
                       "whole pixels, the nearest corners")
        XCTAssertEqual(voc.samples[0].faces[0].attributes, ["pose": "Frontal"])
    }

    func testWhatATargetCannotHoldIsCountedInAWarning() throws {
        let (dataset, _) = Self.synthetic()
        XCTAssertEqual(try ConversionTarget.yolo.files(dataset).warnings, [
            "yolo: 2 faces' landmarks not written (the format has no landmarks)",
            "yolo: 1 ignored faces written as ordinary faces (the format has no ignore flag)",
            "yolo: 1 faces' attribute 'pose' not written",
        ])
        XCTAssertEqual(try ConversionTarget.voc.files(dataset).warnings, ["voc: 2 faces' landmarks not written (the format has no landmarks)"])
        XCTAssertEqual(try ConversionTarget.csv.files(dataset).warnings, ["csv: 2 faces' landmarks not written (the format has no landmarks)"])
        XCTAssertEqual(try ConversionTarget.coco.files(dataset).warnings, ["coco: 1 faces' attribute 'pose' not written"])
    }

    func testYOLONeedsTheImagesAndOtherTargetsDoNot() throws {
        var (dataset, _) = Self.synthetic()
        for index in dataset.samples.indices { dataset.samples[index].path = nil }
        XCTAssertEqual(
            thrownMessage(try ConversionTarget.yolo.files(dataset)),
            "yolo needs every image's file, as its labels are fractions of the image size: a.png has none (looked in src; name the folder with --images)")
        for target in [ConversionTarget.coco, .voc, .csv] {
            let files = try target.files(dataset)
            XCTAssertFalse(files.files.contains { if case .copy = $0.contents { true } else { false } }, "\(target): annotations only")
        }
    }

    func testAnImageNameLeavingTheFolderIsRefused() throws {
        var (dataset, images) = Self.synthetic()
        dataset.samples[0].name = "../a.png"
        XCTAssertEqual(thrownMessage(try ConversionTarget.csv.files(dataset).memoryFiles(under: "out", source: images)),
                       "csv file 'images/../a.png': the name has a part that is '..'")
    }

    func testOutputIsRecognisedAsItsFormatAndAFolderNotEmptyIsRefused() throws {
        let dataset = try TestData.dataset("dlib-faces")
        let scratch = try TestData.temporaryDirectory(self)
        let catalog = DatasetCatalog(definitions: [], formats: DatasetCatalog.standardFormats(zlib: TestData.zlib), searchPath: [])
        let formats: [ConversionTarget: String] = [.coco: "coco", .yolo: "yolo", .voc: "pascal-voc", .csv: "csv"]
        for target in ConversionTarget.allCases {
            let out = scratch + "/" + target.rawValue
            try target.files(dataset).write(into: out)
            let read = try catalog.resolve(out)
            XCTAssertEqual(read.format, formats[target], "\(target)")
            XCTAssertTrue(read.hasImages, "\(target): every image found")
            XCTAssertEqual(read.faceCount, dataset.faceCount, "\(target)")
            XCTAssertEqual(thrownMessage(try target.files(dataset).write(into: out)),
                           "\(out) is not empty: convert writes only into a new or empty folder, so it never mixes with or replaces other files")
        }
    }

    func testInspectionCountsBoxesOutsideDuplicatesAndMissingImages() {
        var dataset = Dataset(name: "crafted", format: "csv", root: "r", annotationFiles: ["r/a.csv"], samples: [
            Sample(id: 1, name: "a.jpg", path: "r/a.jpg", width: 100, height: 100, faces: [
                Face(box: Box(x: 10, y: 10, width: 20, height: 20)),
                Face(box: Box(x: 10, y: 10, width: 20, height: 20.5)),
                Face(box: Box(x: 90, y: 50, width: 20, height: 40), ignore: true),
            ]),
            Sample(id: 2, name: "b.jpg", width: 100, height: 300, faces: [Face(box: Box(x: 0, y: 0, width: 100, height: 300))]),
            Sample(id: 3, name: "c.jpg", faces: [Face(box: Box(x: 500, y: 500, width: 8, height: 8))]),
        ])
        dataset.imageFolders = ["r", "r/images"]
        dataset.warnings = ["r/a.csv: 1 box of zero width or height skipped (first: line 7)"]
        let inspection = DatasetInspection(dataset)
        XCTAssertEqual(inspection.images, 3)
        XCTAssertEqual(inspection.missingImages, ["b.jpg", "c.jpg"])
        XCTAssertEqual(inspection.imageFolders, ["r", "r/images"])
        XCTAssertEqual(inspection.imagesWithoutSize, 1)
        XCTAssertEqual(inspection.faces, 5)
        XCTAssertEqual(inspection.ignoredFaces, 1)
        XCTAssertEqual(inspection.heights.map(\.faces), [1, 2, 1, 0, 0, 1, 0], "<16: 8 px; 16–32: 20, 20.5; 32–64: 40; 256–512: 300")
        XCTAssertEqual(inspection.outside, [DatasetInspection.FaceReference(image: "a.jpg", face: 3, box: Box(x: 90, y: 50, width: 20, height: 40))],
                       "c.jpg's box is not checked: its size is unknown")
        XCTAssertEqual(inspection.duplicates.map { [$0.image, "\($0.first)", "\($0.second)"] }, [["a.jpg", "1", "2"]])
        XCTAssertEqual(inspection.duplicates[0].iou, 400 / 410, accuracy: 1e-12)
        XCTAssertEqual(inspection.warnings, dataset.warnings)
        XCTAssertEqual(inspection.json["images"]?["found"], 1)
        XCTAssertEqual(inspection.json["outside_image"]?.array?.count, 1)
    }

    /// The sweep in order of x finds exactly the pairs that comparing every pair finds: on
    /// random boxes clustered so that many overlap near the 0.9 bound, with equal boxes, boxes
    /// of zero width and boxes side by side at the bound; and an image of 40,000 faces in a
    /// grid, where no pair overlaps, has none.
    func testDuplicatePairsEqualEveryPairCompared() {
        var random = SystemRandomNumberGenerator()
        for round in 0..<200 {
            var boxes: [Box] = []
            for _ in 0..<Int.random(in: 0...40, using: &random) {
                let base = Double(Int.random(in: 0...3, using: &random)) * 10
                boxes.append(Box(
                    x: base + Double.random(in: 0...2, using: &random), y: Double.random(in: 0...2, using: &random),
                    width: round % 10 == 0 ? 0 : 20 + Double.random(in: 0...2, using: &random), height: 20 + Double.random(in: 0...2, using: &random)))
            }
            if let first = boxes.first { boxes.append(first) }
            boxes.append(Box(x: 0, y: 0, width: 100, height: 10))
            boxes.append(Box(x: 10, y: 0, width: 90, height: 10))
            var expected: [(Int, Int, Double)] = []
            for i in boxes.indices {
                for j in boxes.indices where j > i {
                    if boxes[i] == boxes[j] { expected.append((i, j, 1)) } else if boxes[i].iou(boxes[j]) >= DatasetInspection.duplicateIoU { expected.append((i, j, boxes[i].iou(boxes[j]))) }
                }
            }
            let found = DatasetInspection.duplicatePairs(boxes)
            XCTAssertEqual(found.map { [$0.0, $0.1] }, expected.map { [$0.0, $0.1] }, "round \(round)")
            XCTAssertEqual(found.map(\.2), expected.map(\.2))
        }
        let grid = (0..<40_000).map { Box(x: Double($0 % 200) * 10, y: Double($0 / 200) * 10, width: 9, height: 9) }
        XCTAssertTrue(DatasetInspection.duplicatePairs(grid).isEmpty)
    }
}
