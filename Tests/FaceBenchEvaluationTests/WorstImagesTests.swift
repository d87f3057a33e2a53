import FaceBenchTestSupport
import XCTest
@testable import FaceBenchEvaluation

final class WorstImagesTests: XCTestCase {
    func testMostErrorsFirstMissesBreakTiesImagesWithoutErrorsLeftOut() {
        let samples = SyntheticRun.dataset.samples
        let detections = samples.map(SyntheticRun.partial(minHeight: 50).detect)
        let picks = WorstImages.rank(samples: samples, detections: detections, iouThreshold: 0.5)
        // Image 1: 20 px face missed + 1 false positive; image 2: 40 px face missed; 3 and 4 found.
        XCTAssertEqual(picks.map(\.sample.id), [1, 2])
        XCTAssertEqual(picks.map(\.missed), [1, 1])
        XCTAssertEqual(picks.map(\.falsePositives), [1, 0])
        let reversed = WorstImages.rank(samples: samples.reversed(), detections: detections.reversed(), iouThreshold: 0.5)
        XCTAssertEqual(reversed.map(\.sample.id), [1, 2], "the order does not depend on the input order")
    }
}
