import FaceBenchModel
import FaceBenchTestSupport
import Foundation
import XCTest

/// Issue 27: text from programs, files and datasets cannot inject HTML, links, images, new
/// lines or comments into Markdown, escape sequences into the terminal, or formulas into CSV.
extension HostileInputTests {
    /// Every control character, and HTML and Markdown that would do something if passed raw.
    static let hostileText = String(String.UnicodeScalarView((1..<32).compactMap(Unicode.Scalar.init) + [Unicode.Scalar(0x7F)!, Unicode.Scalar(0x9B)!]))
        + "<b>bold</b> <!-- hidden\n# heading\n[link](http://evil.example) ![image](http://evil.example/i.png) | * _ ` \\ & =HYPERLINK(\"http://evil.example\")"
        + " https://evil.example www.evil.example victim@evil.example"

    /// The JSON spelling of `hostileText`, for Python source.
    static var hostileJSON: String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [hostileText], options: []), as: UTF8.self)
    }

    func assertNoInjectedMarkdown(_ text: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        for raw in ["\u{1B}", "\r", "\u{9B}"] {
            XCTAssertFalse(text.contains(raw), "\(what) holds \(raw.debugDescription)", file: file, line: line)
        }
        // Escaped (`\<!--`, `\](`) they render as text; unescaped they would open HTML or a link
        // (a `<` before a space, as in FaceBench's own "< 32²", opens nothing).
        // Nor may a bare URL or address autolink (an escaped `\://`, `www\.`, a word joiner before `@`).
        for pattern in [#"(?<!\\)<[A-Za-z!/?]"#, #"(?<!\\)\]\("#, #"(?<!\\)://"#, #"(?i)\bwww\."#, #"[A-Za-z0-9.+_-]@[A-Za-z0-9_-]+\.[A-Za-z]"#] {
            let found = text.range(of: pattern, options: .regularExpression)
            XCTAssertNil(found, "\(what) holds an unescaped \(pattern): \(found.map { String(text[$0.lowerBound...].prefix(60)) } ?? "")", file: file, line: line)
        }
        XCTAssertFalse(text.split(separator: "\n").contains { $0.hasPrefix("# heading") }, "\(what) holds an injected heading", file: file, line: line)
    }

    func testHostileTextIsEscapedInMarkdownTerminalAndCSV() throws {
        let script = try write("""
            import json, sys
            text = json.loads('\(Self.hostileJSON.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'"))')[0]
            print(json.dumps({"protocol": "facebench.exec/1", "name": "inject", "version": text, "score": text, "parameters": {"p": text}}), flush=True)
            print(text, file=sys.stderr, flush=True)
            for line in sys.stdin:
                request = json.loads(line)
                print(json.dumps({"id": request["id"], "error": text}), flush=True)
            """, "inject.py")
        let out = scratch + "/out"
        let run = try CommandRunner.run(["run", "--dataset", "dlib-faces", "--detector", "exec:/usr/bin/python3 " + script, "--warmup", "0",
                                         "--format", "markdown", "--out", out], scratch: scratch, timeout: 60)
        XCTAssertEqual(run.status, 3, "every image failed, so the run says so after writing everything: \(run.stderr)")
        assertNoInjectedMarkdown(run.stdout, "run --format markdown")
        assertNoInjectedMarkdown(try FileIO.readText(out + "/report.md"), "report.md")
        assertNoInjectedMarkdown(try FileIO.readText(out + "/dlib-faces/report.md"), "the dataset's report.md")
        XCTAssertFalse(run.stderr.contains("\u{1B}"), "run's stderr holds an escape sequence")

        // The terminal: an error message quoting the program, and its stderr passed through.
        let detect = try CommandRunner.run(["detect", try image(), "--detector", "exec:/usr/bin/python3 " + script], scratch: scratch, timeout: 20)
        XCTAssertEqual(detect.status, 1, detect.stderr)
        XCTAssertFalse(detect.stderr.contains("\u{1B}") || detect.stderr.contains("\r") || detect.stderr.contains("\u{9B}"), detect.stderr.debugDescription)
        XCTAssertTrue(detect.stderr.contains("\\x1B"), detect.stderr.debugDescription)

        // compare --markdown and report's CSV, from a results.json holding the text in its strings.
        let results = out + "/dlib-faces/results.json"
        let tampered = scratch + "/tampered/dlib-faces/results.json"
        try tamper(results, "t = json.loads(sys.argv[3])[0]; d['detectors'][0]['spec'] = t; d['detectors'][0]['library'] = t; d['environment']['cpu'] = t; d['detectors'][0]['id'] = '=HYPERLINK(1)'", into: tampered, arguments: [Self.hostileJSON])
        let markdown = scratch + "/compare.md"
        let compare = try CommandRunner.run(["compare", tampered, "--baseline", results, "--allow-missing", "--markdown", markdown], scratch: scratch, timeout: 20)
        XCTAssertFalse(compare.signalled)
        assertNoInjectedMarkdown(try FileIO.readText(markdown), "compare --markdown")
        assertNoInjectedMarkdown(compare.stdout, "compare's output")
        let report = try CommandRunner.run(["report", tampered, "--format", "markdown,csv", "--out", scratch + "/report"], scratch: scratch, timeout: 20)
        XCTAssertEqual(report.status, 0, report.stderr)
        assertNoInjectedMarkdown(try FileIO.readText(scratch + "/report.md"), "report --format markdown")
        let csv = try FileIO.readText(scratch + "/report.csv")
        for line in csv.split(separator: "\r\n").dropFirst() {
            for field in line.split(separator: ",").dropLast() {
                let cell = field.hasPrefix("\"") ? field.dropFirst() : field
                XCTAssertFalse(cell.first.map { "=+-@".contains($0) } ?? false, "a CSV cell a spreadsheet would run: \(line)")
            }
        }
        XCTAssertTrue(csv.contains("'=HYPERLINK(1)"), csv)

        // eval's Markdown: a prediction label and an image name holding HTML.
        let dataset = try write("<dataset><images><image file='&lt;b&gt;x&lt;/b&gt;.jpg' width='360' height='480'/></images></dataset>\n", "html.xml")
        // The prediction file's name is its label.
        let predictions = try write("[]", "<b>x<!--[y](z).json")
        let eval = try CommandRunner.run(["eval", "--dataset", dataset, "--predictions", predictions], scratch: scratch, timeout: 20)
        XCTAssertEqual(eval.status, 0, eval.stderr)
        assertNoInjectedMarkdown(eval.stdout, "eval's Markdown")
    }

    func testEscapersRenderFaceBenchsOwnMarkupUnchanged() {
        XCTAssertEqual(MarkdownText.escape("**0.91** `a<b` x<y [z]"), "**0.91** \\`a\\<b\\` x\\<y \\[z\\]")
        XCTAssertEqual(MarkdownText.escape("a|b"), "a\\|b")
        XCTAssertEqual(MarkdownText.escape("line\nbreak\u{1B}[31m"), "line break \\[31m")
        XCTAssertEqual(MarkdownText.code("a`b"), "``a`b``")
        // Bare URLs and addresses, which GitHub links without brackets; checked with cmark-gfm.
        XCTAssertEqual(MarkdownText.escape("http://evil.example/p HTTPS://e.example ftp://f.example"),
                       "http\\://evil.example/p HTTPS\\://e.example ftp\\://f.example")
        XCTAssertEqual(MarkdownText.escape("www.evil.example (WWW.e.example)"), "www\\.evil.example (WWW\\.e.example)")
        XCTAssertEqual(MarkdownText.escape("me@evil.example.jpg mailto:a.b+c@d.example @ 2x"),
                       "me\u{2060}@evil.example.jpg mailto:a.b+c\u{2060}@d.example @ 2x")
        XCTAssertEqual(MarkdownText.escape("error: 3 images, x.jpg, FR@0.10, me@host"), "error: 3 images, x.jpg, FR@0.10, me@host",
                       "FaceBench's own colons, dots and thresholds pass, as does what no autolinker takes for an address")
        XCTAssertEqual(TerminalText.sanitized("ok\n\u{1B}[2J\r"), "ok\n\\x1B[2J\\r")
        XCTAssertEqual(CSVText.field("=1+2"), "'=1+2")
        XCTAssertEqual(CSVText.field("-x,y"), "\"'-x,y\"")
        XCTAssertEqual(CSVText.field("lbp"), "lbp")
    }
}

