import FaceBenchTestSupport
import XCTest
@testable import FaceBenchModel
@testable import FaceBenchEvaluation
@testable import FaceBenchHarness
@testable import FaceBenchReports

/// The sentence under the main table when badly placed boxes cost a detector its AP.
final class ErrorFindingsTests: XCTestCase {
    /// Boxes at 60% of each face's sides, centred: IoU 0.36, every one a localisation error.
    static var tight: SyntheticRun.Detector { SyntheticRun.Detector(id: "tight", spec: "tight", latency: { _ in 5 }) { sample in
        sample.faces.map { face in
            let box = face.box
            return Detection(box: Box(x: box.x + box.width * 0.2, y: box.y + box.height * 0.2, width: box.width * 0.6, height: box.height * 0.6), score: box.height)
        }
    } }

    func testLocalisationFindingNamesTheDetectorAndTheBoxSize() throws {
        var results = SyntheticRun.results([SyntheticRun.perfect(), Self.tight])
        let recorded = RecordedSamples(results.records, in: SyntheticRun.dataset)
        for index in results.detectors.indices {
            results.detectors[index].evaluations.set(.result(try ErrorAnalysisEvaluator().evaluateAny(
                dataset: SyntheticRun.dataset, samples: recorded.samples, detections: recorded.detections(of: results.detectors[index].id),
                options: EvaluationOptions())))
        }
        let errors = try XCTUnwrap(results.detector("tight")?.evaluations["errors"]).json
        XCTAssertEqual(errors["dap"]?["localization"]?.double ?? 0, 1, accuracy: 1e-12, "fixing the four boxes makes AP 0 → 1")
        XCTAssertEqual(errors["localization_area_ratio"]?.double ?? 0, 0.36, accuracy: 1e-9)
        XCTAssertEqual(errors["images"]?.array?.first?["detections"]?.array?.first?["error"]?.string, "localization")

        let comparison = SyntheticRun.comparison([(nil, results)])
        XCTAssertEqual(ErrorAnalysisEvaluator().findings(in: comparison).map(\.line), [
            "synthetic / tight: most AP lost to false positives is localisation (dAP 1.00, 4 of 4 false positives): its boxes are tighter than synthetic's annotations.",
        ])
        XCTAssertEqual(ErrorFindings.sentences(comparison), [
            "tight: most AP lost to false positives is localisation (dAP 1.00, 4 of 4 false positives): its boxes are tighter than synthetic's annotations.",
        ])
        let markdown = MarkdownReport.section(comparison, evaluators: [ErrorAnalysisEvaluator()])
        XCTAssertTrue(markdown.contains("|\n\ntight: most AP lost"), "the finding sits right under the main table")
        XCTAssertTrue(markdown.contains("### errors"))
    }
}
