import FaceBenchModel
import FaceBenchHarness
import XCTest

/// The coverage simulation's bookkeeping (its figures come from Benchmarks/bootstrap-coverage.sh,
/// not from tests): every dataset is counted once per statistic, and the outcome does not
/// depend on how many datasets run at once (nor on also measuring BCa).
final class BootstrapCoverageTests: XCTestCase {
    func testEveryDatasetCountsOnceAndJobsDoNotChangeTheOutcome() {
        let population = BootstrapBenchmark.samples(images: 12, faces: 40, seed: 3)
        let detector = BootstrapCoverage.standardDetectors[1]
        let one = BootstrapCoverage.run(detector, population: population, datasets: 9, resamples: 40, copies: 3, chunks: 2, seed: 5, jobs: 1)
        let two = BootstrapCoverage.run(detector, population: population, datasets: 9, resamples: 40, copies: 3, chunks: 2, seed: 5, jobs: 2, measuresBCa: true)
        XCTAssertEqual(one.statistics.map(\.statistic), ["ap", "coco_ap", "precision", "recall", "f1", "miss_rate"])
        for (a, b) in zip(one.statistics, two.statistics) {
            XCTAssertEqual(a.datasets, 9, a.statistic)
            XCTAssertEqual(
                [a.covered, a.below, a.above, a.undefined, a.biasCorrectedCovered],
                [b.covered, b.below, b.above, b.undefined, b.biasCorrectedCovered], a.statistic)
            XCTAssertEqual(a.bcaCovered, 0, "BCa not measured: \(a.statistic)")
            XCTAssertLessThanOrEqual(b.bcaCovered, b.datasets - b.undefined, b.statistic)
            XCTAssertGreaterThan(b.meanBCaHalfWidth, 0, b.statistic)
            XCTAssertEqual(a.truth, b.truth, a.statistic)
            XCTAssertEqual(a.meanHalfWidth, b.meanHalfWidth, a.statistic)
            XCTAssertGreaterThan(a.meanHalfWidth, 0, a.statistic)
            XCTAssertTrue((0...1).contains(a.truth), a.statistic)
        }
        let recall = one.statistics.first { $0.statistic == "recall" }!, missRate = one.statistics.first { $0.statistic == "miss_rate" }!
        XCTAssertEqual(recall.truth + missRate.truth, 1, accuracy: 1e-12)
        XCTAssertEqual(recall.covered, missRate.covered, "the miss rate's interval mirrors recall's")
        let pooled = BootstrapCoverage.pooled([one, two])
        XCTAssertEqual(pooled.map(\.datasets), Array(repeating: 18, count: 6))
    }
}