/// Issue 27: --resume reads its log as outside input.
extension HostileInputTests {
    func testResumeRefusesRecordsOfAnotherDatasetAndLatestLinksElsewhere() throws {
        _ = try importedRun(into: scratch + "/run")
        let log = scratch + "/run/set/images.jsonl"
        var lines = try FileIO.readText(log).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertTrue(lines[1].contains("\"name\":\"a.jpg\""), lines[1])
        lines[1] = lines[1].replacingOccurrences(of: "\"name\":\"a.jpg\"", with: "\"name\":\"other.jpg\"")
        try FileIO.writeAtomically(lines.joined(separator: "\n"), to: log)
        let predictions = scratch + "/predictions.coco.json"
        try refused(["run", "--resume", "--dataset", scratch + "/images/set.xml", "--detector", "file:" + predictions, "--out", scratch + "/run"],
                    mentions: [log, "line 2", "image id 1 is 'other.jpg' here but 'a.jpg' in the dataset"])

        let checkout = scratch + "/checkout"
        try FileManager.default.createDirectory(atPath: checkout + "/Results/runs", withIntermediateDirectories: true)
        XCTAssertEqual(symlink(scratch + "/run", checkout + "/Results/runs/latest"), 0)
        let outcome = try CommandRunner.run(["run", "--resume", "--dataset", scratch + "/images/set.xml", "--detector", "file:" + predictions],
                                            scratch: scratch, timeout: 10, directory: checkout)
        XCTAssertEqual(outcome.status, 64, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("points to '\(scratch)/run', which holds the separator '/'"), outcome.stderr)
    }
}
