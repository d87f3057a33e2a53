import Foundation
import XCTest
@testable import FaceBenchModel
@testable import FaceBenchEvaluation
@testable import FaceBenchIO
import FaceBenchTestSupport

/// FaceBench's FDDB protocol against Tests/Fixtures/FDDB (expected ROC files written by
/// scripts/evaluation/fddb_reference.py: OpenCV-drawn masks, scipy's assignment, the
/// toolkit's merge and output format).
final class FDDBEvaluationTests: XCTestCase {
    static let dataset = Result { try FDDBLoader.load(root: TestData.file("fddb-folds"), name: "fddb") }

    func testLoadsAllFolds() throws {
        let dataset = try Self.dataset.get()
        XCTAssertEqual(dataset.samples.count, 2845)
        XCTAssertEqual(dataset.faceCount, 5171)
        XCTAssertEqual(dataset.annotationFiles.count, 10)
        let first = dataset.samples[0]
        XCTAssertEqual(first.name, "2002/08/11/big/img_591")
        XCTAssertEqual(first.attributes["fold"], "01")
        let ellipse = try XCTUnwrap(first.faces[0].ellipse)
        XCTAssertEqual(ellipse, Ellipse(majorRadius: 123.5833, minorRadius: 85.5495, angle: 1.265839, centerX: 269.6934, centerY: 161.7812))
        XCTAssertEqual(first.faces[0].box, ellipse.boundingBox)
        XCTAssertTrue(FDDBEvaluator().applies(to: dataset))
    }

    func testWritesTheToolkitsROCFilesForEveryFixture() throws {
        let full = try Self.dataset.get()
        let expected = try JSONReader.parse(file: TestData.fixture("FDDB/expected.json"))
        let folds = Set((expected["folds"]?.array ?? []).compactMap(\.int).map { String(format: "%02d", $0) })
        var dataset = full
        dataset.samples = full.samples.filter { folds.contains($0.attributes["fold"] ?? "") }
        for (name, spec) in try XCTUnwrap(expected["cases"]?.object).pairs {
            let byID = try FDDBDetectionFile.read(TestData.fixture("FDDB/\(name).txt"), for: dataset)
            let detections = dataset.samples.map { byID[$0.id] ?? [] }
            XCTAssertEqual(detections.reduce(0) { $0 + $1.count }, spec["detections"]?.int, name)
            let result = try FDDBEvaluator().evaluate(dataset: dataset, samples: dataset.samples, detections: detections, options: EvaluationOptions())
            let json = result.json
            XCTAssertEqual(json["faces"]?.int, spec["faces"]?.int, name)
            XCTAssertEqual(json["roc"]?["threshold"]?.array?.count, spec["points"]?.int, name)
            let (discrete, continuous) = try FDDBROCFiles.texts(result)
            try assertSameLines(discrete, FileIO.readText(TestData.fixture("FDDB/\(name)-DiscROC.txt")), "\(name) DiscROC")
            try assertSameLines(continuous, FileIO.readText(TestData.fixture("FDDB/\(name)-ContROC.txt")), "\(name) ContROC")
            XCTAssertEqual(json["discrete"]?["tpr_at_1000_fp"]?.double, spec["tpr_at_1000_fp"]?["discrete"]?.double, name)
            XCTAssertEqual(json["continuous"]?["tpr_at_1000_fp"]?.double ?? 0, spec["tpr_at_1000_fp"]?["continuous"]?.double ?? 1, accuracy: 1e-12, name)
        }
    }

    func assertSameLines(_ actual: String, _ expected: String, _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        let a = actual.split(separator: "\n"), b = expected.split(separator: "\n")
        XCTAssertEqual(a.count, b.count, label, file: file, line: line)
        let differing = zip(a, b).enumerated().filter { $0.element.0 != $0.element.1 }
        XCTAssertEqual(differing.count, 0, "\(label): first differences \(differing.prefix(3).map { "line \($0.offset + 1): \($0.element.0) vs \($0.element.1)" })", file: file, line: line)
    }
}
