import FaceBenchCascade
import FaceBenchCodecs
import FaceBenchCore
import FaceBenchOpenCV
import Foundation
import XCTest

/// The pure-Swift engine against OpenCV's CascadeClassifier on every image of mit-cmu and
/// dlib-faces, with identical parameters (the defaults: scale 1.1, 3 neighbours). The issue's
/// bar: ≥ 99% of OpenCV's boxes matched at IoU ≥ 0.9 and ≤ 1% of the engine's unmatched. The
/// engine reaches exact equality — every box and score identical — and that is asserted too.
final class CascadeParityTests: XCTestCase {
    static let datasets = ["mit-cmu", "dlib-faces"]

    func testHaarDefault() throws { try checkParity("haar", cascade: "default") }
    func testHaarAlt() throws { try checkParity("haar", cascade: "alt") }
    func testHaarAlt2() throws { try checkParity("haar", cascade: "alt2") }
    func testLBPFrontalFace() throws { try checkParity("lbp", cascade: "frontalface") }
    func testLBPImproved() throws { try checkParity("lbp", cascade: "improved") }

    func checkParity(_ family: String, cascade: String) throws {
        OpenCVBackend.setThreads(1)
        let registry = DetectorRegistry(OpenCVBackend.kinds + SwiftCascadeBackend.kinds)
        let native = try registry.factory(for: "\(family):cascade=\(cascade)").makeDetector()
        let swift = try registry.factory(for: "swift-\(family):cascade=\(cascade)").makeDetector()
        let decoder = NativeImageDecoder()
        for name in Self.datasets {
            let dataset = try Self.catalog.resolve(name)
            var parity = DetectionParity(iouThreshold: 0.9)
            for sample in dataset.samples {
                let path = try XCTUnwrap(sample.path, "\(name) \(sample.name) has no image file")
                let input = DetectorInput(image: try decoder.decode(path).gray, name: sample.name, path: path)
                parity.add(image: sample.name, reference: try native.detect(input), candidate: try swift.detect(input))
            }
            let label = "\(family):\(cascade) on \(name)"
            XCTAssertEqual(parity.images, dataset.samples.count, label)
            XCTAssertGreaterThan(parity.referenceBoxes, 0, label)
            XCTAssertGreaterThanOrEqual(parity.matchedFraction, 0.99, "\(label): matched \(parity.matched) of \(parity.referenceBoxes)")
            XCTAssertLessThanOrEqual(parity.unmatchedCandidateFraction, 0.01, "\(label): \(parity.unmatchedCandidate) unmatched swift boxes")
            XCTAssertEqual(parity.identicalBoxes, parity.referenceBoxes, "\(label): differing images \(parity.differingImages)")
            XCTAssertEqual(parity.candidateBoxes, parity.referenceBoxes, label)
            XCTAssertEqual(parity.agreeingScores, parity.matched, "\(label): largest score difference \(parity.largestScoreDifference)")
        }
    }

    /// The named datasets, found in `shared/datasets` beside the checkout (or `$FACEBENCH_DATASETS`).
    static var catalog: DatasetCatalog {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        return DatasetCatalog(
            definitions: DatasetCatalog.standardDefinitions, formats: DatasetCatalog.standardFormats,
            searchPath: DatasetCatalog.searchPath(environment: ProcessInfo.processInfo.environment, anchors: [root]))
    }
}
