import FaceBenchModel
import FaceBenchHarness
import FaceBenchTestSupport
import Foundation
import XCTest

/// Issue 27: names from strangers (image names, detector labels, programs' names, ids read
/// back from results.json) never make FaceBench write or read outside its output folder.
extension HostileInputTests {
    /// A folder beside the output folder holding one file; `body` runs, and the folder must
    /// still hold exactly that file, unchanged.
    func checkingVictimUntouched(_ body: (_ victim: String) throws -> Void, file: StaticString = #filePath, line: UInt = #line) throws {
        let victim = scratch + "/victim"
        let sentinel = try TestData.write("sentinel\n", to: "sentinel.txt", in: victim)
        try body(victim)
        XCTAssertEqual(FileIO.list(victim), ["sentinel.txt"], "files appeared beside the output folder", file: file, line: line)
        XCTAssertEqual(try FileIO.readText(sentinel), "sentinel\n", file: file, line: line)
    }

    /// A dlib XML dataset of one real image named `name` in the file (the image is copied
    /// where that name points from the XML's folder, when it can be).
    func dlibDataset(imageNamed name: String, folder: String = "data") throws -> String {
        try write("<?xml version='1.0'?>\n<dataset><images>\n<image file='\(name)' width='360' height='480'>"
            + "<box top='100' left='100' width='80' height='80'/></image>\n</images></dataset>\n", folder + "/set.xml")
    }

