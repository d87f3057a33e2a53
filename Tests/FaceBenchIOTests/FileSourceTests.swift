import XCTest
@testable import FaceBenchModel
@testable import FaceBenchIO
import FaceBenchTestSupport

/// The fuzzer runs the dataset loaders on `MemoryFiles`: each loader must read the same
/// dataset from memory as from the disk.
final class FileSourceTests: XCTestCase {
    /// Every file under `folder` (recursively), keyed by its path.
    private func memory(of folder: String) throws -> MemoryFiles {
        var files: [String: [UInt8]] = [:]
        var pending = [folder]
        while let next = pending.popLast() {
            for name in FileIO.list(next) {
                let path = next + "/" + name
                if FileIO.isDirectory(path) { pending.append(path) } else { files[path] = try FileIO.read(path) }
            }
        }
        return MemoryFiles(files)
    }

    private func folder(_ name: String) throws -> String {
        let path = TestData.datasets + "/" + name
        guard FileIO.isDirectory(path) else { throw XCTSkip("\(path) not found") }
        return path
    }

    func testMITCMUFromMemoryEqualsTheDisk() throws {
        let root = try folder("mit-cmu")
        let memory = try memory(of: root)
        for boxes in [MITCMULoader.Boxes.full, .faceOnly] {
            let disk = try MITCMULoader.load(root: root, name: "m", boxes: boxes)
            XCTAssertEqual(try MITCMULoader.load(root: root, name: "m", boxes: boxes, source: memory), disk)
            XCTAssertEqual(disk.samples.count, 130)
        }
    }

    func testDlibXMLFromMemoryEqualsTheDisk() throws {
        let root = try folder("dlib-faces")
        let files = [root + "/training.xml", root + "/testing.xml"]
        let landmarks = [root + "/training_with_face_landmarks.xml", root + "/testing_with_face_landmarks.xml"]
        let disk = try DlibXMLLoader.load(files: files, root: root, name: "d", landmarkFiles: landmarks)
        let fromMemory = try DlibXMLLoader.load(files: files, root: root, name: "d", landmarkFiles: landmarks, source: memory(of: root))
        XCTAssertEqual(fromMemory, disk)
        XCTAssertEqual(disk.faceCount, 43)
    }

    func testFDDBAndWIDERFromMemoryEqualTheDisk() throws {
        let fddb = try folder("fddb-folds")
        XCTAssertEqual(try FDDBLoader.load(root: fddb, name: "f", source: memory(of: fddb)), try FDDBLoader.load(root: fddb, name: "f"))
        let wider = try folder("wider-val-gt")
        let widerFiles = try memory(of: wider)
        XCTAssertEqual(try WIDERFaceLoader.loadMAT(root: wider, name: "w", split: "val", zlib: TestData.zlib, source: widerFiles),
                       try WIDERFaceLoader.loadMAT(root: wider, name: "w", split: "val", zlib: TestData.zlib))
        let text = wider + "/wider_face_val_bbx_gt.txt"
        XCTAssertEqual(try WIDERFaceLoader.loadText(path: text, name: "w", source: widerFiles), try WIDERFaceLoader.loadText(path: text, name: "w"))
    }

    func testPascalVOCFromMemoryEqualsTheDisk() throws {
        let root = try TestData.temporaryDirectory(self)
        try FileIO.createDirectory(root + "/Annotations")
        try FileIO.createDirectory(root + "/JPEGImages")
        try FileIO.writeAtomically("""
            <annotation><filename>a.jpg</filename><size><width>64</width><height>48</height></size>
            <object><name>face</name><difficult>1</difficult><bndbox><xmin>3</xmin><ymin>4</ymin><xmax>20</xmax><ymax>30</ymax></bndbox></object>
            </annotation>
            """, to: root + "/Annotations/a.xml")
        try FileIO.writeAtomically("not decoded", to: root + "/JPEGImages/a.jpg")
        let disk = try PascalVOCLoader.load(path: root, name: "v")
        XCTAssertEqual(try PascalVOCLoader.load(path: root, name: "v", source: memory(of: root)), disk)
        XCTAssertEqual(disk.samples.first?.path, root + "/JPEGImages/a.jpg")
    }

    func testMemoryFilesAnswerAsAFileSystemDoes() throws {
        let files = MemoryFiles(["d/a.txt": [1], "d/sub/b.txt": [2], "d/sub/c/e.txt": [], "dx/f": [3]])
        XCTAssertEqual(files.list("d"), ["a.txt", "sub"])
        XCTAssertEqual(files.list("d/sub"), ["b.txt", "c"])
        XCTAssertEqual(files.list("nowhere"), [])
        XCTAssertTrue(files.isDirectory("d/sub"))
        XCTAssertFalse(files.isDirectory("d/a.txt"))
        XCTAssertFalse(files.isDirectory("d/su"))
        XCTAssertTrue(files.exists("d/sub/c/e.txt"))
        XCTAssertTrue(files.exists("d/sub"))
        XCTAssertFalse(files.exists("d/b.txt"))
        XCTAssertEqual(try files.read("d/sub/b.txt"), [2])
        XCTAssertThrowsError(try files.read("d/sub")) { XCTAssertTrue("\($0)".contains("is a directory"), "\($0)") }
        XCTAssertThrowsError(try files.read("d/zz")) { XCTAssertTrue("\($0)".contains("d/zz: no such file"), "\($0)") }
    }

    func testImageSizeFromBytesHasTheFileReadersErrors() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0x02, 0x80, 0, 0, 0x01, 0xE0]
        XCTAssertEqual(try ImageHeader.size(of: png, path: "a.png"), ImageHeader.Size(width: 640, height: 480))
        let folder = try TestData.temporaryDirectory(self)
        for (bytes, message) in [([UInt8](), "the image file is empty (0 bytes)"), (Array(png.prefix(12)), "the file ends inside the image header (12 bytes)"),
                                 (Array("GIF89a".utf8), "not a PNG, JPEG or PNM image")] {
            try FileIO.writeAtomically(bytes, to: folder + "/x")
            for error in [Result { try ImageHeader.size(of: bytes, path: folder + "/x") }, Result { try ImageHeader.size(ofFileAt: folder + "/x") }] {
                XCTAssertThrowsError(try error.get()) { XCTAssertEqual("\($0)", "\(folder)/x: \(message)") }
            }
        }
    }
}
