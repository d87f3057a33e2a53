import Foundation
import XCTest
@testable import FaceBenchModel
@testable import FaceBenchIO
import FaceBenchTestSupport

final class WIDERPredictionFolderTests: XCTestCase {
    let dataset = Dataset(name: "tiny", format: "wider", root: "/gt", annotationFiles: [], samples: [
        Sample(id: 1, name: "0--Parade/a_1.jpg", faces: []),
        Sample(id: 2, name: "0--Parade/a_2.jpg", faces: []),
        Sample(id: 3, name: "1--Handshaking/b_1.jpg", faces: []),
    ])

    func testWritesWhatItReadsBackExactly() throws {
        let folder = try TestData.temporaryDirectory(self)
        let detections: [[Detection]] = [
            [Detection(box: Box(x: 1, y: 2.5, width: 30.25, height: 40), score: 0.1 + 0.2), Detection(box: Box(x: -3, y: 0, width: 1e-7, height: 2), score: -1.5)],
            [],
            [Detection(box: Box(x: 10, y: 10, width: 5, height: 5), score: 12)],
        ]
        try WIDERPredictionFolder.write(detections, samples: dataset.samples, to: folder)
        XCTAssertEqual(try FileIO.readText(folder + "/0--Parade/a_1.txt"), "a_1\n2\n1 2.5 30.25 40 0.30000000000000004\n-3 0 1e-07 2 -1.5\n")
        XCTAssertEqual(try FileIO.readText(folder + "/0--Parade/a_2.txt"), "a_2\n0\n")
        let read = try WIDERPredictionFolder.read(folder, for: dataset)
        XCTAssertEqual(read[1], detections[0])
        XCTAssertEqual(read[2], [])
        XCTAssertEqual(read[3], detections[2])
        XCTAssertTrue(WIDERPredictionImporter().recognises(folder))
    }

    func testMalformedFilesNameFileAndLine() throws {
        let cases: [(String, String)] = [
            ("a_1\n", "expected the image name and the number of boxes on the first two lines"),
            ("a_1\ntwo\n", "line 2: expected the number of boxes"),
            ("a_1\n2\n1 2 3 4 0.5\n", "line 2: says 2 boxes but 1 box lines follow"),
            ("a_1\n1\n1 2 3 4 0.5\n5 6 7 8 0.1\n", "line 2: says 1 boxes but 2 box lines follow"),
            ("a_1\n1\n1 2 3 4\n", "line 3: expected 'x y w h score', found 4 fields"),
            ("a_1\n1\n1 2 3 4 nan\n", "line 3: 'nan' is not a finite number"),
            ("a_1\n1\n1 2 x 4 0.5\n", "line 3: 'x' is not a finite number"),
        ]
        for (text, message) in cases {
            XCTAssertThrowsError(try WIDERPredictionFolder.parse(Array(text.utf8), path: "p.txt"), text) { error in
                XCTAssertEqual("\(error)", "p.txt: " + message)
            }
        }
        // Blank trailing lines, CRLF, extra columns (landmarks) and commas are fine.
        let parsed = try WIDERPredictionFolder.parse(Array("a_1\r\n1\r\n1,2,3,4,0.5,9,9\r\n\r\n".utf8), path: "p.txt")
        XCTAssertEqual(parsed, [Detection(box: Box(x: 1, y: 2, width: 3, height: 4), score: 0.5)])

        let folder = try TestData.temporaryDirectory(self)
        try FileIO.writeAtomically("x\n0\n", to: folder + "/0--Parade/unknown.txt")
        XCTAssertThrowsError(try WIDERPredictionFolder.read(folder, for: dataset)) { error in
            XCTAssertEqual("\(error)", "\(folder)/0--Parade/unknown.txt: no image '0--Parade/unknown' in dataset tiny")
        }
    }

    func testDecimalNumbersMatchTheStandardLibrary() {
        let texts = ["0", "-0", "1", "0.1", "345.25", "-2.5e-3", "1E5", "123456789012345", "1234567890123456789", "0.30000000000000004",
                     "9007199254740993", "1e-30", "4.9e-324", "1.7976931348623157e308", ".5", "5.", "+3", "inf", "nan", "1e", "--1", "1.2.3", ""]
        for text in texts {
            let bytes = Array(text.utf8)
            let parsed = DecimalNumber.parse(bytes, 0..<bytes.count)
            let expected = Double(text)
            if let expected, expected.isNaN {
                XCTAssertTrue(parsed?.isNaN ?? false, text)
            } else {
                XCTAssertEqual(parsed, expected, text)
            }
        }
    }
}
