import FaceBenchModel
import FaceBenchTestSupport
import Foundation
import XCTest

/// What one file may make FaceBench read: a device would never end, a pipe announces no size.
final class FileIOTests: XCTestCase {
    func testDevicesAreRefusedBeforeAnyRead() {
        XCTAssertThrowsError(try FileIO.read("/dev/zero")) { error in
            XCTAssertEqual("\(error)", "/dev/zero: is a device, expected a file")
        }
    }

    func testFilesLargerThanTheCapAreRefusedFromTheirSize() throws {
        let directory = try TestData.temporaryDirectory(self)
        let path = try TestData.write(String(repeating: "x", count: 2000), to: "big.txt", in: directory)
        XCTAssertEqual(try FileIO.read(path, maximumBytes: 2000).count, 2000)
        XCTAssertThrowsError(try FileIO.read(path, maximumBytes: 1000)) { error in
            XCTAssertEqual("\(error)", "\(path): holds 2000 bytes, more than 1000 bytes, the most FaceBench reads from one file (FileIO.maximumBytes)")
        }
    }

    func testPipesAreReadUpToTheCap() throws {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        let data = [UInt8](repeating: 7, count: 5000)
        XCTAssertEqual(data.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }, 5000)
        close(ends[1])
        defer { close(ends[0]) }
        let path = "/proc/self/fd/\(ends[0])"
        XCTAssertThrowsError(try FileIO.read(path, maximumBytes: 1000)) { error in
            XCTAssertEqual("\(error)", "\(path): goes on past 1000 bytes, the most FaceBench reads from one file (FileIO.maximumBytes)")
        }
    }
}

/// Paths under an output folder are built from checked names only.
final class OutputFolderTests: XCTestCase {
    func testNamesThatLeaveTheFolderAreRefusedWithTheRuleTheyBreak() throws {
        let folder = OutputFolder(try TestData.temporaryDirectory(self))
        for (name, problem) in [("../x.json", "has a part that is '..'"), ("/etc/passwd", "is an absolute path"), ("a/.b", "has a part that starts with '.'")] {
            XCTAssertThrowsError(try folder.path(name, what: "image '\(name)'")) {
                XCTAssertEqual($0 as? FaceBenchError, .unsafeName(source: "image '\(name)'", folder: folder.root, problem: problem))
            }
        }
        XCTAssertEqual(try folder.path("a/b.json", what: "image"), folder.root + "/a/b.json")
    }
}
