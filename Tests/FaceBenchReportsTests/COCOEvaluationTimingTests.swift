import FaceBenchTestSupport
import XCTest
@testable import FaceBenchModel
@testable import FaceBenchEvaluation
@testable import FaceBenchIO
@testable import FaceBenchHarness
@testable import FaceBenchReports

/// `facebench bench-eval`'s timing below the CLI, on a two-image workload.
final class COCOEvaluationTimingTests: XCTestCase {
    func testFaceBenchsRunGivesCOCOsNumbersAndEveryStage() throws {
        let scratch = try TestData.temporaryDirectory(self)
        let gt = try TestData.write(TestData.twoImageCOCO, to: "gt.coco.json", in: scratch)
        let results = try TestData.write(
            """
            [{"image_id": 2, "category_id": 1, "bbox": [100, 100, 20, 20], "score": 0.9},
             {"image_id": 1, "category_id": 1, "bbox": [300, 10, 40, 40], "score": 0.95}]
            """, to: "results.coco.json", in: scratch)
        let catalog = DatasetCatalog(definitions: [], formats: DatasetCatalog.standardFormats(zlib: TestData.zlib), searchPath: [])
        let (timing, detections) = try COCOEvaluationTiming.faceBench(gt: gt, results: results, repeats: 2, catalog: catalog)
        XCTAssertEqual(detections, 2)
        XCTAssertEqual(timing.runs, 2)
        XCTAssertEqual(timing.tool, "FaceBench")
        XCTAssertEqual(Set(timing.wall.keys), Set(COCOEvaluationTiming.stages + ["results_file", "results_parse", "results_grouping"]))
        XCTAssertEqual(timing.cpu.keys.count, timing.wall.keys.count)
        let dataset = try catalog.resolve(gt)
        let byID = try COCOResultsImporter().load(results, for: dataset)
        let direct = try COCOEvaluator().evaluate(
            dataset: dataset, samples: dataset.samples, detections: dataset.samples.map { byID[$0.id] ?? [] }, options: EvaluationOptions())
        XCTAssertEqual(timing.stats, direct.summary.stats)
        XCTAssertEqual(timing.largestDifference(from: timing), 0)

        var other = timing
        other.stats[0] += 0.25
        let report = COCOEvaluationTimingReport(
            timings: [timing, other], workload: scratch, seed: 1, resultsBytes: 10, detections: detections, environment: RunEnvironment.current(libraries: [:], checkout: nil))
        XCTAssertEqual(report.differences, [0.25])
        XCTAssertFalse(report.agree)
        XCTAssertEqual(try report.json()["tools"]?.array?.count, 2)
        XCTAssertTrue(report.markdown.contains("| FaceBench "), report.markdown)
    }
}
