import Foundation

/// Reading and writing whole files, with errors that name the path.
public enum FileIO {
    public static func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw FaceBenchError.io(path: path, reason: exists ? "cannot read file" : "no such file")
        }
        return [UInt8](data)
    }

    public static func readText(_ path: String) throws -> String {
        String(decoding: try read(path), as: UTF8.self)
    }

    /// Writes through a temporary file in the same folder and renames it into place, so a
    /// crash leaves the old file or the new one, never a truncated one.
    public static func writeAtomically(_ bytes: some Collection<UInt8>, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        try createDirectory(directory)
        let temporary = directory + "/.\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else {
            throw FaceBenchError.io(path: path, reason: "cannot write file")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw FaceBenchError.io(path: path, reason: "cannot move into place: \(reason)")
        }
    }

    public static func writeAtomically(_ text: String, to path: String) throws {
        try writeAtomically(Array(text.utf8), to: path)
    }

    public static func createDirectory(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw FaceBenchError.io(path: path, reason: "cannot create directory: \(error.localizedDescription)")
        }
    }

    public static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    public static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// File names in a directory, sorted; empty if it cannot be listed.
    public static func list(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }
}

/// The lines of a text file with their 1-based numbers, for loaders that report where a
/// malformed entry is. Handles `\n` and `\r\n`.
public struct NumberedLines: Sequence {
    public let path: String
    let bytes: [UInt8]

    public init(path: String) throws {
        self.path = path
        self.bytes = try FileIO.read(path)
    }

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    public struct Line {
        public var number: Int
        public var text: Substring
        /// Whitespace-separated fields.
        public var fields: [Substring] { text.split(whereSeparator: { $0 == " " || $0 == "\t" }) }
    }

    public func makeIterator() -> IndexingIterator<[Line]> {
        // Split bytes, not Characters: Swift treats "\r\n" as one Character, so a String split
        // on "\n" would not separate CRLF lines.
        var lines: [Line] = []
        var start = 0
        for index in bytes.indices where bytes[index] == 0x0A {
            lines.append(line(lines.count + 1, start, index))
            start = index + 1
        }
        if start < bytes.count { lines.append(line(lines.count + 1, start, bytes.count)) }
        return lines.makeIterator()
    }

    private func line(_ number: Int, _ start: Int, _ end: Int) -> Line {
        let stop = end > start && bytes[end - 1] == 0x0D ? end - 1 : end
        return Line(number: number, text: Substring(String(decoding: bytes[start..<stop], as: UTF8.self)))
    }

    public func malformed(_ line: Line, _ reason: String) -> FaceBenchError {
        .malformed(path: path, location: "line \(line.number)", reason: reason)
    }
}
