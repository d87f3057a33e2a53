import FaceBenchModel
import FaceBenchHarness
import FaceBenchTestSupport
import Foundation
import XCTest

/// Issue 27: huge finite numbers from programs, imports and FaceBench's own files end in an
/// error naming their field, or are shown as beyond the shown limit, never in a trap.
extension HostileInputTests {
    /// An exec program (Python) that answers every request with `answer` (a JSON object
    /// without "id"; FaceBench's request id is added). `prologue` runs before the handshake.
    func execProgram(answer: String, prologue: String = "", name: String = "hostile") throws -> String {
        let script = try write("""
            import json, sys
            \(prologue)
            print(json.dumps({"protocol": "facebench.exec/1", "name": "\(name)", "version": "1"}), flush=True)
            answer = json.loads('''\(answer)''')
            for line in sys.stdin:
                request = json.loads(line)
                print(json.dumps(dict(answer, id=request["id"])), flush=True)
            """, name + ".py")
        return "exec:/usr/bin/python3 " + script
    }

    func testHugeNumbersFromProgramsAndImportsAreRefusedWithTheirField() throws {
        let cases: [(String, String)] = [
            (#"{"faces": [{"box": [10, 10, 50, 50], "score": 1e19}]}"#, "score 1e+19 is beyond ±1e15"),
            (#"{"faces": [], "inference_ms": 1e19}"#, "\"inference_ms\" is 1e+19; it must be a number of milliseconds in 0…1e9"),
            (#"{"faces": [], "inference_ms": 1e12}"#, "\"inference_ms\" is 1000000000000.0; it must be a number of milliseconds in 0…1e9"),
            (#"{"faces": [{"box": [10, 10, 50, 50], "score": 1e14, "attributes": {"smilingProbability": "1e19"}}]}"#, ""),
        ]
        for (index, (answer, reason)) in cases.enumerated() {
            let spec = try execProgram(answer: answer, name: "hostile\(index)")
            if reason.isEmpty {
                // A score under the cap and an attribute of any size are shown, not trapped on.
                let outcome = try CommandRunner.run(["detect", try image(), "--detector", spec], scratch: scratch, timeout: 10)
                XCTAssertEqual(outcome.status, 0, outcome.stderr)
                XCTAssertFalse(outcome.signalled)
            } else {
                try refused(["detect", try image(), "--detector", spec], mentions: [reason])
            }
        }
        // Through a run the image fails alone and every report is written.
        let spec = try execProgram(answer: #"{"faces": [{"box": [10, 10, 50, 50], "score": 1e19}]}"#, name: "score")
        let out = scratch + "/run"
        let run = try CommandRunner.run(["run", "--dataset", "dlib-faces", "--detector", spec, "--warmup", "0", "--out", out], scratch: scratch, timeout: 60)
        XCTAssertEqual(run.status, 3, "every image failed, so the run says so after writing everything: \(run.stderr)")
        for file in ["report.html", "summary.csv", "report.md"] { XCTAssertTrue(FileIO.exists(out + "/" + file), file) }
        let failures = try RunResults.read(out + "/dlib-faces/results.json").detectors[0].failures
        XCTAssertFalse(failures.isEmpty)
        XCTAssertTrue(failures[0].reason.contains("score 1e+19 is beyond ±1e15"), failures[0].reason)

        let gt = try write(cocoGroundTruth(box: "[10, 10, 20, 20]"), "gt.json")
        let predictions = try write(#"[{"image_id": 1, "category_id": 1, "bbox": [10, 10, 20, 20], "score": 1e19}]"#, "huge-score.json")
        try refused(["eval", "--dataset", gt, "--predictions", predictions], mentions: [predictions, "a.jpg", "score 1e+19 is beyond ±1e15"])
    }
}
