import XCTest
@testable import FaceBenchModel
@testable import FaceBenchEvaluation

final class DetectionParityTests: XCTestCase {
    func testCountsMatchesIdenticalBoxesAndScores() {
        let a = Detection(box: Box(x: 10, y: 10, width: 40, height: 40), score: 5)
        let b = Detection(box: Box(x: 100, y: 10, width: 40, height: 40), score: 3)
        let c = Detection(box: Box(x: 300, y: 300, width: 20, height: 20), score: 1)
        var parity = DetectionParity(iouThreshold: 0.9)
        parity.add(image: "same", reference: [a, b], candidate: [b, a])
        // One pixel off on a 40-pixel box: IoU 39·40/(2·1600 − 1560) = 0.951, matched but not identical.
        let shifted = Detection(box: Box(x: 11, y: 10, width: 40, height: 40), score: 5.5)
        parity.add(image: "shifted", reference: [a, c], candidate: [shifted])

        XCTAssertEqual(parity.images, 2)
        XCTAssertEqual(parity.referenceBoxes, 4)
        XCTAssertEqual(parity.candidateBoxes, 3)
        XCTAssertEqual(parity.matched, 3)
        XCTAssertEqual(parity.identicalBoxes, 2)
        XCTAssertEqual(parity.agreeingScores, 2)
        XCTAssertEqual(parity.largestScoreDifference, 0.5)
        XCTAssertEqual(parity.unmatchedReference, 1)
        XCTAssertEqual(parity.unmatchedCandidate, 0)
        XCTAssertEqual(parity.matchedFraction, 0.75)
        XCTAssertEqual(parity.unmatchedCandidateFraction, 0)
        XCTAssertEqual(parity.differingImages, ["shifted"])
    }

    func testBoxesBelowTheThresholdDoNotMatch() {
        var parity = DetectionParity(iouThreshold: 0.9)
        parity.add(image: "x", reference: [Detection(box: Box(x: 0, y: 0, width: 40, height: 40), score: 1)],
                   candidate: [Detection(box: Box(x: 4, y: 0, width: 40, height: 40), score: 1)])
        XCTAssertEqual(parity.matched, 0, "IoU 36·40/(3200 − 1440) = 0.82")
        XCTAssertEqual(parity.unmatchedCandidateFraction, 1)
        XCTAssertEqual(DetectionParity().matchedFraction, 1, "nothing to match is full agreement")
    }
}
