import FaceBenchModel
import FaceBenchHarness
import Foundation
import FaceBenchTestSupport
import XCTest

/// An external program that crashes, is killed, hangs, answers garbage or reports an error
/// on one image: the run completes, that image is recorded as failed with the reason, and
/// every other image is scored (the program was restarted).
final class ExecFailureTests: XCTestCase {
    var dataset: Dataset!
    var out: String!
    var replay: String!

    /// The image the program misbehaves on: not the first, so the run has scored images
    /// before and after it.
    var victim: Sample { dataset.samples[3] }

    override func setUpWithError() throws {
        dataset = try TestData.dataset("dlib-faces")
        out = try TestData.temporaryDirectory(self)
        replay = out + "/replay.json"
        try PluginTestSupport.groundTruthReplay(dataset, to: replay)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: out)
    }

    func spec(_ misbehaviour: String, timeout: Double = 30) -> String {
        "bad=exec:--timeout=\(timeout) \(PluginTestSupport.python) \(PluginTestSupport.misbehaving) --replay \(replay!) \(misbehaviour)"
    }

    /// Checks the shape every failure test shares and returns the recorded reason.
    func assertOnlyVictimFailed(_ results: RunResults, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        XCTAssertFalse(results.interrupted, file: file, line: line)
        XCTAssertEqual(results.records.count, dataset.samples.count, "every image has a record", file: file, line: line)
        let detector = try XCTUnwrap(results.detector("bad"), file: file, line: line)
        XCTAssertEqual(detector.failures.map(\.image), [victim.name], file: file, line: line)
        // Every other image got its replayed ground truth: all its faces found, nothing else.
        let otherFaces = dataset.faceCount - victim.faces.count
        XCTAssertEqual(detector.metrics.truePositives, otherFaces, file: file, line: line)
        XCTAssertEqual(detector.metrics.falsePositives, 0, file: file, line: line)
        XCTAssertEqual(detector.metrics.missed, victim.faces.count, file: file, line: line)
        for record in results.records where record.sampleID != victim.id {
            let result = try XCTUnwrap(record.results["bad"], file: file, line: line)
            XCTAssertNil(result.failure, record.name, file: file, line: line)
            XCTAssertEqual(result.detections.count, dataset.samples.first { $0.id == record.sampleID }!.faces.count, file: file, line: line)
            XCTAssertEqual(result.reportedMilliseconds, [0.5], "the program's own time is kept", file: file, line: line)
        }
        // The reason is in results.json as written.
        let written = try RunResults.read(out + "/\(dataset.name)/results.json")
        XCTAssertEqual(written.detector("bad")?.failures, detector.failures, file: file, line: line)
        return detector.failures[0].reason
    }

    /// How many times the program was started (the probe, the instance, restarts).
    func starts() throws -> Int {
        try FileIO.readText(out + "/\(dataset.name)/bad.stderr.log").components(separatedBy: "--- facebench: starting").count - 1
    }

    func testCrashIsRecordedAndTheProgramRestarted() throws {
        let results = try PluginTestSupport.benchmark([spec("--crash-on \(victim.name)")], dataset: dataset, out: out)
        let reason = try assertOnlyVictimFailed(results)
        XCTAssertTrue(reason.contains("the program exited with status 3 on \(victim.name)"), reason)
        XCTAssertTrue(reason.contains("misbehaving: crashing on \(victim.name)"), "the end of its stderr is quoted: \(reason)")
        XCTAssertTrue(reason.hasSuffix("; restarted"), reason)
        XCTAssertEqual(try starts(), 3, "probe, first instance, one restart")
    }

    func testProgramKilledMidRunIsRecordedAndRestarted() throws {
        let pidFile = out + "/victim.pid"
        // Kills the program once it is waiting on the victim image.
        let killer = Thread {
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline {
                if let text = try? FileIO.readText(pidFile), let pid = Int32(text) {
                    kill(pid, SIGKILL)
                    return
                }
                usleep(20_000)
            }
        }
        killer.start()
        let results = try PluginTestSupport.benchmark(
            [spec("--await-kill-on \(victim.name) --pid-file \(pidFile)")], dataset: dataset, out: out)
        let reason = try assertOnlyVictimFailed(results)
        XCTAssertTrue(reason.contains("the program was killed by signal 9 (Killed) on \(victim.name)"), reason)
        XCTAssertEqual(try starts(), 3)
    }

    func testHangTimesOutAndTheProgramIsReplaced() throws {
        let started = Date()
        let results = try PluginTestSupport.benchmark([spec("--hang-on \(victim.name)", timeout: 1.5)], dataset: dataset, out: out)
        let reason = try assertOnlyVictimFailed(results)
        XCTAssertTrue(reason.contains("no response within 1.5 s on \(victim.name)"), reason)
        XCTAssertLessThan(Date().timeIntervalSince(started), 30, "the hung program was killed, not waited for")
        XCTAssertEqual(try starts(), 3)
    }

    func testGarbageIsAProtocolViolation() throws {
        let results = try PluginTestSupport.benchmark([spec("--garbage-on \(victim.name)")], dataset: dataset, out: out)
        let reason = try assertOnlyVictimFailed(results)
        XCTAssertTrue(reason.contains("protocol violation: response is not JSON"), reason)
        XCTAssertTrue(reason.contains("'this is not JSON'"), reason)
        XCTAssertEqual(try starts(), 3)
    }

    func testReportedErrorFailsTheImageWithoutARestart() throws {
        let results = try PluginTestSupport.benchmark([spec("--error-on \(victim.name)")], dataset: dataset, out: out)
        let reason = try assertOnlyVictimFailed(results)
        XCTAssertTrue(reason.contains("the program reported an error on \(victim.name): cannot handle \(victim.name)"), reason)
        XCTAssertEqual(try starts(), 2, "probe and one instance: an error response needs no restart")
    }

    func testProgramThatCannotBeRestartedFailsTheRestQuickly() throws {
        let flag = out + "/crashed"
        let results = try PluginTestSupport.benchmark(
            [spec("--crash-on \(victim.name) --crash-for-good \(flag)")], dataset: dataset, out: out)
        XCTAssertFalse(results.interrupted)
        let failures = try XCTUnwrap(results.detector("bad")).failures
        let later = dataset.samples.dropFirst(4).map(\.name)
        XCTAssertEqual(failures.map(\.image), [victim.name] + later, "the images before the crash are scored")
        XCTAssertTrue(failures[0].reason.contains("restart failed: `"), failures[0].reason)
        XCTAssertTrue(failures[0].reason.contains("did not start: the program exited with status 5"), failures[0].reason)
        XCTAssertTrue(failures[0].reason.contains("refusing to start after a crash"), failures[0].reason)
        // Two more attempts (the first two images after the crash), then no more.
        XCTAssertTrue(failures[1].reason.contains("did not start"), failures[1].reason)
        XCTAssertTrue(failures[2].reason.contains("did not start"), failures[2].reason)
        for failure in failures.dropFirst(3) {
            XCTAssertTrue(failure.reason.hasPrefix("bad: not restarted after 3 failed starts; the last: "), failure.reason)
        }
        XCTAssertEqual(try starts(), 2 + 3, "probe, first instance, three failed restarts")
    }

    /// A NaN/Inf score or a 1e308 box used to be written as `null` and then make `report`,
    /// `merge`, `--resume` and `eval` refuse the run's own files: now that image fails.
    func testNonFiniteOrHugeValuesFailThatImage() throws {
        let results = try PluginTestSupport.benchmark([spec("--nonfinite-on \(victim.name)")], dataset: dataset, out: out)
        let reason = try assertOnlyVictimFailed(results)
        XCTAssertTrue(reason.contains("\(victim.name): refused the detector's answer: detection 1: box x 1e+308 is beyond ±2^30 pixels"), reason)
        XCTAssertEqual(try starts(), 2, "a refused answer needs no restart")
    }

    /// A program printing a lot to stderr on every image keeps a log of at most 8 MB, its tail.
    func testTheStderrLogIsCappedKeepingItsTail() throws {
        let results = try PluginTestSupport.benchmark([spec("--stderr-flood 3000000")], dataset: dataset, out: out)
        XCTAssertTrue(try XCTUnwrap(results.detector("bad")).failures.isEmpty)
        let log = try FileIO.read(out + "/\(dataset.name)/bad.stderr.log")
        XCTAssertLessThanOrEqual(log.count, 8 << 20)
        XCTAssertGreaterThan(log.count, 3 << 20)
        let text = String(decoding: log, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("--- facebench: "), String(text.prefix(200)))
        XCTAssertTrue(text.contains("earlier bytes dropped (the log is capped at 8 MB) ---"), String(text.prefix(200)))
        XCTAssertTrue(text.contains("misbehaving: flood line for \(dataset.samples.last!.name)"), "the newest lines are kept")
    }

    func testOtherDetectorsOfTheRunAreUnaffected() throws {
        let results = try PluginTestSupport.benchmark(
            [spec("--crash-on \(victim.name)"), "hog"], dataset: dataset, out: out)
        _ = try assertOnlyVictimFailed(results)
        let hog = try XCTUnwrap(results.detector("hog"))
        XCTAssertTrue(hog.failures.isEmpty)
        XCTAssertEqual(hog.metrics.images, dataset.samples.count)
    }
}
