import XCTest
@testable import FaceBenchCore

final class WorstImagesTests: XCTestCase {
    func testMostErrorsFirstMissesBreakTiesImagesWithoutErrorsLeftOut() {
        let results = SyntheticRun.results([SyntheticRun.partial(minHeight: 50)])
        let samples = Dictionary(uniqueKeysWithValues: SyntheticRun.dataset.samples.map { ($0.id, $0) })
        let picks = WorstImages.select(records: results.records, samples: samples, detector: "partial", iouThreshold: 0.5, count: 10)
        // Image 1: 20 px face missed + 1 false positive; image 2: 40 px face missed; 3 and 4 found.
        XCTAssertEqual(picks.map(\.sample.id), [1, 2])
        XCTAssertEqual(picks.map(\.missed), [1, 1])
        XCTAssertEqual(picks.map(\.falsePositives), [1, 0])
        XCTAssertEqual(WorstImages.select(records: results.records, samples: samples, detector: "partial", iouThreshold: 0.5, count: 1).count, 1)
    }
}
