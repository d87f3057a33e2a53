import FaceBenchModel
import FaceBenchEvaluation
import FaceBenchIO
import FaceBenchHarness
import FaceBenchTestSupport
import Foundation
import XCTest

/// `facebench run` end to end, and the guarantees of long runs: resuming after a kill gives
/// the uninterrupted result, shards merge into the single-machine result, thread counts do
/// not change detections.
final class RunCommandTests: XCTestCase {
    /// The detections and accuracy of a result: what must be equal between two ways of
    /// computing the same run (timings never are).
    struct Essence: Equatable {
        var detections: [String: [Int: [Detection]]]
        var failures: [String: [ImageFailure]]
        var metrics: [String: DetectionMetrics]
        var evaluations: [String: DetectorEvaluations]
        var images: Int

        init(_ results: RunResults) {
            var detections: [String: [Int: [Detection]]] = [:]
            for record in results.records {
                for (id, result) in record.results { detections[id, default: [:]][record.sampleID] = result.detections }
            }
            self.detections = detections
            failures = Dictionary(uniqueKeysWithValues: results.detectors.map { ($0.id, $0.failures) })
            metrics = Dictionary(uniqueKeysWithValues: results.detectors.map { ($0.id, $0.metrics) })
            evaluations = Dictionary(uniqueKeysWithValues: results.detectors.map { ($0.id, $0.evaluations) })
            images = results.dataset.images
        }
    }

    func run(_ arguments: [String], scratch: String, expect status: Int32 = 0) throws -> CommandRunner.Outcome {
        let outcome = try CommandRunner.run(arguments, scratch: scratch)
        XCTAssertEqual(outcome.status, status, "facebench \(arguments.joined(separator: " ")): \(outcome.stderr)")
        return outcome
    }

