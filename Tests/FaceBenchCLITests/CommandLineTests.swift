import FaceBenchCLI
import FaceBenchModel
import FaceBenchIO
import FaceBenchReports
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
            (["run", "--dataset", "dlib-faces", "--detector", "hog:color=rgb"], "unknown parameter 'color' for hog. Accepted: upsample, threshold"),
            (["run", "--threads", "0"], "--threads expects integers in 1…256"),
            (["run", "--shard", "3/2"], "--shard K/N needs 1 <= K <= N"),
            (["detect"], "missing IMAGE"),
            (["run", "--dataset", "dlib-face"], "unknown dataset 'dlib-face'. Did you mean 'dlib-faces'?"),
            (["run", "--dataset", "dlib-faces", "--detector", "lbp,haarr"], "unknown detector 'haarr'. Did you mean 'haar'?"),
            (["run", "--dataset", "dlib-faces", "--detector", "haar:scale=1.2,neighbours=2"], "unknown parameter 'neighbours' for haar. Did you mean 'neighbors'?"),
            (["run", "--format", "mardown"], "--format expects text, markdown or json, got 'mardown'. Did you mean 'markdown'?"),
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
        XCTAssertEqual(json["aliases"]?["default"]?.array?.compactMap(\.string), ["haar", "lbp", "hog", "swift-haar", "swift-lbp", "yunet", "libfacedetection", "blazeface", "scrfd", "centerface"])
        let yunet = try XCTUnwrap(json["detectors"]?.array?.first { $0["id"]?.string == "yunet" })
        XCTAssertNotNil(yunet["available"]?.bool)
        XCTAssertTrue(yunet["models"]?.string?.contains("yunet/face_detection_yunet_2023mar.onnx") ?? (yunet["reason"]?.string != nil))
        XCTAssertTrue(json["detectors"]?.array?.contains { $0["id"]?.string == "exec" && $0["usage"]?.string != nil } ?? false)
        XCTAssertTrue(json["datasets"]?.array?.contains { $0["name"]?.string == "dlib-faces" } ?? false)
        XCTAssertEqual(json["landmark_stages"]?.array?.compactMap { $0["id"]?.string }, ["dlib68", "dlib5"])
        XCTAssertTrue(text.stdout.contains("exec:landmarks=dlib68:COMMAND, plugin:landmarks=dlib68:LIBRARY, file:landmarks=dlib68:PATH"), text.stdout)
    }

    /// README's default detector list is the registry's (scripts/readme-comparison.sh writes it).
    func testTheREADMEsDefaultListIsTheRegistrys() throws {
        let readme = try String(contentsOfFile: TestData.packageRoot + "/README.md", encoding: .utf8)
        let marked = try XCTUnwrap(readme.range(of: "<!-- default-detectors -->`").map { readme[$0.upperBound...] }?.prefix { $0 != "`" })
        let list = try CommandRunner.run(["list", "--format", "json"], scratch: try TestData.temporaryDirectory(self))
        let defaults = try JSONReader.parse(Array(list.stdout.utf8), path: "list")["aliases"]?["default"]?.array?.compactMap(\.string)
        XCTAssertEqual(String(marked), defaults?.joined(separator: ", "), "run scripts/readme-comparison.sh (make readme)")
    }

    /// The bash script is run by bash with the words a user would have typed; the zsh one is
    /// checked by zsh's parser, and its detector completer run by zsh.
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
            complete_words facebench run --iou ''
            complete_words facebench compare --speed ''
            complete_words facebench run --detector haar:sc
            complete_words facebench run --detector fast=haar:scale=1.05,ne
            complete_words facebench run --threads ''
            COMP_LINE="facebench run --detector lbp:cas" COMP_POINT=31 complete_words facebench run --detector lbp : cas
            complete_words facebench compare --gate-metrics ap,re
            COMP_LINE="facebench compare --tolerance ap=0.01,co" COMP_POINT=40 complete_words facebench compare --tolerance ap = 0.01,co
            """, to: "probe.bash", in: scratch)
        XCTAssertEqual(try shell("/bin/bash", [probe]), """
            run
            --detector
            swift-haar swift-lbp
            dlib-faces
            --speed
            text markdown json
            0.5
            relative absolute report
            scale= score=
            1.05,neighbors=

            cascade=
            ap,recall
            0.01,coco_ap=

            """, "values, not file names, after --iou and --speed; parameter keys after kind: and gate metrics after a comma (bash leaves what precedes ':' and '=')")
        XCTAssertTrue(bash.stdout.contains("--gate-metrics) _facebench_list \"$word\" \(GateMetric.names.joined(separator: " "))"), "every gate metric")

        let zsh = try CommandRunner.run(["completion", "zsh"], scratch: scratch)
        XCTAssertTrue(zsh.stdout.hasPrefix("#compdef facebench\n"))
        XCTAssertTrue(zsh.stdout.contains("'*--detector[Detector specs"), zsh.stdout)
        XCTAssertTrue(zsh.stdout.contains(":value:_values -s , tolerance \"ap:tolerance: \" \"coco_ap:tolerance: \""), "tolerances as name=value")
        guard FileIO.exists("/usr/bin/zsh") else { throw XCTSkip("zsh is not installed (scripts/install-dependencies.sh installs it)") }
        let file = try TestData.write(zsh.stdout, to: "_facebench", in: scratch)
        XCTAssertEqual(try shell("/usr/bin/zsh", ["-n", file]), "", "zsh parses the script")
        // The detector spec's completer, run by zsh with compadd standing in for the builtin
        // (which exists only inside a completion widget): it matches as zsh does, the hidden
        // prefix (-p) and the match against the word typed so far.
        let zshProbe = try TestData.write("""
            words=(facebench) CURRENT=1
            source \(file)
            compadd() {
              local prefix="" match
              local -a found
              while [[ $1 != -- ]]; do
                [[ $1 == -p || $1 == -S ]] && { [[ $1 == -p ]] && prefix=$2; shift; }
                shift
              done
              shift
              for match in "$@"; do [[ $prefix$match == "$PREFIX"* ]] && found+=("$match"); done
              print -r -- "${(j: :)found}"
            }
            PREFIX=haar:sc _facebench_detector
            PREFIX=fast=haar:scale=1.05,ne _facebench_detector
            PREFIX=yunet: _facebench_detector
            PREFIX=sw _facebench_detector
            PREFIX=exec: _facebench_detector
            """, to: "probe.zsh", in: scratch)
        XCTAssertEqual(try shell("/usr/bin/zsh", ["-f", zshProbe]), """
            scale= score=
            neighbors=
            model= score= nms= top= size=
            swift-haar swift-lbp


            """, "zsh completes a kind's parameter keys after kind:, label=kind: and key=value,")
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
        let outcome = try CommandRunner.run(["detect", image, "--detector", "lbp", "--format", "json", "--draw", drawing], scratch: scratch)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let json = try JSONReader.parse(Array(outcome.stdout.utf8), path: "stdout")
        XCTAssertEqual(json["width"]?.int, 360)
        let detections = try XCTUnwrap(json["detectors"]?.array?.first?["detections"]?.array)
        XCTAssertFalse(detections.isEmpty)
        XCTAssertEqual(try ImageHeader.size(ofFileAt: drawing), ImageHeader.Size(width: 360, height: 480 + 24), "the image under its title")
        XCTAssertTrue(outcome.stderr.contains("drew lbp on \(drawing)"), outcome.stderr)
    }

    /// The default output: a line per detector with its counts, then a line per face with
    /// box, score, IoU and verdict; panels with counts and the legend when drawn.
    func testDetectPrintsALinePerFaceAndDrawsPanelsWithCountsAndLegend() throws {
        let scratch = try TestData.temporaryDirectory(self)
        let image = try TestData.file("dlib-faces/2008_001009.jpg")
        let drawing = scratch + "/panels.jpg"
        let outcome = try CommandRunner.run(
            ["detect", image, "--dataset", "dlib-faces", "--detector", "lbp", "--detector", "haar", "--draw", drawing], scratch: scratch)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let lines = outcome.stdout.split(separator: "\n")
        XCTAssertEqual(lines.first, "\(image): 360×480, 2 faces in the ground truth")
        let json = try JSONReader.parse(Array(try CommandRunner.run(
            ["detect", image, "--dataset", "dlib-faces", "--detector", "lbp", "--detector", "haar", "--format", "json"], scratch: scratch).stdout.utf8), path: "stdout")
        for (index, detector) in ["lbp", "haar"].enumerated() {
            let entry = try XCTUnwrap(json["detectors"]?.array?[index])
            let found = try XCTUnwrap(entry["detections"]?.array?.count)
            let header = try XCTUnwrap(lines.first { $0.hasPrefix("\(detector): ") })
            XCTAssertTrue(header.hasPrefix("\(detector): \(found) detection"), String(header))
            XCTAssertTrue(header.hasSuffix(": \(entry["evaluation"]!["tp"]!.int!) TP, \(entry["evaluation"]!["fp"]!.int!) FP, \(entry["evaluation"]!["missed"]!.int!) missed"), String(header))
            let faces = lines.filter { $0.hasPrefix("  \(detector) ") }
            XCTAssertEqual(faces.count, found, "a line per detection")
            XCTAssertTrue(faces.allSatisfy { $0.contains(" score ") && $0.contains(" IoU ") && $0.hasSuffix("positive") }, "\(faces)")
        }
        XCTAssertTrue(outcome.stderr.contains("drew 2 panels (lbp, haar) on \(drawing)"), outcome.stderr)
        let size = try ImageHeader.size(ofFileAt: drawing)
        XCTAssertEqual(size, ImageHeader.Size(width: 360 * 2 + 12, height: 24 + 480 + 26), "two panels, titles, the legend")
    }

    /// `detect NAME --dataset D`: NAME is the image's name in the dataset, found wherever it is.
    func testDetectFindsTheImageByItsNameInTheDataset() throws {
        let scratch = try TestData.temporaryDirectory(self)
        _ = try TestData.dataset("dlib-faces")
        let named = try CommandRunner.run(["detect", "2008_001009.jpg", "--dataset", "dlib-faces", "--detector", "lbp"], scratch: scratch)
        XCTAssertEqual(named.status, 0, named.stderr)
        XCTAssertTrue(named.stdout.hasPrefix("2008_001009.jpg: 360×480, 2 faces in the ground truth"), named.stdout)
        let unknown = try CommandRunner.run(["detect", "nothing.jpg", "--dataset", "dlib-faces", "--detector", "lbp"], scratch: scratch)
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.stderr.contains("nothing.jpg is not an image of dataset dlib-faces"), unknown.stderr)
    }

    func testDetectRefusesDrawingsItCannotWriteBeforeRunning() throws {
        let scratch = try TestData.temporaryDirectory(self)
        let image = try TestData.file("dlib-faces/2008_001009.jpg")
        let gif = try CommandRunner.run(["detect", image, "--detector", "lbp", "--draw", scratch + "/out.gif"], scratch: scratch)
        XCTAssertEqual(gif.status, 64)
        XCTAssertTrue(gif.stderr.contains("cannot write '.gif' images; use .png, .jpg or .jpeg"), gif.stderr)
        XCTAssertEqual(gif.stdout, "", "nothing ran")
        let missing = try CommandRunner.run(["detect", image, "--detector", "lbp", "--draw", scratch + "/no/such/out.png"], scratch: scratch)
        XCTAssertEqual(missing.status, 64)
        XCTAssertTrue(missing.stderr.contains("folder \(scratch)/no/such does not exist"), missing.stderr)
        XCTAssertFalse(FileIO.exists(scratch + "/no"), "no folder made")
        let format = try CommandRunner.run(["detect", image, "--format", "yaml"], scratch: scratch)
        XCTAssertEqual(format.status, 64)
    }

    func testDetectDefaultsToRunsDetectors() throws {
        let scratch = try TestData.temporaryDirectory(self)
        let run = try CommandRunner.run(["run", "--help"], scratch: scratch).stdout.replacingOccurrences(of: "\n", with: " ")
        let detect = try CommandRunner.run(["detect", "--help"], scratch: scratch).stdout.replacingOccurrences(of: "\n", with: " ")
        func defaults(_ help: String) -> String? {
            help.range(of: "haar, lbp, hog[^)]*", options: .regularExpression).map { help[$0].split(separator: " ").filter { !$0.isEmpty }.joined(separator: " ") }
        }
        XCTAssertNotNil(defaults(run))
        XCTAssertEqual(defaults(detect), defaults(run), "detect runs the detectors of `run`")
    }

    func testCorruptImageFailsNamingTheFile() throws {
        let scratch = try TestData.temporaryDirectory(self)
        let broken = try TestData.write("not an image", to: "broken.jpg", in: scratch)
        let outcome = try CommandRunner.run(["detect", broken], scratch: scratch)
        XCTAssertEqual(outcome.status, 1)
        XCTAssertTrue(outcome.stderr.contains("\(broken): cannot decode image"), outcome.stderr)
    }
}
