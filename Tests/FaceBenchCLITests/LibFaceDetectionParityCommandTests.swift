import FaceBenchModel
import FaceBenchIO
import FaceBenchTestSupport
import Foundation
import XCTest

/// `libfacedetection` end to end on dlib-faces: the run's detections equal yuface's own Python
/// binding outside FaceBench (scripts/libfacedetection-reference.py in the environment
/// scripts/install-dependencies.sh makes), with its landmarks in the five-point scheme.
/// dlib-faces and MIT+CMU in full, at the default size and scaled to VGA, are `make model-parity`.
final class LibFaceDetectionParityCommandTests: XCTestCase {
    static let python = TestData.packageRoot + "/.build/libfacedetection-venv/bin/python"

    func testDetectionsEqualYufaceOnDlibFaces() throws {
        _ = try TestData.dataset("dlib-faces")
        let scratch = try TestData.temporaryDirectory(self)
        let list = try CommandRunner.run(["list"], scratch: scratch)
        let section = list.stdout.components(separatedBy: "  libfacedetection — ").dropFirst().first?.split(separator: "\n").prefix(2).joined() ?? ""
        if section.contains("NOT AVAILABLE") { throw XCTSkip("libfacedetection not installed: \(section)") }
        guard FileManager.default.isExecutableFile(atPath: Self.python) else {
            throw XCTSkip("\(Self.python) missing (scripts/install-dependencies.sh)")
        }
        let out = scratch + "/run"
        let run = try CommandRunner.run(
            ["run", "--dataset", "dlib-faces", "--detector", "libfacedetection", "--warmup", "0", "--out", out],
            scratch: scratch)
        XCTAssertEqual(run.status, 0, run.stderr)
        let results = out + "/dlib-faces/results.json"

        let (status, report) = try CommandRunner.tool([Self.python, TestData.packageRoot + "/scripts/libfacedetection-reference.py", results])
        XCTAssertEqual(status, 0, report)
        XCTAssertTrue(report.contains("libfacedetection (libfacedetection:score=0.5,size=original): 9/9 images equal to yuface"), report)

        let parsed = try JSONReader.parse(try FileIO.read(results), path: results)
        for detector in parsed["detectors"]?.array ?? [] {
            XCTAssertEqual(detector["landmark_scheme"]?["id"]?.string, "five")
            XCTAssertGreaterThan(detector["metrics"]?["tp"]?.int ?? 0, 35, "\(detector["metrics"] ?? .null)")
        }
    }
}
