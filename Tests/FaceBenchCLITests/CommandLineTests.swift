import FaceBenchCLI
import FaceBenchCore
import FaceBenchTestSupport
import XCTest

final class CommandLineTests: XCTestCase {
    func testUsageErrorsExit64WithAOneLineReason() throws {
        let scratch = try TestData.temporaryDirectory(self)
        let cases: [([String], String)] = [
            (["frobnicate"], "unknown command 'frobnicate'"),
            (["run", "--detectr", "haar"], "unknown option '--detectr'; did you mean --detector?"),
            (["run", "--dataset", "dlib-faces", "--detector", "haar:scale=0.5"], "scale=0.5 is not accepted: expected a number > 1"),
            (["run", "--dataset", "dlib-faces", "--detector", "hog:color=rgb"], "unknown parameter 'color' for hog. Accepted: upsample, threshold, landmarks"),
            (["run", "--threads", "0"], "--threads expects integers >= 1"),
            (["run", "--shard", "3/2"], "--shard K/N needs 1 <= K <= N"),
            (["detect"], "missing IMAGE"),
        ]
        for (arguments, expected) in cases {
            let outcome = try CommandRunner.run(arguments, scratch: scratch)
            XCTAssertEqual(outcome.status, 64, "\(arguments): \(outcome.stderr)")
            XCTAssertTrue(outcome.stderr.contains(expected), "\(arguments): \(outcome.stderr)")
            XCTAssertEqual(outcome.stderr.split(separator: "\n").count, 1, "\(arguments): one line: \(outcome.stderr)")
        }
    }

    func testEveryCommandHasHelp() throws {
        let scratch = try TestData.temporaryDirectory(self)
        let overview = try CommandRunner.run(["--help"], scratch: scratch)
        XCTAssertEqual(overview.status, 0)
        let commands = overview.stdout.split(separator: "\n").drop { !$0.hasPrefix("COMMANDS:") }.dropFirst()
            .prefix { !$0.isEmpty }.filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        XCTAssertTrue(commands.contains("run") && commands.contains("list") && commands.contains("detect"), "\(commands)")
        for command in commands {
            let help = try CommandRunner.run([command, "--help"], scratch: scratch)
            XCTAssertEqual(help.status, 0, command)
            XCTAssertTrue(help.stdout.contains("USAGE: facebench \(command)"), help.stdout)
        }
    }

    func testDetectPrintsJSONAndDraws() throws {
        let scratch = try TestData.temporaryDirectory(self)
        let image = try TestData.file("dlib-faces/2008_001009.jpg")
        let drawing = scratch + "/drawn.png"
        let outcome = try CommandRunner.run(["detect", image, "--detector", "lbp", "--draw", drawing], scratch: scratch)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let json = try JSONReader.parse(Array(outcome.stdout.utf8), path: "stdout")
        XCTAssertEqual(json["width"]?.int, 360)
        let detections = try XCTUnwrap(json["detectors"]?.array?.first?["detections"]?.array)
        XCTAssertFalse(detections.isEmpty)
        XCTAssertEqual(try ImageHeader.size(ofFileAt: drawing), ImageHeader.Size(width: 360, height: 480))
    }

    func testCorruptImageFailsNamingTheFile() throws {
        let scratch = try TestData.temporaryDirectory(self)
        let broken = try TestData.write("not an image", to: "broken.jpg", in: scratch)
        let outcome = try CommandRunner.run(["detect", broken], scratch: scratch)
        XCTAssertEqual(outcome.status, 1)
        XCTAssertTrue(outcome.stderr.contains("\(broken): cannot decode image"), outcome.stderr)
    }
}
