import FaceBenchModel
import FaceBenchHarness
import FaceBenchTestSupport
import Foundation
import XCTest

/// Issue 27: FaceBench's own files (results.json, baselines, images.jsonl) are outside input:
/// a value out of range ends in an error naming the file and field, and what is legal but
/// inconsistent (results of another version) is shown, never trapped on.
extension HostileInputTests {
    /// `file` with the Python statement `edit` applied to its JSON document `d`.
    func tamper(_ file: String, _ edit: String, into copy: String, arguments: [String] = []) throws {
        try FileManager.default.createDirectory(atPath: FileIO.parent(of: copy), withIntermediateDirectories: true)
        _ = try runProcess("/usr/bin/python3", ["-c", "import json,sys; d=json.load(open(sys.argv[1])); \(edit); json.dump(d, open(sys.argv[2], 'w'))", file, copy] + arguments, input: Data())
    }

    func testOutOfRangeValuesInResultsAreRefusedWithFileAndField() throws {
        let results = try importedRun(into: scratch + "/run")
        let cases: [(String, String)] = [
            ("d['detectors'][0]['latency_ms'] = {'p50': 1e308}", "detectors[0].latency_ms.p50: 1e+308 is beyond ±1e15"),
            ("d['detectors'][0]['metrics']['recall'] = 1e300", "detectors[0].metrics.recall: 1e+300 is beyond ±1e15"),
            ("d['detectors'][0]['metrics']['precision'] = 1e300", "detectors[0].metrics.precision: 1e+300"),
            ("d['detectors'][0]['load_ms'] = 1e19", "detectors[0].load_ms: 1e+19"),
            ("d['settings']['iou_threshold'] = 1e308", "settings.iou_threshold: 1e+308"),
            ("d['settings']['iou_threshold'] = 5", "settings.iou_threshold: 5.0 is not an IoU in (0, 1]"),
            // report, compare and merge draw images × resamples counts again from the records.
            ("d['settings']['bootstrap']['resamples'] = 10**15", "settings.bootstrap.resamples: must be in 0…100000"),
            ("d['decode']['latency_ms'] = {'min': -1e308}", "decode.latency_ms.min: -1e+308"),
            ("d['detectors'][0]['evaluation']['errors'].setdefault('counts', {})['background'] = 1e300", "detectors[0].evaluation.errors.counts.background: 1e+300"),
            ("d['images'][0]['results']['file-predictions']['detections'][0]['box'][0] = 1e300", "images[0].results.file-predictions.detections[0].box[0]: 1e+300"),
            ("d['detectors'][0]['evaluation']['sizes']['buckets'][0]['label'] = ''", "is not a metric of sizes"),
        ]
        for (index, (edit, reason)) in cases.enumerated() {
            let copy = scratch + "/tampered\(index)/set/results.json"
            try tamper(results, edit, into: copy)
            try refused(["report", copy, "--out", scratch + "/report\(index)/report"], mentions: [copy, reason])
            try refused(["compare", copy, "--baseline", results], mentions: [copy, reason])
            try refused(["merge", scratch + "/tampered\(index)", "--out", scratch + "/merged\(index)"], mentions: [copy, reason])
        }
        let baseline = scratch + "/baseline.json"
        let made = try CommandRunner.run(["baseline", "update", results, "--out", baseline], scratch: scratch, timeout: 30)
        XCTAssertEqual(made.status, 0, made.stderr)
        let hugeBaseline = scratch + "/huge-baseline.json"
        let text = try FileIO.readText(baseline)
        let ap50 = try XCTUnwrap(text.range(of: #""ap50": [0-9.e+-]+"#, options: .regularExpression))
        try FileIO.writeAtomically(text.replacingCharacters(in: ap50, with: "\"ap50\": 1e19"), to: hugeBaseline)
        try refused(["compare", results, "--baseline", hugeBaseline], mentions: [hugeBaseline, "ap50: 1e+19 is beyond ±1e15"])
    }

    func testResultsOfAnotherShapeAreShownNotTrappedOn() throws {
        let results = try importedRun(into: scratch + "/run")
        // One result with a bucket less than the other (another version of FaceBench).
        let fewer = scratch + "/fewer/set/results.json"
        try tamper(results, "d['detectors'][0]['evaluation']['sizes']['buckets'].pop(0)", into: fewer)
        let outcome = try CommandRunner.run(["report", results, fewer, "--out", scratch + "/both/report"], scratch: scratch, timeout: 30)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertFalse(outcome.signalled)
        // A spec's parameter "=" (no name, no value) trapped when compare listed the changes.
        let nameless = scratch + "/nameless/set/results.json"
        try tamper(results, "d['detectors'][0]['spec'] = 'file:='", into: nameless)
        let compared = try CommandRunner.run(["compare", nameless, "--baseline", results], scratch: scratch, timeout: 30)
        XCTAssertFalse(compared.signalled, compared.stderr)
        XCTAssertEqual(compared.status, 0, compared.stderr)
        XCTAssertTrue((compared.stdout + compared.stderr).contains("spec changed"), compared.stdout + compared.stderr)
        // Huge but legal numbers are shown as beyond the limit.
        XCTAssertEqual(Formatting.fixed(1e19, 2), ">1e12")
        XCTAssertEqual(Formatting.fixed(-1e300, 0), "<-1e12")
        XCTAssertEqual(Formatting.fixed(123456789.125, 8), "123456789.1250000", "decimals past exact doubles are dropped")
        XCTAssertEqual(Formatting.fixed(0.5, 2), "0.50")
        XCTAssertEqual(LatencySummary([1e308, 1e308, -1e308]).map { $0.count }, 3)
        XCTAssertEqual(LatencySummary([1e308, 1e308])?.mean, 1e308)
    }
}
