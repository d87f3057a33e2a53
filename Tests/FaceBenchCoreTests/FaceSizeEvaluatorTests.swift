import Foundation
import XCTest
@testable import FaceBenchCore

final class FaceSizeEvaluatorTests: XCTestCase {
    func testBucketsCountFacesMatchesAndFalsePositivesByHeight() throws {
        let faces = [
            Face(box: Box(x: 0, y: 0, width: 10, height: 12)),       // <16
            Face(box: Box(x: 100, y: 0, width: 20, height: 20)),     // 16-32
            Face(box: Box(x: 200, y: 0, width: 20, height: 31)),     // 16-32
            Face(box: Box(x: 0, y: 100, width: 60, height: 64)),     // 64-128 (edges belong upward)
            Face(box: Box(x: 300, y: 300, width: 300, height: 300), ignore: true),
        ]
        let sample = Sample(id: 1, name: "a.png", width: 1000, height: 1000, faces: faces)
        let detections = [
            Detection(box: faces[1].box, score: 1), Detection(box: faces[3].box, score: 1),
            Detection(box: Box(x: 700, y: 0, width: 40, height: 40), score: 1),  // false positive, 32-64
        ]
        let dataset = Dataset(name: "t", format: "t", root: "/", annotationFiles: [], samples: [sample])
        let result = try FaceSizeEvaluator().evaluate(
            dataset: dataset, samples: [sample], detections: [detections], options: EvaluationOptions())
        func bucket(_ label: String) -> JSONValue? { result["buckets"]?[label] }
        XCTAssertEqual(bucket("<16")?["faces"]?.int, 1)
        XCTAssertEqual(bucket("<16")?["recall"]?.double, 0)
        XCTAssertEqual(bucket("16-32")?["faces"]?.int, 2)
        XCTAssertEqual(bucket("16-32")?["detected"]?.int, 1)
        XCTAssertEqual(bucket("16-32")?["recall"]?.double, 0.5)
        XCTAssertEqual(bucket("32-64")?["faces"]?.int, 0)
        XCTAssertEqual(bucket("32-64")?["recall"], .null)
        XCTAssertEqual(bucket("32-64")?["false_positives"]?.int, 1)
        XCTAssertEqual(bucket("64-128")?["recall"]?.double, 1)
        XCTAssertEqual(bucket(">=256")?["faces"]?.int, 0, "ignored faces count nowhere")
        XCTAssertEqual(result["buckets"]?.object?.keys, ["<16", "16-32", "32-64", "64-128", "128-256", ">=256"])
    }

    func testMarkdownShowsBucketsWithFaces() throws {
        let results = SyntheticRun.results([SyntheticRun.partial()])
        let sizes = try XCTUnwrap(results.detectors[0].evaluations["sizes"])
        let text = FaceSizeEvaluator().markdown([("partial", sizes)])
        let header = text.split(separator: "\n").first { $0.hasPrefix("|") }?.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(header, ["Detector", "16-32 px", "32-64 px", "64-128 px", "128-256 px"], text)
        XCTAssertTrue(text.contains("0.000 (0/1)"))
        XCTAssertTrue(text.contains("1.000 (1/1)"))
        XCTAssertFalse(text.contains("<16"), "buckets without faces are left out")
    }
}
