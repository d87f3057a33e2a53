import FaceBenchModel
import FaceBenchTestSupport
import Foundation
import XCTest

/// The `errors` protocol against tidecv 1.0.1 live (scripts/check-tide.py): a real run's
/// results.json, and synthetic predictions with score ties and ignored regions scored by
/// `facebench eval`.
final class ErrorAnalysisParityTests: XCTestCase {
    func python(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: TestData.packageRoot)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    func testEqualsTidecv() throws {
        guard try python(["-c", "import tidecv"]).status == 0 else {
            throw XCTSkip("tidecv is not installed and scripts/install-dependencies.sh could not install it (pip install tidecv==1.0.1)")
        }
        let scratch = try TestData.temporaryDirectory(self)
        _ = try TestData.dataset("dlib-faces")
        let out = scratch + "/run"
        let run = try CommandRunner.run(["run", "--dataset", "dlib-faces", "--detector", "lbp", "--warmup", "0", "--out", out], scratch: scratch)
        XCTAssertEqual(run.status, 0, run.stderr)
        let fromRun = try python(["scripts/check-tide.py", "--run", out])
        XCTAssertEqual(fromRun.status, 0, fromRun.output)
        XCTAssertEqual(fromRun.output.components(separatedBy: " OK").count - 1, 1, fromRun.output)

        let synthetic = try python(["scripts/check-tide.py", "--synthetic", "--profiles", "ties,crowd", "--facebench", CommandRunner.executable])
        XCTAssertEqual(synthetic.status, 0, synthetic.output)
        XCTAssertEqual(synthetic.output.components(separatedBy: " OK").count - 1, 4, synthetic.output)
    }
}
