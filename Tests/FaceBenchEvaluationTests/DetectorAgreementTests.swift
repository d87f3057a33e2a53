import XCTest
@testable import FaceBenchModel
@testable import FaceBenchEvaluation

final class DetectorAgreementTests: XCTestCase {
    func box(_ x: Double, _ score: Double = 1) -> Detection { Detection(box: Box(x: x, y: 0, width: 100, height: 100), score: score) }

    /// a1 overlaps b1 (IoU 0.852) and b2 (0.786), a2 only b1 (0.538): greedy matching by score
    /// gives a1 b1 and leaves a2 alone; the maximum matching pairs both, whichever side comes first.
    func testTheMatchingIsMaximumAndSymmetric() {
        let a = [box(8, 0.9), box(-30, 0.8)], b = [box(0), box(20)]
        XCTAssertEqual(GreedyMatcher.match(a, to: b.map { Face(box: $0.box) }).truePositives, 1, "greedy finds one pair")
        XCTAssertEqual(DetectorAgreement.matchedCount(a, b, iouThreshold: 0.5), 2)
        XCTAssertEqual(DetectorAgreement.matchedCount(b, a, iouThreshold: 0.5), 2)
        XCTAssertEqual(DetectorAgreement.matchedCount(a, b, iouThreshold: 0.6), 1, "a2 and b1 overlap 0.538 only")
        XCTAssertEqual(DetectorAgreement.matchedCount(a, [], iouThreshold: 0.5), 0)
    }

    /// The count equals the Hungarian method's (`MaximumWeightMatching`, FDDB's) on the 0/1
    /// matrix of overlaps, over crowds of random boxes where long augmenting paths arise.
    func testTheCountEqualsTheHungarianMethodsOnCrowds() {
        var random = SplitMix64(seed: 7)
        func crowd(_ count: Int) -> [Detection] {
            (0..<count).map { _ in
                Detection(box: Box(x: Double(random.next() % 300), y: Double(random.next() % 60), width: 80, height: 80), score: 1)
            }
        }
        for round in 0..<200 {
            let a = crowd(Int(random.next() % 25)), b = crowd(Int(random.next() % 25))
            let overlaps = a.map { x in b.map { y in x.box.iou(y.box) >= 0.5 ? 1.0 : 0 } }
            XCTAssertEqual(DetectorAgreement.matchedCount(a, b, iouThreshold: 0.5), MaximumWeightMatching.pairs(overlaps).count, "round \(round)")
        }
    }

    func testSharesF1AndDisagreementOverTheImagesBothRanOn() {
        // Image 1: A finds 2, B 1 of them. Image 2: A 1, B 2 of which 1 matches. Image 3: B failed.
        let a: [[Detection]?] = [[box(0), box(300)], [box(600)], [box(900)]]
        let b: [[Detection]?] = [[box(2)], [box(600), box(1200)], nil]
        let c: [[Detection]?] = [[], [], []]
        let agreement = DetectorAgreement(detectors: ["a", "b", "c"], detections: [a, b, c], iouThreshold: 0.5)
        XCTAssertEqual(agreement.pairs.map { "\($0.first)-\($0.second)" }, ["a-b", "a-c", "b-c"])
        let ab = agreement.pair("b", "a")!
        XCTAssertEqual([ab.images, ab.firstDetections, ab.secondDetections, ab.matched], [2, 3, 3, 2], "image 3 left out")
        XCTAssertEqual(agreement.share(of: "a", foundBy: "b")!, 2.0 / 3, accuracy: 1e-12)
        XCTAssertEqual(agreement.share(of: "b", foundBy: "a")!, 2.0 / 3, accuracy: 1e-12)
        XCTAssertEqual(ab.f1!, 4.0 / 6, accuracy: 1e-12)
        XCTAssertEqual(agreement.share(of: "a", foundBy: "c"), 0)
        XCTAssertNil(agreement.share(of: "c", foundBy: "a"), "c found nothing: no share")
        XCTAssertNil(agreement.pair("a", "a"))
        // Unmatched detections per image over the pairs: image 1 a-b 1, a-c 2, b-c 1; image 2
        // a-b 1, a-c 1, b-c 2; image 3 a-c 1 (b failed).
        XCTAssertEqual(agreement.disagreementPerImage, [4, 4, 1])
    }
}
