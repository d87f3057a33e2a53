import XCTest
@testable import FaceBenchModel
@testable import FaceBenchIO
import FaceBenchTestSupport

/// A folder of images nobody annotated: read as the `images` format, with no ground truth,
/// and only when no annotation format recognises the folder.
final class ImageFolderLoaderTests: XCTestCase {
    func catalog() -> DatasetCatalog {
        DatasetCatalog(
            definitions: DatasetCatalog.standardDefinitions(zlib: TestData.zlib), formats: DatasetCatalog.standardFormats(zlib: TestData.zlib),
            searchPath: [])
    }

    func testImagesInNameOrderSizedFromTheirHeadersWithoutGroundTruth() throws {
        let files = MemoryFiles([
            "p/b.PNG": UserDatasetFormatTests.png(64, 48), "p/a.png": UserDatasetFormatTests.png(32, 16),
            "p/notes.txt": Array("not an image".utf8), "p/.hidden.png": UserDatasetFormatTests.png(8, 8),
        ])
        XCTAssertTrue(ImageFolderLoader.recognises("p", source: files))
        let dataset = try ImageFolderLoader.load(path: "p", name: "p", source: files)
        XCTAssertEqual(dataset.format, "images")
        XCTAssertFalse(dataset.hasGroundTruth)
        XCTAssertEqual(dataset.samples.map(\.name), ["a.png", "b.PNG"])
        XCTAssertEqual(dataset.samples.map(\.id), [1, 2])
        XCTAssertEqual(dataset.samples.map(\.path), ["p/a.png", "p/b.PNG"])
        XCTAssertEqual(dataset.samples.map(\.width), [32, 64])
        XCTAssertEqual(dataset.samples.map(\.height), [16, 48])
        XCTAssertEqual(dataset.faceCount, 0)
        XCTAssertEqual(dataset.annotationFiles, [])
        XCTAssertEqual(dataset.imageFolders, ["p"])

        XCTAssertFalse(ImageFolderLoader.recognises("q", source: MemoryFiles(["q/notes.txt": Array("x".utf8)])))
        XCTAssertEqual(thrownMessage(try ImageFolderLoader.load(path: "q", name: "q", source: MemoryFiles(["q/notes.txt": Array("x".utf8)]))),
                       "q: no image files in it (looked for \(ImageFolders.extensions.sorted().joined(separator: ", ")))")
    }

    /// The catalog tries every annotation format first: images beside a VOC file are that
    /// dataset, images alone are a folder without ground truth.
    func testTheCatalogReadsAFolderOfImagesLastAndAnnotatedDatasetsKeepTheirGroundTruth() throws {
        let root = try TestData.temporaryDirectory(self)
        try TestData.write(UserDatasetFormatTests.png(64, 48), to: "a.png", in: root)
        let plain = try catalog().resolve(root)
        XCTAssertEqual(plain.format, "images")
        XCTAssertFalse(plain.hasGroundTruth)
        XCTAssertEqual(plain.samples.map(\.width), [64])
        try TestData.write(
            "<annotation><filename>a.png</filename><object><name>face</name><bndbox><xmin>1</xmin><ymin>1</ymin><xmax>10</xmax><ymax>10</ymax></bndbox></object></annotation>",
            to: "a.xml", in: root)
        let voc = try catalog().resolve(root)
        XCTAssertEqual(voc.format, "pascal-voc")
        XCTAssertTrue(voc.hasGroundTruth)
        XCTAssertEqual(voc.faceCount, 1)
        let forced = try catalog().resolve(root, reading: DatasetReading(format: "images"))
        XCTAssertFalse(forced.hasGroundTruth)
        XCTAssertEqual(DatasetInspection(forced).hasGroundTruth, false)
    }
}
