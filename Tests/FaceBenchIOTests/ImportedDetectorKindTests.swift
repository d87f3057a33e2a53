@testable import FaceBenchModel
@testable import FaceBenchIO
import FaceBenchTestSupport
import XCTest

/// `file:` detectors: the importer chosen from the file or named in the spec.
final class ImportedDetectorKindTests: XCTestCase {
    /// FaceBench's own files are explained by the layers above (EvalCommandTests checks those errors).
    static let noExplanation = NotPredictionsExplanation(folder: { _ in nil }, file: { _ in nil })

    let dataset = Dataset(
        name: "tiny", format: "test", root: "/tmp", annotationFiles: [], samples: [Sample(id: 1, name: "a.jpg", width: 200, height: 100, faces: [])])

    func testFileKindPicksTheFormatOrTakesItFromTheSpec() throws {
        let directory = try TestData.temporaryDirectory(self)
        let registry = DetectorRegistry([ImportedDetectorKind.kind(importers: [WatsonImporter(), MLKitImporter(), AppleVisionImporter()], notPredictions: Self.noExplanation)])
        let context = DetectorContext(dataset: dataset)
        let watson = try TestData.write(#"{"images": [{"image": "a.jpg", "faces": [{"face_location": {"left": 1, "top": 2, "width": 3, "height": 4}}]}], "images_processed": 1}"#, to: "watson.json", in: directory)
        let factory = try registry.factory(for: "file:\(watson)", context: context)
        XCTAssertEqual(factory.info.id, "file-watson")
        XCTAssertTrue(factory.info.isImported)
        XCTAssertEqual(factory.info.spec, "file:watson:\(watson)")
        let detector = try factory.makeDetector()
        let input = DetectorInput(image: GrayImage(width: 0, height: 0), name: "a.jpg")
        XCTAssertEqual(try detector.detect(input).map(\.box), [Box(x: 1, y: 2, width: 3, height: 4)])

        // A name-keyed file any of the three could hold: the format must be named.
        let plain = try TestData.write(#"{"a.jpg": []}"#, to: "plain.json", in: directory)
        XCTAssertThrowsError(try registry.factory(for: "file:\(plain)", context: context)) { error in
            XCTAssertTrue("\(error)".contains("is in no recognised format; name it: file:FORMAT:PATH"), "\(error)")
        }
        XCTAssertEqual(try registry.factory(for: "mine=file:mlkit:\(plain)", context: context).info.id, "mine")
        XCTAssertThrowsError(try registry.factory(for: "file:\(watson)")) { error in
            XCTAssertTrue("\(error)".contains("use them with `facebench run --dataset …`"), "\(error)")
        }
    }
}
