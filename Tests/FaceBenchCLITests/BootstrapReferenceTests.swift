import FaceBenchModel
import FaceBenchHarness
import FaceBenchTestSupport
import Foundation
import XCTest

/// Every interval and precision band of a run on mit-cmu equals, to 1e-12, what scripts/bootstrap-reference.py
/// computes with numpy and pycocotools from the documented seed stream, the run's detections
/// and gt.coco.json. The detections are recorded ones (haar's boxes, yunet's boxes and five
/// points), read through the `file:` kind, so no detector runs.
final class BootstrapReferenceTests: XCTestCase {
    func testIntervalsEqualTheNumpyReferenceOnMITCMU() throws {
        guard try CommandRunner.tool(["python3", "-c", "import numpy, pycocotools"]).status == 0 else { throw XCTSkip("numpy or pycocotools missing (scripts/install-dependencies.sh installs them)") }
        let scratch = try TestData.temporaryDirectory(self)
        _ = try TestData.dataset("mit-cmu")
        let out = scratch + "/run"
        let run = try CommandRunner.run(
            ["run", "--dataset", "mit-cmu", "--detector", "haar=file:Tests/Fixtures/Results/mit-cmu-haar.coco.json",
             "--detector", "yunet=file:Tests/Fixtures/Results/mit-cmu-yunet.keypoints.coco.json", "--out", out, "--quiet"], scratch: scratch)
        XCTAssertEqual(run.status, 0, run.stderr)
        let results = try RunResults.read(out + "/mit-cmu/results.json")
        XCTAssertEqual(results.settings.bootstrapResamples, 1000)
        XCTAssertEqual(Set(try XCTUnwrap(results.detector("yunet")).intervals.keys), Set(["ap", "coco_ap", "precision", "recall", "f1", "miss_rate", "nme_mean"]))
        let (status, output) = try CommandRunner.tool(["python3", TestData.packageRoot + "/scripts/bootstrap-reference.py", out + "/mit-cmu"])
        XCTAssertEqual(status, 0, output)
        XCTAssertEqual(output.split(separator: "\n").filter { $0.contains("|diff|") }.count, 15, "6 statistics and the precision band for haar, 7 and the band for yunet: \(output)")
    }
}
