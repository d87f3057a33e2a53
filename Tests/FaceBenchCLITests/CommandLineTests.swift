import FaceBenchCLI
import FaceBenchCore
import FaceBenchTestSupport
import Foundation
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
            (["run", "--dataset", "dlib-face"], "unknown dataset 'dlib-face'. Did you mean 'dlib-faces'?"),
            (["run", "--dataset", "dlib-faces", "--detector", "lbp,haarr"], "unknown detector 'haarr'. Did you mean 'haar'?"),
            (["run", "--dataset", "dlib-faces", "--detector", "haar:scale=1.2,neighbours=2"], "unknown parameter 'neighbours' for haar. Did you mean 'neighbors'?"),
            (["run", "--format", "mardown"], "--format expects text, markdown, json, got 'mardown'. Did you mean 'markdown'?"),
            (["run", "--quiet", "--verbose"], "--quiet and --verbose exclude each other"),
            (["completion", "fish"], "SHELL is bash or zsh"),
        ]
        for (arguments, expected) in cases {
            let outcome = try CommandRunner.run(arguments, scratch: scratch)
            XCTAssertEqual(outcome.status, 64, "\(arguments): \(outcome.stderr)")
            XCTAssertTrue(outcome.stderr.contains(expected), "\(arguments): \(outcome.stderr)")
            XCTAssertEqual(outcome.stderr.split(separator: "\n").count, 1, "\(arguments): one line: \(outcome.stderr)")
            XCTAssertTrue(outcome.stderr.hasPrefix("facebench \(arguments[0]): error: ") || outcome.stderr.hasPrefix("facebench: error: "),
                          "usage errors say error: like runtime errors: \(outcome.stderr)")
        }
    }

    func testHelpCommandPrintsTheCommandsHelp() throws {
        let scratch = try TestData.temporaryDirectory(self)
        let help = try CommandRunner.run(["help", "run"], scratch: scratch)
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("USAGE: facebench run [options]"), help.stdout)
        XCTAssertTrue(help.stdout.contains("--verbose"), help.stdout)
    }

    func testListAsJSONAndWithoutDoubledWords() throws {
        let scratch = try TestData.temporaryDirectory(self)
        let text = try CommandRunner.run(["list"], scratch: scratch)
        XCTAssertFalse(text.stdout.contains("default default"), text.stdout)
        XCTAssertTrue(text.stdout.contains("; if omitted: 1.1\n"), text.stdout)
        let list = try CommandRunner.run(["list", "--format", "json"], scratch: scratch)
        XCTAssertEqual(list.status, 0, list.stderr)
        let json = try JSONReader.parse(Array(list.stdout.utf8), path: "stdout")
        let haar = try XCTUnwrap(json["detectors"]?.array?.first { $0["id"]?.string == "haar" })
        let scale = try XCTUnwrap(haar["parameters"]?.array?.first { $0["name"]?.string == "scale" })
        XCTAssertEqual(scale["default"]?.string, "1.1")
        XCTAssertEqual(json["aliases"]?["default"]?.array?.compactMap(\.string), ["haar", "lbp", "hog", "swift-haar", "swift-lbp", "yunet", "blazeface"])
        let yunet = try XCTUnwrap(json["detectors"]?.array?.first { $0["id"]?.string == "yunet" })
        XCTAssertNotNil(yunet["available"]?.bool)
        XCTAssertTrue(yunet["models"]?.string?.hasSuffix("yunet/face_detection_yunet_2022mar.onnx") ?? (yunet["reason"]?.string != nil))
        XCTAssertTrue(json["detectors"]?.array?.contains { $0["id"]?.string == "exec" && $0["usage"]?.string != nil } ?? false)
        XCTAssertTrue(json["datasets"]?.array?.contains { $0["name"]?.string == "dlib-faces" } ?? false)
    }

    /// The bash script is run by bash with the words a user would have typed; the zsh one is
    /// checked by zsh's parser.
    func testShellCompletion() throws {
        let scratch = try TestData.temporaryDirectory(self)
        let bash = try CommandRunner.run(["completion", "bash"], scratch: scratch)
        XCTAssertEqual(bash.status, 0, bash.stderr)
        let script = try TestData.write(bash.stdout, to: "facebench.bash", in: scratch)
        let probe = try TestData.write("""
            source \(script)
            complete_words() { COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); _facebench; echo "${COMPREPLY[*]}"; }
            complete_words facebench ru
            complete_words facebench run --det
            complete_words facebench run --detector sw
            complete_words facebench run --dataset dlib
            complete_words facebench compare --sp
            complete_words facebench run --format ''
            """, to: "probe.bash", in: scratch)
        XCTAssertEqual(try shell("/bin/bash", [probe]), "run\n--detector\nswift-haar swift-lbp\ndlib-faces\n--speed\ntext markdown json\n")

        let zsh = try CommandRunner.run(["completion", "zsh"], scratch: scratch)
        XCTAssertTrue(zsh.stdout.hasPrefix("#compdef facebench\n"))
        XCTAssertTrue(zsh.stdout.contains("'*--detector[Detector specs"), zsh.stdout)
        guard FileIO.exists("/usr/bin/zsh") else { throw XCTSkip("zsh is not installed (scripts/install-dependencies.sh installs it)") }
        let file = try TestData.write(zsh.stdout, to: "_facebench", in: scratch)
        XCTAssertEqual(try shell("/usr/bin/zsh", ["-n", file]), "", "zsh parses the script")
    }

    func shell(_ program: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(program) \(arguments)")
        return output
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
