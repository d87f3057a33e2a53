import XCTest
@testable import FaceBenchModel
@testable import FaceBenchIO
import FaceBenchTestSupport

final class MITCMULoaderTests: XCTestCase {
    func testLoadsTheSharedSet() throws {
        let dataset = try TestData.dataset("mit-cmu")
        XCTAssertEqual(dataset.samples.count, 130)
        XCTAssertEqual(dataset.faceCount, 511)
        XCTAssertEqual(dataset.samples.filter { $0.faces.isEmpty }.count, 13)
        XCTAssertTrue(dataset.samples.allSatisfy { $0.faces.allSatisfy { $0.landmarks?.count == 6 } })
        XCTAssertEqual(dataset.samples.map(\.id), Array(1...130))
        XCTAssertEqual(dataset.samples.map(\.name), dataset.samples.map(\.name).sorted())
        let voyager = try XCTUnwrap(dataset.samples.first { $0.name == "voyager.png" })
        XCTAssertEqual(voyager.width, 468)
        XCTAssertEqual(voyager.faces.first?.box, Box(x1: 106, y1: 22, x2: 152, y2: 80))
        XCTAssertEqual(voyager.faces.first?.landmarks?.first, Point(x: 122, y: 43))
        XCTAssertTrue(dataset.hasImages)
    }

    func testFaceOnlyBoxesAreTighter() throws {
        let full = try TestData.dataset("mit-cmu")
        let tight = try TestData.dataset("mit-cmu-face-only")
        XCTAssertEqual(tight.faceCount, 511)
        XCTAssertLessThan(tight.samples.flatMap(\.faces).map(\.box.area).reduce(0, +),
                          full.samples.flatMap(\.faces).map(\.box.area).reduce(0, +))
    }

    /// A copy of the set with one line broken must fail naming the file and line.
    func testMalformedLineIsReportedWithFileAndLine() throws {
        let images = try TestData.file("mit-cmu/images")
        let directory = try TestData.temporaryDirectory(self)
        try FileManager.default.createSymbolicLink(atPath: directory + "/images", withDestinationPath: images)
        let original = try String(contentsOfFile: try TestData.file("mit-cmu/ground_truth_bboxes.txt"), encoding: .utf8)
        var lines = original.components(separatedBy: "\r\n")
        lines[2] = "voyager.jpg 290 45 326"
        let path = try TestData.write(lines.joined(separator: "\r\n"), to: "ground_truth_bboxes.txt", in: directory)
        XCTAssertThrowsError(try MITCMULoader.load(root: directory, name: "broken")) { error in
            XCTAssertEqual(error as? FaceBenchError, .malformed(path: path, location: "line 3", reason: "expected 'name x1 y1 x2 y2', found 4 fields"))
        }
        lines[2] = "voyager.jpg 290 45 x 87"
        try TestData.write(lines.joined(separator: "\r\n"), to: "ground_truth_bboxes.txt", in: directory)
        XCTAssertThrowsError(try MITCMULoader.load(root: directory, name: "broken")) { error in
            XCTAssertEqual("\(error)", "\(path): line 3: coordinates must be numbers")
        }
        lines[2] = "nosuchimage.jpg 290 45 326 87"
        try TestData.write(lines.joined(separator: "\r\n"), to: "ground_truth_bboxes.txt", in: directory)
        XCTAssertThrowsError(try MITCMULoader.load(root: directory, name: "broken")) { error in
            XCTAssertTrue("\(error)".contains("nosuchimage"), "\(error)")
        }
    }
}

extension MITCMULoaderTests {
    /// The landmark file is read before the images' sizes are known; a point far outside its
    /// image is refused once the header gives the size, naming the landmark file's line.
    func testLandmarkFarOutsideItsImageNamesTheLine() throws {
        let directory = try TestData.temporaryDirectory(self)
        try FileManager.default.createSymbolicLink(atPath: directory + "/images", withDestinationPath: try TestData.file("mit-cmu/images"))
        try FileManager.default.copyItem(atPath: try TestData.file("mit-cmu/ground_truth_bboxes.txt"), toPath: directory + "/ground_truth_bboxes.txt")
        let original = try String(contentsOfFile: try TestData.file("mit-cmu/ground_truth_landmarks.txt"), encoding: .utf8)
        let separator = original.contains("\r\n") ? "\r\n" : "\n"
        var lines = original.components(separatedBy: separator)
        let index = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("voyager.jpg ") })
        var fields = lines[index].split(separator: " ").map(String.init)
        fields[1] = "5000"
        lines[index] = fields.joined(separator: " ")
        let path = try TestData.write(lines.joined(separator: separator), to: "ground_truth_landmarks.txt", in: directory)
        XCTAssertThrowsError(try MITCMULoader.load(root: directory, name: "crafted")) { error in
            XCTAssertEqual("\(error)", "\(path): line \(index + 1): point 1 (5000.0, \(Double(fields[2])!)) lies far outside the 468x720 image")
        }
        fields[1] = "460"
        lines[index] = fields.joined(separator: " ")
        try TestData.write(lines.joined(separator: separator), to: "ground_truth_landmarks.txt", in: directory)
        XCTAssertEqual(try MITCMULoader.load(root: directory, name: "crafted").faceCount, 511, "a point inside the image loads")
    }
}

