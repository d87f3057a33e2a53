import FaceBenchModel
import FaceBenchIO
import FaceBenchHarness
import FaceBenchTestSupport
import Foundation
import XCTest

/// Files of the 0.1 layout (no `schema_version`; `Fixtures/Results/layout-0.1`, written by
/// `facebench run --dataset dlib-faces --detector lbp` before results became Codable) still
/// work everywhere a results file is read: reading, writing back, report, merge, compare and
/// `--resume`.
final class ResultsLayoutTests: XCTestCase {
    let folder = TestData.fixture("Results/layout-0.1")
    var file: String { folder + "/dlib-faces/results.json" }

    func run(_ arguments: [String], scratch: String, expect status: Int32 = 0) throws -> CommandRunner.Outcome {
        let outcome = try CommandRunner.run(arguments, scratch: scratch)
        XCTAssertEqual(outcome.status, status, "facebench \(arguments.joined(separator: " ")): \(outcome.stderr)")
        return outcome
    }

    /// Every key and number of the file comes back when it is read and written again; only
    /// `schema_version`, the settings' `wider_flavor`, `bootstrap`, `target_precision`,
    /// `fp_per_image` and `reference`, the dataset's `ground_truth` and the derived `agreement` are added.
    func testALayout01FileReadsAndWritesBackTheSameContent() throws {
        let scratch = try TestData.temporaryDirectory(self)
        let results = try RunResults.read(file)
        XCTAssertEqual(results.detectors.map(\.id), ["lbp"])
        XCTAssertEqual(results.records.count, 9)
        try results.write(to: scratch + "/again.json")
        let original = try JSONReader.parse(file: file)
        guard case var .object(written) = try JSONReader.parse(file: scratch + "/again.json") else { return XCTFail("not an object") }
        XCTAssertEqual(written["schema_version"], .string(RunResults.schemaVersion))
        written["schema_version"] = nil
        XCTAssertEqual(written["dataset"]?["ground_truth"], true)
        guard case var .object(dataset) = written["dataset"] else { return XCTFail("no dataset") }
        dataset["ground_truth"] = nil
        written["dataset"] = .object(dataset)
        XCTAssertEqual(written["agreement"]?["pairs"], .array([]), "one detector: no pair")
        written["agreement"] = nil
        guard case var .object(settings) = written["settings"] else { return XCTFail("no settings") }
        XCTAssertEqual(settings["wider_flavor"], "matlab")
        XCTAssertEqual(settings["bootstrap"]?["resamples"], 0, "a file without intervals had none computed")
        XCTAssertEqual(settings["target_precision"], 0.9, "absent before 0.5: the default")
        XCTAssertEqual(settings["fp_per_image"], 0.1, "absent before 0.5: the default")
        XCTAssertEqual(settings["reference"], .null)
        settings["wider_flavor"] = nil
        settings["bootstrap"] = nil
        settings["target_precision"] = nil
        settings["fp_per_image"] = nil
        settings["reference"] = nil
        written["settings"] = .object(settings)
        XCTAssertEqual(Canonical(.object(written)), Canonical(original))
        // Members keyed by name keep their order (the report's columns follow it).
        let evaluation = { (document: JSONValue) in document["detectors"]?.array?.first?["evaluation"]?["coco"]?.object?.keys }
        XCTAssertEqual(evaluation(.object(written)), evaluation(original))
        XCTAssertEqual(results.detectors[0].info.parameters.map(\.name), ["cascade", "scale", "neighbors", "min", "max", "score"])
    }

    func testReportMergeAndCompareReadALayout01File() throws {
        let scratch = try TestData.temporaryDirectory(self)
        let report = try run(["report", file, "--format", "markdown"], scratch: scratch)
        XCTAssertTrue(report.stdout.contains("lbp"), report.stdout)
        _ = try TestData.dataset("dlib-faces")
        _ = try run(["merge", folder, "--out", scratch + "/merged"], scratch: scratch)
        let merged = try RunResults.read(scratch + "/merged/dlib-faces/results.json")
        let original = try RunResults.read(file)
        XCTAssertEqual(merged.detectors.map(\.metrics), original.detectors.map(\.metrics))
        XCTAssertEqual(merged.detectors.map(\.evaluations), original.detectors.map(\.evaluations))
        let compared = try run(["compare", file, "--baseline", file], scratch: scratch)
        XCTAssertTrue(compared.stdout.contains("lbp"), compared.stdout)
    }

    /// A 0.1 run folder resumes: its log's records are taken and nothing runs again.
    func testALayout01RunResumes() throws {
        let scratch = try TestData.temporaryDirectory(self)
        _ = try TestData.dataset("dlib-faces")
        let out = scratch + "/run"
        try FileIO.createDirectory(out + "/dlib-faces")
        // The log names the dataset's files where it was made: point them at this machine's.
        let log = try String(contentsOfFile: folder + "/dlib-faces/images.jsonl", encoding: .utf8)
            .replacingOccurrences(of: "/work/shared/datasets", with: TestData.datasets)
        try FileIO.writeAtomically(Array(log.utf8), to: out + "/dlib-faces/images.jsonl")
        _ = try run(["run", "--dataset", "dlib-faces", "--detector", "lbp", "--out", out, "--resume"], scratch: scratch)
        XCTAssertEqual(try String(contentsOfFile: out + "/dlib-faces/images.jsonl", encoding: .utf8), log, "nothing was run again")
        let resumed = try RunResults.read(out + "/dlib-faces/results.json")
        let original = try RunResults.read(file)
        XCTAssertEqual(resumed.detectors.map(\.metrics), original.detectors.map(\.metrics))
        XCTAssertEqual(resumed.records.map(\.results), original.records.map(\.results))
    }
}

/// A JSON value compared without its objects' key order.
struct Canonical: Equatable {
    let value: JSONValue

    init(_ value: JSONValue) {
        switch value {
        case let .object(object):
            self.value = .object(JSONObject(object.pairs.sorted { $0.key < $1.key }.map { ($0.key, Canonical($0.value).value) }))
        case let .array(items):
            self.value = .array(items.map { Canonical($0).value })
        default:
            self.value = value
        }
    }
}
