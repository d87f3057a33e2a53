import FaceBenchIO
import FaceBenchHarness
import FaceBenchReports
import FaceBenchTestSupport
import XCTest

/// Baselines (Results/baseline.json) written and read back.
final class BaselineCodingTests: XCTestCase {
    let fixture = TestData.fixture("Results/layout-0.1/dlib-faces/results.json")

    /// A baseline holds the run's latency summary itself, and reads back equal.
    func testABaselineRoundTripsWithTheFullLatencySummary() throws {
        let scratch = try TestData.temporaryDirectory(self)
        let snapshot = BenchmarkSnapshot(results: [try RunResults.read(fixture)], created: "2026-12-01T00:00:00Z")
        try snapshot.write(to: scratch + "/baseline.json")
        let stored = try JSONReader.parse(file: scratch + "/baseline.json")
        XCTAssertEqual(stored["datasets"]?.array?[0]["detectors"]?.array?[0]["latency_ms"]?["max"]?.double,
                       snapshot.datasets[0].detectors[0].latency?.max)
        XCTAssertEqual(try BenchmarkSnapshot.load(scratch + "/baseline.json"), snapshot)
    }

    /// Baselines of the first schema (percentiles only) still load for the gate.
    func testAFirstSchemaBaselineStillLoads() throws {
        let baseline = try BenchmarkSnapshot.load(TestData.fixture("Results/baseline-1.json"))
        let haar = try XCTUnwrap(baseline.datasets.first?.detector("haar")?.latency)
        XCTAssertGreaterThan(haar.p50, 0)
        XCTAssertTrue(haar.max.isNaN, "baseline/1 did not store max")
    }
}
