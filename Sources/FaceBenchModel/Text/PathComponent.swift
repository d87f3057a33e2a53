import Foundation

/// The one rule for a name that becomes part of a path FaceBench writes: detector ids and
/// labels (`<id>.coco.json`), names exec programs and plugins give themselves, ids and
/// dataset names read back from `results.json` by `merge`, and the image names of
/// `<detector>.wider/`. Such names come from strangers (a dataset naming its image
/// `../../victim/x.jpg`, a program calling itself `gt`), so each part is checked where the
/// name enters, and `OutputFolder` checks again that every built path stays inside.
public enum PathComponent {
    /// Names FaceBench's own files take in a dataset's folder (`gt.coco.json`): a detector
    /// of that id would replace them.
    public static let reservedDetectorIDs: Set<String> = ["gt"]

    /// Why `name` cannot be one part of a path, or nil when it can: empty, `.` or `..`, a
    /// leading dot (FaceBench's temporary files start with one), a separator (`/` or `\`),
    /// or a NUL or other control character.
    public static func problem(_ name: some StringProtocol) -> String? {
        if name.isEmpty { return "is empty" }
        if name == "." || name == ".." { return "is '\(name)'" }
        if name.hasPrefix(".") { return "starts with '.'" }
        for scalar in name.unicodeScalars {
            if scalar == "/" || scalar == "\\" { return "holds the separator '\(scalar)'" }
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.properties.generalCategory == .lineSeparator
                || scalar.properties.generalCategory == .paragraphSeparator {
                return "holds the control character U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4))"
            }
        }
        return nil
    }

    /// Why `id` cannot name a detector's files, or nil: the rule above, and no reserved name.
    public static func detectorIDProblem(_ id: String) -> String? {
        if let problem = problem(id) { return problem }
        if reservedDetectorIDs.contains(id.lowercased()) { return "is reserved (the run's \(id.lowercased()).coco.json)" }
        return nil
    }

    /// Why a relative path (`0--Parade/0_Parade_1`) cannot be written under a folder: it is
    /// absolute, or one of its parts breaks the rule. Nil when every part is fine.
    public static func relativePathProblem(_ path: String) -> String? {
        if path.hasPrefix("/") { return "is an absolute path" }
        for part in path.split(separator: "/", omittingEmptySubsequences: false) {
            if let problem = problem(part) { return "has a part that \(problem)" }
        }
        return nil
    }
}

/// A folder FaceBench writes into (`--out`, a dataset's folder of a run): every path is built
/// here from checked parts, and no part of it below the folder may be a symbolic link, so
/// a link planted in a run folder (`lbp.wider -> /elsewhere`) is refused, not written through.
public struct OutputFolder: Sendable {
    public let root: String

    public init(_ root: String) { self.root = root }

    /// `root/relative`, after checking each part of `relative` and that nothing already on
    /// the way below `root` is a link or a non-folder. `what` names the source of the name
    /// in the error ("detector id 'x'", "image 'a/b.jpg'").
    public func path(_ relative: String, what: String) throws -> String {
        if let problem = PathComponent.relativePathProblem(relative) {
            throw FaceBenchError.unsafeName(source: what, folder: root, problem: problem)
        }
        var current = root
        let parts = relative.split(separator: "/")
        for (index, part) in parts.enumerated() {
            current += "/" + part
            var status = stat()
            guard lstat(current, &status) == 0 else { continue }
            let kind = status.st_mode & S_IFMT
            if kind == S_IFLNK {
                throw FaceBenchError.io(path: current, reason: "is a symbolic link; FaceBench does not write through links in its output folder")
            }
            if index < parts.count - 1, kind != S_IFDIR {
                throw FaceBenchError.io(path: current, reason: "is not a folder")
            }
        }
        return current
    }
}

extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
