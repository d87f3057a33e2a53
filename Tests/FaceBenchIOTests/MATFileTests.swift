import XCTest
@testable import FaceBenchModel
@testable import FaceBenchIO
import FaceBenchTestSupport

final class MATFileTests: XCTestCase {
    func check(_ file: MATFile, against expected: JSONObject) throws {
        XCTAssertEqual(file.variables.map(\.name).sorted(), expected.keys.sorted(), file.path)
        for (name, spec) in expected.pairs {
            let value = try file.variable(name)
            let label = "\(file.path): \(name)"
            XCTAssertEqual(value.dimensions, spec["dimensions"]?.array?.compactMap(\.int), label)
            switch value {
            case let .numeric(array):
                XCTAssertEqual(array.matlabClass.name, spec["class"]?.string, label)
                XCTAssertEqual(array.real, spec["real"]?.array?.compactMap(\.double), label)
                XCTAssertEqual(array.isLogical, spec["logical"]?.bool ?? false, label)
                XCTAssertEqual(array.imaginary, spec["imaginary"]?.array?.compactMap(\.double), label)
            case let .characters(array):
                XCTAssertEqual(spec["class"]?.string, "char", label)
                XCTAssertEqual(array.rows, spec["rows"]?.array?.compactMap(\.string), label)
            case let .cell(_, elements):
                XCTAssertEqual(spec["class"]?.string, "cell", label)
                XCTAssertEqual(elements[0].numeric?.matlabClass, .int32, label)
                XCTAssertEqual(elements[0].numeric?.real, [1, 2, 3], label)
                XCTAssertEqual(elements[1].string, "text", label)
                XCTAssertEqual(elements[2].dimensions, [0, 1], label)
                XCTAssertEqual(elements[3].cellElements?.first?.numeric?.real, [2.5], label)
            case let .structure(_, fieldNames, elements):
                XCTAssertEqual(spec["class"]?.string, "struct", label)
                XCTAssertEqual(fieldNames, spec["fields"]?.array?.compactMap(\.string), label)
                XCTAssertEqual(elements.first?.first?.string, "face", label)
                XCTAssertEqual(elements.first?.last?.numeric?.real, [12], label)
            }
        }
    }

    func testReadsWhatSciPyWrites() throws {
        let expected = try XCTUnwrap(JSONReader.parse(file: TestData.fixture("MATLAB/expected.json")).object)
        for name in ["variables.mat", "variables-compressed.mat", "variables-big-endian.mat"] {
            try check(MATFile(path: TestData.fixture("MATLAB/" + name), zlib: TestData.zlib), against: expected)
        }
    }

    func testReadsOnlyTheVariablesAskedFor() throws {
        for name in ["variables.mat", "variables-compressed.mat", "variables-big-endian.mat"] {
            let file = try MATFile(path: TestData.fixture("MATLAB/" + name), only: ["name", "cells"], zlib: TestData.zlib)
            XCTAssertEqual(file.variables.map(\.name), ["name", "cells"], name)
            XCTAssertEqual(file["name"]?.string, "WIDER FACE", name)
        }
    }

    func testDamagedFilesNameTheProblem() throws {
        var bytes = try FileIO.read(TestData.fixture("MATLAB/variables-compressed.mat"))
        bytes[bytes.count / 2] ^= 0xFF
        XCTAssertThrowsError(try MATFile(bytes: bytes, path: "damaged.mat", zlib: TestData.zlib)) { error in
            XCTAssertTrue("\(error)".hasPrefix("damaged.mat: compressed element at byte"), "\(error)")
        }
        let plain = try FileIO.read(TestData.fixture("MATLAB/variables.mat"))
        XCTAssertThrowsError(try MATFile(bytes: Array(plain.prefix(plain.count - 40)), path: "short.mat", zlib: TestData.zlib)) { error in
            XCTAssertTrue("\(error)".contains("runs past the end"), "\(error)")
        }
        XCTAssertThrowsError(try MATFile(bytes: Array("not a mat file".utf8) + [UInt8](repeating: 32, count: 200), path: "x.mat", zlib: TestData.zlib)) { error in
            XCTAssertTrue("\(error)".contains("not a MATLAB 5 MAT-file"), "\(error)")
        }
        XCTAssertThrowsError(try MATFile(path: TestData.fixture("MATLAB/variables.mat"), zlib: TestData.zlib).variable("nope")) { error in
            XCTAssertTrue("\(error)".contains("no variable 'nope' (the file has: "), "\(error)")
        }
    }

    /// The official WIDER FACE evaluation files: facts checked with scipy.io.loadmat.
    func testReadsTheOfficialWIDERFiles() throws {
        let root = try TestData.file("wider-val-gt")
        let file = try MATFile(path: root + "/wider_face_val.mat", zlib: TestData.zlib)
        XCTAssertTrue(file.headerText.hasPrefix("MATLAB 5.0 MAT-file, Platform: GLNXA64"))
        let events = try XCTUnwrap(file["event_list"]?.cellElements)
        XCTAssertEqual(events.count, 61)
        XCTAssertEqual(events[2].string, "10--People_Marching")
        let boxes = try XCTUnwrap(file["face_bbx_list"]?.cellElements?.first?.cellElements?.first?.numeric)
        XCTAssertEqual(boxes.matlabClass, .int32)
        XCTAssertEqual(boxes.dimensions, [126, 4])
        XCTAssertEqual(boxes.rows[0], [345, 211, 4, 4])
        XCTAssertEqual(file["file_list"]?.cellElements?.first?.cellElements?.first?.string, "0_Parade_marchingband_1_465")
        let total = try XCTUnwrap(file["face_bbx_list"]?.cellElements).reduce(0) { sum, event in
            sum + (event.cellElements ?? []).reduce(0) { $0 + $1.dimensions[0] }
        }
        XCTAssertEqual(total, 39708)
    }
}