    func testRunWritesEveryOutputAndPrintsTheTable() throws {
        let scratch = try TestData.temporaryDirectory(self)
        _ = try TestData.dataset("dlib-faces")
        let out = scratch + "/run"
        let outcome = try run(["run", "--dataset", "dlib-faces", "--detector", "lbp,fast=haar:scale=1.3", "--out", out], scratch: scratch)
        let lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.first, "dlib-faces: 9 images, 43 faces", outcome.stdout)
        XCTAssertTrue(lines[1].hasPrefix("Detector  AP50 (VOC)  Precision"), "plain columns when piped: \(lines[1])")
        XCTAssertTrue(lines[2].hasPrefix("lbp ") && lines[3].hasPrefix("fast "), outcome.stdout)
        XCTAssertFalse(outcome.stdout.contains("\u{1B}["), "no escapes when piped")
        XCTAssertFalse(outcome.stdout.contains("**"), "no Markdown in the terminal")
        XCTAssertTrue(lines.contains("Full report: \(out)/report.md  \(out)/report.html"), outcome.stdout)
        XCTAssertLessThanOrEqual(lines.count, 12, outcome.stdout)
        let table = lines.prefix { !$0.isEmpty }
        XCTAssertLessThanOrEqual(table.map(\.count).max() ?? 0, 100, "the table fits 100 columns: \(outcome.stdout)")
        let results = try RunResults.read(out + "/dlib-faces/results.json")
        XCTAssertEqual(results.detectors.map(\.id), ["lbp", "fast"])
        XCTAssertEqual(results.records.count, 9)
        XCTAssertEqual(results.dataset.faces, 43)
        XCTAssertNotNil(results.environment)
        // The keys scripts rely on.
        let json = try JSONReader.parse(file: out + "/dlib-faces/results.json")
        let detector = try XCTUnwrap(json["detectors"]?.array?.first)
        for key in ["ap50", "precision", "recall", "f1", "mean_iou", "tp", "fp", "missed"] {
            XCTAssertNotNil(detector["metrics"]?[key]?.double, key)
        }
        for key in ["p50", "p90", "p99"] { XCTAssertNotNil(detector["latency_ms"]?[key]?.double, key) }
        XCTAssertNotNil(detector["images_per_second"]?.double)
        XCTAssertNotNil(detector["load_ms"]?.double)
        XCTAssertEqual(detector["spec"]?.string, "lbp:cascade=frontalface,scale=1.1,neighbors=3,min=0,max=0,score=weight")
        // COCO exports.
        let gt = try JSONReader.parse(file: out + "/dlib-faces/gt.coco.json")
        XCTAssertEqual(gt["annotations"]?.array?.count, 43)
        XCTAssertEqual(gt["images"]?.array?.count, 9)
        let coco = try JSONReader.parse(file: out + "/dlib-faces/lbp.coco.json")
        XCTAssertEqual(coco.array?.count, results.detectors[0].metrics.detections)
        XCTAssertTrue(FileIO.exists(out + "/dlib-faces/report.md"))
        XCTAssertTrue(FileIO.exists(out + "/report.md"))
    }

    /// The same finished run printed every way (`--resume` of a finished run reruns nothing).
    func testOutputFormatsQuietVerboseAndConfig() throws {
        let scratch = try TestData.temporaryDirectory(self)
        _ = try TestData.dataset("dlib-faces")
        let out = scratch + "/run"
        let quiet = try run(["run", "--dataset", "dlib-faces", "--detector", "lbp,haar:min=400", "--out", out, "--quiet"], scratch: scratch)
        XCTAssertEqual(quiet.stdout, "")
        let same = ["run", "--dataset", "dlib-faces", "--detector", "lbp,haar:min=400", "--out", out, "--resume"]

        let json = try JSONReader.parse(Array(try run(same + ["--format", "json"], scratch: scratch).stdout.utf8), path: "stdout")
        XCTAssertEqual(json["schema"]?.string, "facebench.run-summary/1")
        XCTAssertEqual(json["report"]?["html"]?.string, out + "/report.html")
        let table = try XCTUnwrap(json["datasets"]?.array?.first?["table"])
        XCTAssertEqual(table["rows"]?.array?.compactMap { $0["detector"]?.string }, ["lbp", "haar-min=400"])
        let findings = json["findings"]?.array ?? []
        // min=400 finds no face in these images: every face is missed.
        XCTAssertTrue(findings.contains { $0["detector"]?.string == "haar-min=400" && ($0["text"]?.string ?? "").hasPrefix("most errors are misses") },
                      "\(findings)")

        let markdown = try run(same + ["--format", "markdown"], scratch: scratch).stdout
        XCTAssertTrue(markdown.hasPrefix("## dlib-faces: 9 images, 43 faces\n\n| Detector "), markdown)
        XCTAssertTrue(markdown.contains("- dlib-faces / haar-min=400: most errors are misses"), markdown)

        let verbose = try run(same + ["--verbose"], scratch: scratch).stdout
        XCTAssertTrue(verbose.contains("### coco") && verbose.contains("### sizes"), "--verbose prints every table")

        let config = try TestData.write(#"{"dataset": ["dlib-faces"], "detector": "lbp,haar:min=400", "out": "\#(out)", "resume": true, "format": "json"}"#, to: "bench.json", in: scratch)
        let fromFile = try run(["run", "--config", config, "--format", "markdown"], scratch: scratch).stdout
        XCTAssertTrue(fromFile.hasPrefix("## dlib-faces"), "the flag overrides the file's format: \(fromFile.prefix(100))")
        let typo = try TestData.write(#"{"detectr": "lbp"}"#, to: "typo.json", in: scratch)
        // Config-file errors are usage errors: exit 64, like the same mistake on the command line.
        let failed = try run(["run", "--config", typo], scratch: scratch, expect: 64)
        XCTAssertTrue(failed.stderr.contains("\(typo): option \"detectr\": not an option of run. Did you mean 'detector'?"), failed.stderr)
        let badValue = try TestData.write(#"{"threads": [0]}"#, to: "bad.json", in: scratch)
        let rejected = try run(["run", "--config", badValue], scratch: scratch, expect: 64).stderr
        XCTAssertTrue(rejected.contains("\(badValue): option \"threads\": --threads expects integers in 1…256"), rejected)
        let notJSON = try TestData.write("{bad", to: "broken.json", in: scratch)
        XCTAssertTrue(try run(["run", "--config", notJSON], scratch: scratch, expect: 64).stderr.contains("\(notJSON): line 1, column 2"))
        XCTAssertTrue(try run(["run", "--config", scratch + "/missing.json"], scratch: scratch, expect: 64).stderr.contains("missing.json"))
    }

    /// A dataset in MIT+CMU's layout of the `count` smallest MIT+CMU images (links) and their
    /// boxes: enough images to stop a run in the middle, at a tenth of the whole set's pixels.
    func smallMITCMU(images count: Int, in scratch: String) throws -> String {
        let dataset = try TestData.dataset("mit-cmu")
        let pixels = { (sample: Sample) in (sample.width ?? 0) * (sample.height ?? 0) }  // the loader reads every header
        let chosen = dataset.samples.sorted { (pixels($0), $0.name) < (pixels($1), $1.name) }.prefix(count)
        let root = scratch + "/small-mit-cmu"
        try FileManager.default.createDirectory(atPath: root + "/images", withIntermediateDirectories: true)
        for sample in chosen {
            try FileManager.default.createSymbolicLink(atPath: root + "/images/" + sample.name, withDestinationPath: try XCTUnwrap(sample.path))
        }
        let stems = Set(chosen.map { $0.name.split(separator: ".").dropLast().joined(separator: ".") })
        let boxes = try String(contentsOfFile: dataset.root + "/" + MITCMULoader.Boxes.full.rawValue, encoding: .utf8)
            .split(whereSeparator: \.isNewline).filter { line in  // CRLF lines: "\r\n" is one Character
                line.split(separator: " ").first.map { stems.contains($0.split(separator: ".").dropLast().joined(separator: ".")) } ?? false
            }
        _ = try TestData.write(boxes.joined(separator: "\n") + "\n", to: MITCMULoader.Boxes.full.rawValue, in: root)
        return root
    }

    func testResumingAfterKillMinus9EqualsAnUninterruptedRun() throws {
        let scratch = try TestData.temporaryDirectory(self)
        let images = 48
        let dataset = try smallMITCMU(images: images, in: scratch)
        let arguments = ["run", "--dataset", dataset, "--detector", "lbp:scale=1.2", "--detector", "haar:scale=1.5"]
        _ = try run(arguments + ["--out", scratch + "/whole"], scratch: scratch)
        let whole = try RunResults.read(scratch + "/whole/small-mit-cmu/results.json")
        XCTAssertEqual(whole.records.count, images)
        XCTAssertGreaterThan(whole.detectors.map(\.metrics.truePositives).min() ?? 0, 10, "both detectors find faces: resuming has detections to keep")

        let out = scratch + "/killed"
        let log = out + "/small-mit-cmu/images.jsonl"
        let process = try CommandRunner.start(arguments + ["--out", out], output: scratch + "/o", errors: scratch + "/e")
        var lines = 0
        while process.isRunning {
            lines = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").count
            if lines > images / 3 { break }
            Thread.sleep(forTimeInterval: 0.005)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal, "the run finished before it could be killed")
        XCTAssertFalse(FileIO.exists(out + "/small-mit-cmu/results.json"))
        let logged = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").count - 1
        XCTAssertGreaterThan(logged, 0)
        XCTAssertLessThan(logged, images)

        let resumed = try run(arguments + ["--out", out, "--resume"], scratch: scratch)
        XCTAssertTrue(resumed.stdout.contains("\nlbp-scale=1.2 "), resumed.stdout)
        let continued = try RunResults.read(out + "/small-mit-cmu/results.json")
        XCTAssertEqual(Essence(continued), Essence(whole))
        XCTAssertFalse(continued.interrupted)
        // Nothing was run twice: the log holds each image once.
        let ids = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").dropFirst()
            .map { try JSONReader.parse(Array($0.utf8), path: log)["id"]?.int }
        XCTAssertEqual(ids.count, images)
        XCTAssertEqual(Set(ids).count, images)
    }

    func testResumeRefusesDifferentSettingsAndFreshRunRefusesAnOldLog() throws {
        let scratch = try TestData.temporaryDirectory(self)
        _ = try TestData.dataset("dlib-faces")
        let out = scratch + "/run"
        _ = try run(["run", "--dataset", "dlib-faces", "--detector", "lbp", "--out", out], scratch: scratch)
        let again = try run(["run", "--dataset", "dlib-faces", "--detector", "lbp", "--out", out], scratch: scratch, expect: 64)
        XCTAssertTrue(again.stderr.contains("--resume"), again.stderr)
        let other = try run(["run", "--dataset", "dlib-faces", "--detector", "haar", "--out", out, "--resume"], scratch: scratch, expect: 64)
        XCTAssertTrue(other.stderr.contains("different settings (detectors)"), other.stderr)
        // Resuming a finished run repeats nothing and gives the same result.
        _ = try run(["run", "--dataset", "dlib-faces", "--detector", "lbp", "--out", out, "--resume"], scratch: scratch)
        XCTAssertEqual(try String(contentsOfFile: out + "/dlib-faces/images.jsonl", encoding: .utf8).split(separator: "\n").count, 10)
    }

    func testCtrlCStopsCleanlyAndWritesWhatIsDone() throws {
        let scratch = try TestData.temporaryDirectory(self)
        _ = try TestData.dataset("mit-cmu")
        let out = scratch + "/run"
        let process = try CommandRunner.start(
            ["run", "--dataset", "mit-cmu", "--detector", "lbp:scale=1.2", "--repetitions", "2", "--out", out],
            output: scratch + "/o", errors: scratch + "/e")
        let log = out + "/mit-cmu/images.jsonl"
        while process.isRunning, ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").count < 20 {
            Thread.sleep(forTimeInterval: 0.005)
        }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 130)
        let results = try RunResults.read(out + "/mit-cmu/results.json")
        XCTAssertTrue(results.interrupted)
        XCTAssertGreaterThan(results.records.count, 0)
        XCTAssertLessThan(results.records.count, 130)
        let logged = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").count - 1
        XCTAssertEqual(logged, results.records.count, "everything finished is both logged and in results.json")
    }

    func testTwoShardsMergedEqualOneRun() throws {
        let scratch = try TestData.temporaryDirectory(self)
        _ = try TestData.dataset("dlib-faces")
        let arguments = ["run", "--dataset", "dlib-faces", "--detector", "lbp", "--detector", "hog:upsample=0"]
        _ = try run(arguments + ["--out", scratch + "/whole"], scratch: scratch)
        _ = try run(arguments + ["--out", scratch + "/s1", "--shard", "1/2"], scratch: scratch)
        _ = try run(arguments + ["--out", scratch + "/s2", "--shard", "2/2"], scratch: scratch)
        let first = try RunResults.read(scratch + "/s1/dlib-faces/results.json")
        let second = try RunResults.read(scratch + "/s2/dlib-faces/results.json")
        XCTAssertEqual(first.records.map(\.sampleID), [1, 3, 5, 7, 9])
        XCTAssertEqual(second.records.map(\.sampleID), [2, 4, 6, 8])
        let printed = try run(["merge", scratch + "/s1", scratch + "/s2", "--out", scratch + "/merged"], scratch: scratch).stdout
        XCTAssertTrue(printed.hasPrefix("dlib-faces: 9 images, 43 faces\nDetector "), "merge prints run's headline: \(printed)")
        XCTAssertTrue(printed.hasSuffix("Full report: \(scratch)/merged/report.md  \(scratch)/merged/report.html\n"), printed)
        XCTAssertFalse(printed.contains("COCO"), "not the verbose report")
        let merged = try RunResults.read(scratch + "/merged/dlib-faces/results.json")
        let whole = try RunResults.read(scratch + "/whole/dlib-faces/results.json")
        XCTAssertEqual(Essence(merged), Essence(whole))
        XCTAssertEqual(merged.detectors[0].latency?.count, whole.detectors[0].latency?.count, "timing pools every sample")
        XCTAssertEqual(merged.detectors[0].setup.loadMilliseconds.count, 2)
        // Overlapping shards are refused.
        let overlap = try run(["merge", scratch + "/s1", scratch + "/whole", "--out", scratch + "/bad"], scratch: scratch, expect: 1)
        XCTAssertTrue(overlap.stderr.contains("must not overlap"), overlap.stderr)
    }

    func testThreadCountsDoNotChangeDetections() throws {
        let scratch = try TestData.temporaryDirectory(self)
        _ = try TestData.dataset("dlib-faces")
        let arguments = ["run", "--dataset", "dlib-faces", "--shard", "1/3", "--detector", "lbp", "--detector", "haar:scale=1.3"]
        _ = try run(arguments + ["--out", scratch + "/one"], scratch: scratch)
        _ = try run(arguments + ["--out", scratch + "/two", "--threads", "2,1"], scratch: scratch)
        let one = try RunResults.read(scratch + "/one/dlib-faces/results.json")
        let two = try RunResults.read(scratch + "/two/dlib-faces/results.json")
        XCTAssertEqual(Essence(one).detections, Essence(two).detections)
        XCTAssertEqual(Essence(one).metrics, Essence(two).metrics)
        for detector in two.detectors {
            XCTAssertEqual(detector.throughput.map(\.threads), [2, 1])
            XCTAssertEqual(detector.evaluations.threadConsistency, [], "\(detector.evaluations)")
            XCTAssertNotNil(detector.throughput[0].scalingEfficiency)
        }
    }
}

