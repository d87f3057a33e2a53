import Foundation
import XCTest
@testable import FaceBenchModel
@testable import FaceBenchEvaluation
@testable import FaceBenchIO
import FaceBenchTestSupport

final class FDDBDetectionFileTests: XCTestCase {
    let dataset = Dataset(name: "tiny", format: "fddb", root: "/gt", annotationFiles: [], samples: [
        Sample(id: 1, name: "2002/08/11/big/img_591", faces: []),
        Sample(id: 2, name: "2002/08/26/big/img_265", faces: []),
    ])

    func write(_ text: String) throws -> String {
        try TestData.write(text, to: "detections-\(UUID().uuidString).txt", in: TestData.temporaryDirectory(self))
    }

    func testRoundTripAndEllipses() throws {
        let detections: [[Detection]] = [[Detection(box: Box(x: 10.5, y: 20, width: 30, height: 40.25), score: 0.75)], []]
        let path = try write(FDDBDetectionFile.text(detections, samples: dataset.samples))
        XCTAssertEqual(try FileIO.readText(path), "2002/08/11/big/img_591\n1\n10.5 20 30 40.25 0.75\n2002/08/26/big/img_265\n0\n")
        XCTAssertTrue(FDDBDetectionImporter().recognises(path))
        let read = try FDDBDetectionFile.read(path, for: dataset)
        XCTAssertEqual(read[1], detections[0])
        XCTAssertEqual(read[2], [])

        let ellipses = try write("2002/08/26/big/img_265\n1\n67.36 44.51 -1.4764 105.25 87.2 0.9\n")
        let found = try XCTUnwrap(FDDBDetectionFile.read(ellipses, for: dataset)[2]?.first)
        XCTAssertEqual(found.ellipse, Ellipse(majorRadius: 67.36, minorRadius: 44.51, angle: -1.4764, centerX: 105.25, centerY: 87.2))
        XCTAssertEqual(found.score, 0.9)
        XCTAssertEqual(found.box, Ellipse(majorRadius: 67.36, minorRadius: 44.51, angle: -1.4764, centerX: 105.25, centerY: 87.2).boundingBox)
    }

    func testMalformedFilesNameTheLine() throws {
        let cases: [(String, String)] = [
            ("2002/08/11/big/img_999\n0\n", "line 1: no image '2002/08/11/big/img_999' in dataset tiny"),
            ("2002/08/11/big/img_591\nx\n", "line 2: expected the number of regions of 2002/08/11/big/img_591"),
            ("2002/08/11/big/img_591\n2\n1 2 3 4 0.5\n", "line 1: 2002/08/11/big/img_591 lists 2 regions but the file ends first"),
            ("2002/08/11/big/img_591\n1\n1 2 3 0.5\n", "line 3: expected 'left top width height score' or 'major minor angle cx cy score', found 4 fields"),
            ("2002/08/11/big/img_591\n1\n1 2 3 4 inf\n", "line 3: 'inf' is not a finite number"),
            ("2002/08/11/big/img_591\n0\n2002/08/11/big/img_591\n0\n", "line 3: '2002/08/11/big/img_591' is listed twice"),
        ]
        for (text, message) in cases {
            let path = try write(text)
            XCTAssertThrowsError(try FDDBDetectionFile.read(path, for: dataset), text) { error in
                XCTAssertEqual("\(error)", "\(path): \(message)")
            }
        }
    }

    /// Against every assignment of small random matrices (exhaustive search).
    func testMaximumWeightMatchingIsOptimal() {
        var generator = TestRandom.generator(self, seed: 300)
        for trial in 0..<300 {
            let rows = Int.random(in: 1...5, using: &generator), columns = Int.random(in: 1...5, using: &generator)
            let weights = (0..<rows).map { _ in (0..<columns).map { _ in Bool.random(using: &generator) ? 0 : Double.random(in: 0...1, using: &generator) } }
            let pairs = MaximumWeightMatching.pairs(weights)
            XCTAssertEqual(Set(pairs.map(\.row)).count, pairs.count, "rows used once")
            XCTAssertEqual(Set(pairs.map(\.column)).count, pairs.count, "columns used once")
            XCTAssertTrue(pairs.allSatisfy { weights[$0.row][$0.column] > 0 })
            let total = pairs.reduce(0.0) { $0 + weights[$1.row][$1.column] }
            XCTAssertEqual(total, bestTotal(weights, row: 0, used: []), accuracy: 1e-12, "trial \(trial): \(weights)")
        }
    }

    func bestTotal(_ weights: [[Double]], row: Int, used: Set<Int>) -> Double {
        guard row < weights.count else { return 0 }
        var best = bestTotal(weights, row: row + 1, used: used)
        for column in weights[row].indices where !used.contains(column) {
            best = max(best, weights[row][column] + bestTotal(weights, row: row + 1, used: used.union([column])))
        }
        return best
    }

    /// Two faces, detections at three scores; hand-computed ROC in the toolkit's layout.
    func testHandComputedROC() throws {
        let face = PixelRegion(left: 0, top: 0, right: 9, bottom: 9)  // 100 pixels
        let other = PixelRegion(left: 100, top: 0, right: 109, bottom: 9)
        let exact = PixelRegion(left: 0, top: 0, right: 9, bottom: 9)  // overlap 1
        let half = PixelRegion(left: 100, top: 0, right: 104, bottom: 9)  // 50 of 100: 0.5, not > 0.5
        let miss = PixelRegion(left: 300, top: 300, right: 309, bottom: 309)
        let image = FDDBOfficialEvaluation.Image(faces: [face, other], detections: [(exact, 0.9), (half, 0.5), (miss, 0.5)])
        let empty = FDDBOfficialEvaluation.Image(faces: [face], detections: [])
        let result = FDDBOfficialEvaluation.evaluate([image, empty])
        XCTAssertEqual(result.faces, 3)
        // Thresholds ascending: 0.5 (all three: 1 discrete, 1.5 continuous, 2 FP), 0.9, DBL_MAX.
        XCTAssertEqual(result.points.map(\.threshold), [0.5, 0.9, .greatestFiniteMagnitude])
        XCTAssertEqual(result.points.map(\.discreteTruePositives), [1, 1, 0])
        XCTAssertEqual(result.points.map(\.continuousTruePositives), [1.5, 1, 0])
        XCTAssertEqual(result.points.map(\.falsePositives), [2, 0, 0])
        let (discrete, continuous) = try FDDBROCFiles.texts(FDDBEvaluator.result(result, images: 2, detections: 3, imagesWithoutSize: 2))
        XCTAssertEqual(discrete, "0.333333 2 0.5\n0.333333 0 0.9\n0 0 1.79769e+308\n")
        XCTAssertEqual(continuous, "0.5 2\n0.333333 0\n0 0\n")
        XCTAssertEqual(result.truePositiveRate(atFalsePositives: 1, continuous: true), 1.0 / 3)
        XCTAssertEqual(result.truePositiveRate(atFalsePositives: 2, continuous: true), 0.5)
    }
}
