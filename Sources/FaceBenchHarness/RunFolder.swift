import Foundation
import FaceBenchModel

/// The folder of a run, and every path in it: what `run` and `merge` write, what `--resume`
/// reads back, and what `report`, `compare` and `baseline` look for when given a folder.
///
///     <root>/report.md, report.html, summary.csv        every dataset together
///     <root>/<dataset>/results.json                      the scored run (RunResults)
///     <root>/<dataset>/images.jsonl                      the append-only log (RunLog)
///     <root>/<dataset>/gt.coco.json, <id>.coco.json, <id>.keypoints.coco.json,
///                      <id>.wider/, <id>.fddb.txt, report.md
///     Results/runs/<UTC time>/                           a run without --out, linked as
///     Results/runs/latest                                once it has written its results
///
/// Every name below the root is checked (`OutputFolder`): dataset names and detector ids come
/// from outside.
public struct RunFolder: Sendable, Equatable {
    public let root: String

    public init(_ root: String) { self.root = URL(fileURLWithPath: root).standardized.path }

    public static let resultsFileName = "results.json"

    /// The folder of runs without `--out`, relative to the working directory.
    public static var runsFolder: String { FileManager.default.currentDirectoryPath + "/Results/runs" }
    static var latestLink: String { runsFolder + "/latest" }

    /// A new folder `Results/runs/<prefix><UTC time>`.
    public static func timestamped(prefix: String = "", now: Date = Date()) throws -> RunFolder {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        formatter.timeZone = TimeZone(identifier: "UTC")
        let folder = RunFolder(runsFolder + "/" + prefix + formatter.string(from: now))
        try FileIO.createDirectory(folder.root)
        return folder
    }

    /// The run `Results/runs/latest` links to, for `--resume` without `--out`.
    public static func latest() throws -> RunFolder {
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: latestLink) else {
            throw FaceBenchError.usage("--resume without --out continues \(latestLink), which does not exist")
        }
        // FaceBench links `latest` to a run folder beside it; a link anywhere else (planted
        // in a checkout) is not followed.
        if let problem = PathComponent.problem(target) {
            throw FaceBenchError.usage(
                "--resume without --out continues \(latestLink), but it points to '\(target)', which \(problem); FaceBench links it to a folder beside it: pass --out")
        }
        return RunFolder(runsFolder + "/" + target)
    }

    /// Points `Results/runs/latest` here when this folder is one of `Results/runs`: called
    /// once results are written, so a run that failed before that leaves `latest` where it was.
    public func linkAsLatest() {
        let runs = RunFolder.runsFolder
        guard URL(fileURLWithPath: root).deletingLastPathComponent().standardized.path == URL(fileURLWithPath: runs).standardized.path else { return }
        let name = URL(fileURLWithPath: root).lastPathComponent
        try? FileManager.default.removeItem(atPath: RunFolder.latestLink)
        try? FileManager.default.createSymbolicLink(atPath: RunFolder.latestLink, withDestinationPath: name)
    }

    /// A report of every dataset together: `report.md`, `report.html`, `summary.csv`.
    public func report(_ name: String) throws -> String { try OutputFolder(root).path(name, what: "report") }

    /// The folder of one dataset of the run.
    public func dataset(_ name: String) throws -> DatasetRunFolder {
        DatasetRunFolder(path: try OutputFolder(root).path(name, what: "dataset \(name.debugDescription)"))
    }

    /// The results files a path names: a results.json, a dataset folder holding one, or a run
    /// folder holding one per dataset.
    public static func resultsFiles(at path: String) throws -> [String] {
        if FileIO.isDirectory(path) {
            if FileIO.exists(path + "/" + resultsFileName) { return [path + "/" + resultsFileName] }
            let nested = FileIO.list(path).map { path + "/" + $0 + "/" + resultsFileName }.filter(FileIO.exists)
            guard !nested.isEmpty else {
                throw FaceBenchError.io(path: path, reason: "no \(resultsFileName) in this folder or its subfolders")
            }
            return nested
        }
        guard FileIO.exists(path) else { throw FaceBenchError.io(path: path, reason: "no such file or directory") }
        return [path]
    }
}

/// One dataset's folder in a run.
public struct DatasetRunFolder: Sendable, Equatable {
    public let path: String

    public func results() throws -> String { try OutputFolder(path).path(RunFolder.resultsFileName, what: "results") }
    public func groundTruth() throws -> String { try OutputFolder(path).path("gt.coco.json", what: "ground truth") }
    public func report() throws -> String { try OutputFolder(path).path("report.md", what: "report") }

    /// A file named after a detector (`<id>.coco.json`). Ids were checked where they entered
    /// (a spec, a program's handshake, results.json read back); this checks the path once more.
    public func detectorFile(_ id: String, suffix: String) throws -> String {
        try OutputFolder(path).path(id + suffix, what: "detector \(id.debugDescription)")
    }
}
