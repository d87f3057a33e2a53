import XCTest
@testable import FaceBenchModel
@testable import FaceBenchEvaluation
@testable import FaceBenchHarness

/// `facebench parity`'s loop below the CLI: interleaving, what is compared, what is skipped.
final class InterleavedParityTests: XCTestCase {
    /// Pixels for any path, so no file is read.
    struct BlankDecoder: ImageDecoder {
        func decodeWithWarning(_ path: String) throws -> (image: DecodedImage, warning: String?) {
            (.gray(GrayImage(width: 64, height: 64)), nil)
        }
        var libraryDescription: String { "blank" }
    }

    /// Returns `boxes` and logs its calls into `log`, shared by the two sides.
    final class Logging: FaceDetector {
        let name: String
        let boxes: [Detection]
        let log: Log

        init(_ name: String, boxes: [Detection], log: Log) {
            self.name = name
            self.boxes = boxes
            self.log = log
        }

        func detect(_ input: DetectorInput) throws -> [Detection] {
            log.calls.append("\(name) \(input.name)")
            return input.name == "differs.png" && name == "candidate" ? [] : boxes
        }
    }

    final class Log { var calls: [String] = [] }

    func dataset() -> Dataset {
        let face = Face(box: Box(x: 10, y: 10, width: 20, height: 20))
        return Dataset(name: "tiny", format: "test", root: "/", annotationFiles: [], samples: [
            Sample(id: 1, name: "same.png", path: "/same.png", faces: [face]),
            Sample(id: 2, name: "no-file.png", faces: [face]),
            Sample(id: 3, name: "differs.png", path: "/differs.png", faces: [face]),
        ])
    }

    func testOrderAlternatesAndImagesWithoutFilesAreSkipped() throws {
        let log = Log()
        let box = [Detection(box: Box(x: 10, y: 10, width: 20, height: 20), score: 2)]
        let outcome = try InterleavedParity(iouThreshold: 0.9, repeats: 3).compare(
            reference: Logging("reference", boxes: box, log: log), candidate: Logging("candidate", boxes: box, log: log),
            on: dataset(), decoder: BlankDecoder())
        XCTAssertEqual(log.calls, [
            "reference same.png", "candidate same.png", "candidate same.png", "reference same.png", "reference same.png", "candidate same.png",
            "reference differs.png", "candidate differs.png", "candidate differs.png", "reference differs.png",
            "reference differs.png", "candidate differs.png",
        ])
        XCTAssertEqual(outcome.parity.images, 2)
        XCTAssertEqual(outcome.parity.referenceBoxes, 2)
        XCTAssertEqual(outcome.parity.candidateBoxes, 1)
        XCTAssertEqual(outcome.parity.identicalBoxes, 1)
        XCTAssertEqual(outcome.parity.differingImages, ["differs.png"])
        XCTAssertNotNil(outcome.referenceMedianMilliseconds)
        XCTAssertNotNil(outcome.latencyRatio)
    }

    func testNoImagesGiveNoLatency() throws {
        let empty = Dataset(name: "empty", format: "test", root: "/", annotationFiles: [], samples: [])
        let log = Log()
        let outcome = try InterleavedParity(iouThreshold: 0.5, repeats: 1).compare(
            reference: Logging("reference", boxes: [], log: log), candidate: Logging("candidate", boxes: [], log: log),
            on: empty, decoder: BlankDecoder())
        XCTAssertNil(outcome.referenceMedianMilliseconds)
        XCTAssertNil(outcome.latencyRatio)
        XCTAssertEqual(outcome.parity, DetectionParity(iouThreshold: 0.5))
    }
}
