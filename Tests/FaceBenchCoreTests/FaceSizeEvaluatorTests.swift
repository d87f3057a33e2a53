import Foundation
import XCTest
@testable import FaceBenchCore

final class FaceSizeEvaluatorTests: XCTestCase {
    func testBucketsCountFacesAndMatchesByHeight() throws {
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
            Detection(box: Box(x: 700, y: 0, width: 40, height: 40), score: 1),
        ]
        let dataset = Dataset(name: "t", format: "t", root: "/", annotationFiles: [], samples: [sample])
        let result = try FaceSizeEvaluator().evaluate(
            dataset: dataset, samples: [sample], detections: [detections], options: EvaluationOptions())
        let buckets = try XCTUnwrap(result["buckets"]?.array)
        XCTAssertEqual(buckets.compactMap { $0["label"]?.string }, ["h<16", "h16-32", "h32-64", "h64-128", "h>=128"])
        XCTAssertEqual(buckets.map { $0["faces"]?.int }, [1, 2, 0, 1, 0], "ignored faces count nowhere")
        XCTAssertEqual(buckets.map { $0["recall"]?.double }, [0, 0.5, nil, 1, nil])
        XCTAssertEqual(buckets[1]["lower"]?.double, 16)
        XCTAssertEqual(buckets[1]["upper"]?.double, 32)
        XCTAssertEqual(buckets[4]["upper"], .null)
        XCTAssertEqual(result["iou_threshold"]?.double, 0.5)
        // The gate and the CSV see the buckets by label.
        let keys = result.numericLeaves.map(\.key)
        XCTAssertTrue(keys.contains("buckets.h16-32.recall"), "\(keys)")
        XCTAssertEqual(MetricDirection.of(key: "buckets.h16-32.recall"), .higherIsBetter)
    }

    func testMarkdownShowsBucketsWithFaces() throws {
        let results = SyntheticRun.results([SyntheticRun.partial()])
        let sizes = try XCTUnwrap(results.detectors[0].evaluations["sizes"])
        let text = FaceSizeEvaluator().markdown([("partial", sizes)])
        let header = text.split(separator: "\n").first { $0.hasPrefix("|") }?.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(header, ["Detector", "h16-32 (1 faces)", "h32-64 (1 faces)", "h64-128 (1 faces)", "h>=128 (1 faces)"], text)
        XCTAssertTrue(text.contains("| partial  |            0.000 |            0.000 |             1.000 |"), text)
        XCTAssertFalse(text.contains("h<16"), "buckets without faces are left out")
    }
}
