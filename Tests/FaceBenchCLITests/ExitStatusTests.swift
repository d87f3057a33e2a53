import FaceBenchModel
import FaceBenchHarness
import FaceBenchTestSupport
import Foundation
import XCTest

/// A run whose detector failed everywhere and a merge with a shard missing are not
/// successes: both write what they computed, then exit 3 unless told the loss is accepted.
final class ExitStatusTests: XCTestCase {
    /// haar's recorded detections (RunSettingsConsistencyTests.haar): a detector that never fails, without running one.
    static let haar = "haar=file:" + RunSettingsConsistencyTests.haar

    /// An external program that answers every image with an error (it keeps running).
    func failingProgram(in scratch: String) throws -> String {
        try TestData.write(
            """
            import json, sys
            print(json.dumps({"protocol": "facebench.exec/1", "name": "refuser", "version": "1", "parameters": {}, "input": "path"}), flush=True)
            for line in sys.stdin:
                request = json.loads(line)
                print(json.dumps({"id": request["id"], "error": "refusing " + request["name"]}), flush=True)
            """, to: "refuser.py", in: scratch)
    }

    func testRunExitsThreeWhenADetectorFailedOnEveryImageOrBeyondMaxFailed() throws {
        let scratch = try TestData.temporaryDirectory(self)
        _ = try TestData.dataset("dlib-faces")
        let refuser = "refuser=exec:/usr/bin/python3 " + (try failingProgram(in: scratch))
        let out = scratch + "/run"
        let failed = try CommandRunner.run(
            ["run", "--dataset", "dlib-faces", "--detector", Self.haar, "--detector", refuser, "--warmup", "0", "--out", out], scratch: scratch)
        XCTAssertEqual(failed.status, 3, failed.stderr)
        XCTAssertTrue(failed.stderr.contains("facebench run: error: dlib-faces / refuser: failed on 9 of 9 images"), failed.stderr)
        let results = try RunResults.read(out + "/dlib-faces/results.json")
        XCTAssertEqual(results.detector("refuser")?.failures.count, 9, "everything was written before the exit")
        XCTAssertTrue(FileIO.exists(out + "/report.html"))

        let allowed = try CommandRunner.run(
            ["run", "--dataset", "dlib-faces", "--detector", Self.haar, "--detector", refuser, "--warmup", "0", "--out", out, "--resume", "--max-failed", "9"],
            scratch: scratch)
        XCTAssertEqual(allowed.status, 0, "9 failures are not more than --max-failed 9: \(allowed.stderr)")
        let strict = try CommandRunner.run(
            ["run", "--dataset", "dlib-faces", "--detector", Self.haar, "--out", scratch + "/clean", "--max-failed", "0"], scratch: scratch)
        XCTAssertEqual(strict.status, 0, "no failure is within --max-failed 0: \(strict.stderr)")
        let bad = try CommandRunner.run(["run", "--dataset", "dlib-faces", "--max-failed", "-1"], scratch: scratch)
        XCTAssertEqual(bad.status, 64, bad.stderr)
    }

    func testMergeWithAShardMissingExitsThreeUnlessAllowed() throws {
        let scratch = try TestData.temporaryDirectory(self)
        _ = try TestData.dataset("dlib-faces")
        for shard in ["1/2", "2/2"] {
            let outcome = try CommandRunner.run(
                ["run", "--dataset", "dlib-faces", "--detector", Self.haar, "--shard", shard, "--out", scratch + "/s" + shard.prefix(1), "--quiet"],
                scratch: scratch)
            XCTAssertEqual(outcome.status, 0, outcome.stderr)
        }
        let short = try CommandRunner.run(["merge", scratch + "/s1", "--out", scratch + "/short"], scratch: scratch)
        XCTAssertEqual(short.status, 3, short.stderr)
        XCTAssertTrue(short.stderr.contains("facebench merge: error: dlib-faces: 5 of 9 images present (a shard missing?)"), short.stderr)
        XCTAssertTrue(short.stderr.contains("--allow-partial"), short.stderr)
        XCTAssertEqual(try RunResults.read(scratch + "/short/dlib-faces/results.json").dataset.images, 5, "the partial result is written")
        let allowed = try CommandRunner.run(["merge", scratch + "/s1", "--out", scratch + "/allowed", "--allow-partial"], scratch: scratch)
        XCTAssertEqual(allowed.status, 0, allowed.stderr)
        XCTAssertTrue(allowed.stderr.contains("facebench merge: warning: dlib-faces: 5 of 9 images present"), allowed.stderr)
        let whole = try CommandRunner.run(["merge", scratch + "/s1", scratch + "/s2", "--out", scratch + "/whole"], scratch: scratch)
        XCTAssertEqual(whole.status, 0, whole.stderr)
    }
}