/// The COCO files `run` writes load in pycocotools, the reference COCO tool.
final class COCOExportTests: XCTestCase {
    func testExportsLoadInPycocotools() throws {
        let python = "/usr/bin/env"
        guard try CommandRunner.tool(["python3", "-c", "import pycocotools"]).status == 0 else { throw XCTSkip("pycocotools is not installed (pip install pycocotools)") }

        let scratch = try TestData.temporaryDirectory(self)
        _ = try TestData.dataset("dlib-faces")
        let out = scratch + "/run"
        let run = try CommandRunner.run(["run", "--dataset", "dlib-faces", "--detector", "lbp", "--detector", "hog:upsample=0", "--out", out], scratch: scratch)
        XCTAssertEqual(run.status, 0, run.stderr)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["python3", TestData.packageRoot + "/scripts/coco-rescore.py", out + "/dlib-faces"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let lines = output.split(separator: "\n").map { try? JSONReader.parse(Array($0.utf8), path: "stdout") }
        XCTAssertEqual(lines.compactMap { $0?["detector"]?.string }.sorted(), ["hog-upsample=0", "lbp"])
        for line in lines {
            let stats = try XCTUnwrap(line?["stats"]?.array?.compactMap(\.double))
            XCTAssertEqual(stats.count, 12)
            XCTAssertGreaterThan(stats[1], 0.2, "AP50 of \(line?["detector"]?.string ?? "?")")
        }
    }
}
