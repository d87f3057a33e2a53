import Foundation

/// Reading and writing whole files, with errors that name the path.
public enum FileIO {
    /// What one file may hold: far above the largest real input (WIDER's prediction files, a
    /// few hundred MB of COCO results), and a bound for pipes, which announce no size.
    public static let maximumBytes = 2 << 30

    /// The whole file, read straight into the array (large inputs such as 30 MB COCO result
    /// files are read at disk-cache speed, with no copy in between). Devices are refused: a
    /// link to /dev/zero in a dataset would otherwise be read until memory runs out.
    /// With `followingLinks: false` a symbolic link at `path` is refused (FaceBench's own
    /// files in an output folder, where a planted link would copy its target into the run).
    public static func read(_ path: String, maximumBytes: Int = maximumBytes, followingLinks: Bool = true) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY | (followingLinks ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else {
            if errno == ELOOP, !followingLinks {
                throw FaceBenchError.io(path: path, reason: "is a symbolic link; FaceBench does not read through links in its output folder")
            }
            let exists = FileManager.default.fileExists(atPath: path)
            throw FaceBenchError.io(path: path, reason: exists ? "cannot read file: \(String(cString: strerror(errno)))" : "no such file")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FaceBenchError.io(path: path, reason: "cannot read file") }
        let kind = status.st_mode & S_IFMT
        guard kind != S_IFDIR else { throw FaceBenchError.io(path: path, reason: "is a directory, expected a file") }
        guard kind != S_IFCHR, kind != S_IFBLK else { throw FaceBenchError.io(path: path, reason: "is a device, expected a file") }
        func failure() -> FaceBenchError { .io(path: path, reason: "cannot read file: \(String(cString: strerror(errno)))") }
        func tooLarge(_ what: String) -> FaceBenchError {
            .io(path: path, reason: "\(what) \(maximumBytes) bytes, the most FaceBench reads from one file (FileIO.maximumBytes)")
        }
        let size = max(Int(status.st_size), 0)
        guard size <= maximumBytes else { throw tooLarge("holds \(size) bytes, more than") }
        var bytes = try [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            initialized = 0
            while initialized < size {
                let count = systemRead(descriptor, buffer.baseAddress! + initialized, size - initialized)
                if count < 0, errno == EINTR { continue }
                if count < 0 { throw failure() }
                if count == 0 { break }
                initialized += count
            }
        }
        // Whatever stat did not announce (pipes, files still growing).
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { throw failure() }
            if count == 0 { return bytes }
            guard bytes.count + count <= maximumBytes else { throw tooLarge("goes on past") }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.read(descriptor, buffer, count)
        #else
        return Darwin.read(descriptor, buffer, count)
        #endif
    }

    /// The folder part of `path`: everything before its last `/` ("" when it has none).
    public static func parent(of path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    }

    /// `a/b/c.json` → `c.json`.
    public static func lastComponent(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
    }

    /// The first `count` bytes of a file (fewer if it is shorter), for recognising formats.
    public static func readPrefix(_ path: String, count: Int) throws -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw FaceBenchError.io(path: path, reason: FileManager.default.fileExists(atPath: path) ? "cannot read file" : "no such file")
        }
        defer { try? handle.close() }
        return [UInt8]((try? handle.read(upToCount: count)) ?? Data())
    }

    public static func readText(_ path: String) throws -> String {
        String(decoding: try read(path), as: UTF8.self)
    }

    /// Writes through a temporary file in the same folder and renames it into place, so a
    /// crash leaves the old file or the new one, never a truncated one. The temporary file is
    /// created anew (`O_EXCL | O_NOFOLLOW`), so a link planted under its name is not written
    /// through, and the rename replaces a link at `path` rather than its target.
    public static func writeAtomically(_ bytes: some Collection<UInt8>, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        try createDirectory(directory)
        let temporary = directory + "/.\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp"
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FaceBenchError.io(path: path, reason: "cannot write file: \(String(cString: strerror(errno)))") }
        let contents = Array(bytes)
        var written = 0
        while written < contents.count {
            let count = contents[written...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                unlink(temporary)
                throw FaceBenchError.io(path: path, reason: "cannot write file: \(reason)")
            }
            written += count
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw FaceBenchError.io(path: path, reason: "cannot move into place: \(reason)")
        }
    }

    private static func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.write(descriptor, buffer, count)
        #else
        return Darwin.write(descriptor, buffer, count)
        #endif
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
        // Split the bytes, not a String: Swift reads "\r\n" as one Character, which a split
        // on "\n" would not see.
        var parts = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        if parts.last?.isEmpty == true { parts.removeLast() }
        return parts.enumerated().map { index, line in
            let text = line.last == 0x0D ? line.dropLast() : line
            return Line(number: index + 1, text: Substring(String(decoding: text, as: UTF8.self)))
        }.makeIterator()
    }

    public func malformed(_ line: Line, _ reason: String) -> FaceBenchError {
        .malformed(path: path, location: "line \(line.number)", reason: reason)
    }
}
