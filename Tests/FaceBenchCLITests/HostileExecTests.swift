import FaceBenchModel
import FaceBenchTestSupport
import Foundation
import XCTest

/// Issue 27: exec programs that never read, that leave children behind, that answer with
/// too many faces, and option values that used to trap or hang.
extension HostileInputTests {
    func testAProgramThatNeverReadsItsStdinCannotHoldTheRun() throws {
        // It answers requests it never read: FaceBench's requests fill the pipe after a few
        // hundred, and the write must give up at --timeout instead of blocking for ever.
        let script = try write("""
            import fcntl, itertools, json, sys
            fcntl.fcntl(0, 1031, 4096)  # F_SETPIPE_SZ: a page, so FaceBench's requests fill it after about 25
            print(json.dumps({"protocol": "facebench.exec/1", "name": "deaf", "version": "1"}), flush=True)
            for i in itertools.count(1):
                print(json.dumps({"id": i, "faces": []}), flush=True)
            """, "deaf.py")
        let started = Date()
        let outcome = try CommandRunner.run(
            ["run", "--dataset", "dlib-faces", "--detector", "exec:--timeout=1 /usr/bin/python3 \(script)", "--warmup", "100", "--out", scratch + "/out"],
            scratch: scratch, timeout: 90)
        XCTAssertFalse(outcome.timedOut, "still writing to a program that does not read after 90 s")
        XCTAssertFalse(outcome.signalled)
        XCTAssertLessThan(Date().timeIntervalSince(started), 90)
        XCTAssertEqual(outcome.status, 3, "every image failed, so the run says so after writing everything: \(outcome.stderr)")
        XCTAssertTrue(FileIO.exists(scratch + "/out/dlib-faces/results.json"))
    }

    func testChildrenOfAProgramThatExitsNormallyAreKilled() throws {
        let pidFile = scratch + "/child.pid"
        let spec = try execProgram(answer: #"{"faces": []}"#, prologue: """
            import subprocess
            child = subprocess.Popen(["/bin/sleep", "300"])
            open("\(pidFile)", "w").write(str(child.pid))
            """, name: "parent")
        let outcome = try CommandRunner.run(["detect", try image(), "--detector", spec], scratch: scratch, timeout: 20)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let pid = try XCTUnwrap(Int32(try FileIO.readText(pidFile)))
        var alive = kill(pid, 0) == 0
        for _ in 0..<100 where alive {
            usleep(20_000)
            alive = kill(pid, 0) == 0
        }
        if alive { kill(pid, SIGKILL) }
        XCTAssertFalse(alive, "the program's child \(pid) outlived the detector")
    }

    func testAnAnswerWithTooManyFacesIsRefusedBeforeItIsDecoded() throws {
        let spec = try execProgram(answer: "{\"faces\": [" + Array(repeating: #"{"box": [1, 1, 5, 5], "score": 0.5}"#, count: 10_001).joined(separator: ",") + "]}", name: "crowd")
        try refused(["detect", try image(), "--detector", spec], mentions: ["lists 10001 faces; at most 10000 are read per image"])
    }

    func testOptionValuesThatUsedToTrapOrHangExit64WithTheRange() throws {
        let spec = try execProgram(answer: #"{"faces": []}"#, name: "ranges")
        let program = String(spec.dropFirst("exec:".count))
        try refused(["detect", try image(), "--detector", "exec:--timeout=1e11 " + program], status: 64, mentions: ["--timeout=1e11", "(0, 86400]"])
        try refused(["detect", try image(), "--detector", "exec:--startup-timeout=2e10 " + program], status: 64, mentions: ["--startup-timeout=2e10", "(0, 86400]"])
        try refused(["detect", try image(), "--detector", "lbp", "--native-threads", "9223372036854775807"], status: 64, mentions: ["--native-threads expects an integer in 1…256"])
        let out = scratch + "/out"
        for (option, value, range) in [("threads", "100000", "integers in 1…256"), ("native-threads", "9223372036854775807", "an integer in 1…256"),
                                       ("warmup", "1000000000", "an integer in 0…1000"), ("repetitions", "1000000000", "an integer in 1…1000")] {
            try refused(["run", "--dataset", "dlib-faces", "--detector", "lbp", "--\(option)", value, "--out", out], status: 64, mentions: ["--\(option) expects \(range)"])
        }
    }
}