final class DlibXMLLoaderTests: XCTestCase {
    func testLoadsTheSharedSetWithLandmarks() throws {
        let dataset = try TestData.dataset("dlib-faces")
        XCTAssertEqual(dataset.samples.count, 9)
        XCTAssertEqual(dataset.faceCount, 43)
        XCTAssertEqual(dataset.landmarkScheme, "ibug68")
        XCTAssertTrue(dataset.samples.allSatisfy { $0.faces.allSatisfy { $0.landmarks?.count == 68 } })
        let first = dataset.samples[0]
        XCTAssertEqual(first.name, "2007_007763.jpg")
        XCTAssertEqual(first.faces[0].box, Box(x: 194, y: 90, width: 37, height: 37))
        XCTAssertEqual(first.faces[0].landmarks?[0], Point(x: 201, y: 107))
        XCTAssertEqual([first.width, first.height], [500, 375])
    }

    func testSingleFilesLoadByPath() throws {
        let training = try TestData.file("dlib-faces/training.xml")
        let catalog = DatasetCatalog(definitions: [], formats: DatasetCatalog.standardFormats(zlib: TestData.zlib), searchPath: [])
        let dataset = try catalog.resolve(training)
        XCTAssertEqual(dataset.samples.count, 4)
        XCTAssertEqual(dataset.faceCount, 18)
        XCTAssertNil(dataset.landmarkScheme)
    }

    func testMalformedElementsAreReportedWithTheirLine() throws {
        let directory = try TestData.temporaryDirectory(self)
        let bad = """
            <?xml version='1.0' encoding='ISO-8859-1'?>
            <dataset><images>
              <image file='a.jpg' width='10' height='10'>
                <box top='1' left='2' width='x' height='3'/>
              </image>
            </images></dataset>
            """
        let path = try TestData.write(bad, to: "bad.xml", in: directory)
        XCTAssertThrowsError(try DlibXMLLoader.load(files: [path], root: directory, name: "bad")) { error in
            XCTAssertEqual("\(error)", "\(path): <box> at line 4: width='x' is not a number")
        }
        try TestData.write("<dataset><images><image file='a.jpg'><box top='1'/></image>", to: "cut.xml", in: directory)
        XCTAssertThrowsError(try DlibXMLLoader.load(files: [directory + "/cut.xml"], root: directory, name: "cut")) { error in
            XCTAssertTrue("\(error)".contains("never closed"), "\(error)")
        }
    }

    func testIgnoreFlagAndExtraAttributes() throws {
        let directory = try TestData.temporaryDirectory(self)
        let xml = "<dataset><images><image file='a.jpg' width='10' height='10'><box top='1' left='2' width='3' height='4' ignore='1' pose='left'/></image></images></dataset>"
        let path = try TestData.write(xml, to: "a.xml", in: directory)
        let face = try DlibXMLLoader.load(files: [path], root: directory, name: "a").samples[0].faces[0]
        XCTAssertTrue(face.ignore)
        XCTAssertEqual(face.attributes, ["pose": "left"])
    }
}

final class DatasetCatalogTests: XCTestCase {
    func testUnknownNamesAndPathsAreClearErrors() {
        let catalog = DatasetCatalog(
            definitions: DatasetCatalog.standardDefinitions(zlib: TestData.zlib), formats: DatasetCatalog.standardFormats(zlib: TestData.zlib), searchPath: ["/nonexistent"])
        XCTAssertThrowsError(try catalog.resolve("mit-cmu")) { error in
            XCTAssertEqual(error as? FaceBenchError, .datasetNotFound(name: "mit-cmu", searched: ["/nonexistent/mit-cmu"]))
        }
        XCTAssertThrowsError(try catalog.resolve("nonsense")) { error in
            XCTAssertTrue("\(error)".contains("Known names: mit-cmu"), "\(error)")
        }
        XCTAssertThrowsError(try catalog.resolve("dlib-face")) { error in
            XCTAssertTrue("\(error)".contains("unknown dataset 'dlib-face'. Did you mean 'dlib-faces'?"), "\(error)")
        }
        XCTAssertThrowsError(try catalog.resolve("/tmp"))
    }
}