    /// A run folder of the one-image dlib set with an imported (file:) detector: a results.json
    /// to tamper with, made in a second or two.
    func importedRun(into out: String) throws -> String {
        let images = scratch + "/images"
        try FileManager.default.createDirectory(atPath: images, withIntermediateDirectories: true)
        if !FileIO.exists(images + "/a.jpg") { try FileManager.default.copyItem(atPath: try image(), toPath: images + "/a.jpg") }
        let dataset = try dlibDataset(imageNamed: "a.jpg", folder: "images")
        let predictions = try write(#"[{"image_id": 1, "category_id": 1, "bbox": [100, 100, 80, 80], "score": 0.9}]"#, "predictions.coco.json")
        let outcome = try CommandRunner.run(["run", "--dataset", dataset, "--detector", "file:" + predictions, "--out", out], scratch: scratch, timeout: 60)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        return out + "/set/results.json"
    }

    func testImageNamesThatLeaveTheOutputFolderAreRefusedBeforeAnyWrite() throws {
        try checkingVictimUntouched { victim in
            let dataset = try dlibDataset(imageNamed: "../../../victim/requirements.jpg")
            try refused(["run", "--dataset", dataset, "--detector", "lbp", "--wider-files", "--out", scratch + "/out"],
                        mentions: ["image '../../../victim/requirements.jpg'", "has a part that is '..'"])
            let wider = try write("0--Parade/../../../../victim/pwned.jpg\n1\n10 10 30 30 0 0 0 0 0 0\n", "wider/wider_face_val_bbx_gt.txt")
            try refused(["run", "--dataset", wider, "--detector", "lbp", "--out", scratch + "/out"],
                        mentions: [wider, "line 1", "image name '0--Parade/../../../../victim/pwned.jpg' has a part that is '..'"])
            let absolute = try write("/tmp/x.jpg\n0\n0 0 0 0 0 0 0 0 0 0\n", "wider2/wider_face_val_bbx_gt.txt")
            try refused(["eval", "--dataset", absolute, "--predictions", try write("[]", "none.json")], mentions: [absolute, "is an absolute path"])
        }
    }

    func testDetectorIDsThatAreNotFileNamesAreRefused() throws {
        try checkingVictimUntouched { victim in
            for label in ["gt", "GT", "..", ".", ".hidden"] {
                try refused(["detect", try image(), "--detector", "\(label)=lbp"], status: 64, mentions: ["its id \"\(label)\"", "ids name the run's files"])
            }
            // Separators and control characters never pass the label's own rule.
            for label in ["a/b", "../victim/x", "tab\there", "line\nbreak"] {
                try refused(["run", "--dataset", "dlib-faces", "--detector", "\(label)=lbp", "--out", scratch + "/out"], status: 64, mentions: ["label '\(TerminalText.sanitized(label))' may use only"])
            }
            let replay = try write("{}", "replay.json")
            let misbehaving = TestData.packageRoot + "/Tests/Fixtures/plugins/misbehaving_detector.py"
            for name in ["gt", ".."] {
                try refused(["run", "--dataset", "dlib-faces", "--out", scratch + "/out", "--detector", "exec:/usr/bin/python3 \(misbehaving) --replay \(replay) --name \(name)"],
                            status: 64, mentions: ["its id \"\(name)\"", "ids name the run's files"])
            }
        }
    }

    func testMergeRefusesIDsAndDatasetNamesFromResultsThatLeaveTheOutputFolder() throws {
        let results = try importedRun(into: scratch + "/shard")
        let original = try FileIO.readText(results)
        try checkingVictimUntouched { victim in
            for (field, tampered) in [("detectors[0].id", "../../victim/pwned"), ("detectors[0].id", "gt"), ("dataset.name", "../victim")] {
                let key = field == "dataset.name" ? "\"name\": \"set\"" : "\"id\": \"file-predictions\""
                XCTAssertTrue(original.contains(key), key)
                let value = field == "dataset.name" ? "\"name\": \"\(tampered)\"" : "\"id\": \"\(tampered)\""
                try FileIO.writeAtomically(original.replacingOccurrences(of: key, with: value), to: results)
                try refused(["merge", scratch + "/shard", "--out", scratch + "/out"], mentions: [results, field])
            }
        }
    }

    func testAPlantedStderrLogLinkIsNotReadThrough() throws {
        try checkingVictimUntouched { victim in
            let out = scratch + "/out"
            try FileManager.default.createDirectory(atPath: out + "/dlib-faces", withIntermediateDirectories: true)
            XCTAssertEqual(symlink(victim + "/sentinel.txt", out + "/dlib-faces/misbehaving.stderr.log"), 0)
            let replay = try write("{}", "replay.json")
            let misbehaving = TestData.packageRoot + "/Tests/Fixtures/plugins/misbehaving_detector.py"
            try refused(["run", "--dataset", "dlib-faces", "--out", out, "--detector", "exec:/usr/bin/python3 \(misbehaving) --replay \(replay)"],
                        mentions: [out + "/dlib-faces/misbehaving.stderr.log", "is a symbolic link"])
            // A planted link to a folder is not written through either.
            _ = try importedRun(into: scratch + "/first")
            try FileManager.default.createDirectory(atPath: out + "/set", withIntermediateDirectories: true)
            XCTAssertEqual(symlink(victim, out + "/set/file-predictions.wider"), 0)
            try refused(["run", "--dataset", scratch + "/images/set.xml", "--detector", "file:" + scratch + "/predictions.coco.json", "--wider-files", "--out", out],
                        mentions: [out + "/set/file-predictions.wider", "is a symbolic link"])
        }
    }
}

/// Issue 25: `Results/runs/latest` moves only to a run that wrote its results.
extension HostileInputTests {
    func testLatestMovesOnlyToARunThatWroteItsResults() throws {
        let images = scratch + "/images"
        try FileManager.default.createDirectory(atPath: images, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try image(), toPath: images + "/a.jpg")
        let dataset = try dlibDataset(imageNamed: "a.jpg", folder: "images")
        let predictions = try write(#"[{"image_id": 1, "category_id": 1, "bbox": [100, 100, 80, 80], "score": 0.9}]"#, "predictions.coco.json")
        let checkout = scratch + "/checkout"
        let latest = checkout + "/Results/runs/latest"
        try FileManager.default.createDirectory(atPath: checkout, withIntermediateDirectories: true)

        // The predictions file is found missing after the run folder was made: no `latest`.
        let failed = try CommandRunner.run(["run", "--dataset", dataset, "--detector", "file:" + scratch + "/missing.coco.json"], scratch: scratch, timeout: 60, directory: checkout)
        XCTAssertNotEqual(failed.status, 0)
        XCTAssertNil(try? FileManager.default.destinationOfSymbolicLink(atPath: latest))

        let done = try CommandRunner.run(["run", "--dataset", dataset, "--detector", "file:" + predictions], scratch: scratch, timeout: 60, directory: checkout)
        XCTAssertEqual(done.status, 0, done.stderr)
        let target = try FileManager.default.destinationOfSymbolicLink(atPath: latest)
        XCTAssertTrue(FileIO.exists(checkout + "/Results/runs/" + target + "/set/results.json"), target)

        // A second failure leaves it on the run that worked.
        _ = try CommandRunner.run(["run", "--dataset", dataset, "--detector", "file:" + scratch + "/missing.coco.json"], scratch: scratch, timeout: 60, directory: checkout)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: latest), target)
    }
}
