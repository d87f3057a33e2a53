import Foundation
import XCTest
@testable import FaceBenchModel
@testable import FaceBenchIO
import FaceBenchTestSupport

final class WIDERFaceLoaderTests: XCTestCase {
    func testMATAndTextGiveTheSameFaces() throws {
        let root = try TestData.file("wider-val-gt")
        let fromMAT = try WIDERFaceLoader.load(root: root, name: "wider-val", zlib: TestData.zlib)
        let fromText = try WIDERFaceLoader.loadText(path: root + "/wider_face_val_bbx_gt.txt", name: "wider-val")
        XCTAssertEqual(fromMAT.samples.count, 3226)
        XCTAssertEqual(fromMAT.faceCount, 39708)
        XCTAssertEqual(fromMAT.annotationFiles.count, 4)
        XCTAssertEqual(fromMAT.samples.map(\.name), fromText.samples.map(\.name))
        for (a, b) in zip(fromMAT.samples, fromText.samples) {
            XCTAssertEqual(a.faces.map(\.box), b.faces.map(\.box), a.name)
            XCTAssertEqual(a.faces.map { $0.widerLabels?.blur }, b.faces.map { $0.widerLabels?.blur }, a.name)
        }
        let first = fromMAT.samples[0]
        XCTAssertEqual(first.name, "0--Parade/0_Parade_marchingband_1_465.jpg")
        XCTAssertEqual(first.attributes["event"], "0--Parade")
        XCTAssertEqual(first.faces[0].box, Box(x: 345, y: 211, width: 4, height: 4))
        XCTAssertEqual(first.faces[1].widerLabels?.invalid, true)
    }

    /// Subset sizes as the official keep lists give them (counted with scipy).
    func testDifficultySubsetsAreNestedAndCounted() throws {
        let dataset = try WIDERFaceLoader.load(root: TestData.file("wider-val-gt"), name: "wider-val", zlib: TestData.zlib)
        var counts: [String: Int] = [:]
        for face in dataset.samples.flatMap(\.faces) {
            counts[face.widerDifficulty?.rawValue ?? "none", default: 0] += 1
            XCTAssertEqual(face.ignore, face.widerDifficulty == nil)
        }
        XCTAssertEqual(counts["easy"], 7211)
        XCTAssertEqual((counts["easy"] ?? 0) + (counts["medium"] ?? 0), 13319)
        XCTAssertEqual((counts["easy"] ?? 0) + (counts["medium"] ?? 0) + (counts["hard"] ?? 0), 31958)
    }

    func testMalformedTextNamesTheLine() throws {
        let path = try TestData.temporaryDirectory(self) + "/wider_face_bad_bbx_gt.txt"
        try FileIO.writeAtomically("0--Parade/a.jpg\n2\n1 2 3 4 0 0 0 0 0 0\n1 two 3 4\n", to: path)
        XCTAssertThrowsError(try WIDERFaceLoader.loadText(path: path, name: "bad")) { error in
            XCTAssertEqual("\(error)", "\(path): line 4: expected 'x y w h' and optional labels as integers")
        }
        try FileIO.writeAtomically("0--Parade/a.jpg\n3\n1 2 3 4\n", to: path)
        XCTAssertThrowsError(try WIDERFaceLoader.loadText(path: path, name: "bad")) { error in
            XCTAssertEqual("\(error)", "\(path): line 1: 0--Parade/a.jpg lists 3 faces but the file ends first")
        }
    }
}

final class StandardDatasetTests: XCTestCase {
    func testNamedAndPathDatasetsResolve() throws {
        let wider = try TestData.file("wider-val-gt")
        let fddb = try TestData.file("fddb-folds")
        let catalog = DatasetCatalog(
            definitions: DatasetCatalog.standardDefinitions(zlib: TestData.zlib), formats: DatasetCatalog.standardFormats(zlib: TestData.zlib), searchPath: [TestData.datasets])
        XCTAssertEqual(try catalog.resolve("wider-val").samples.count, 3226)
        XCTAssertEqual(try catalog.resolve("fddb").samples.count, 2845)
        XCTAssertEqual(try catalog.resolve(fddb + "/FDDB-fold-03-ellipseList.txt").format, "fddb")
        XCTAssertEqual(try catalog.resolve(wider + "/wider_face_val_bbx_gt.txt").faceCount, 39708)
        XCTAssertEqual(try catalog.resolve(wider).format, "wider")
    }
}
