import Foundation

/// The append-only log of a run (`images.jsonl` in the output folder): a header line with
/// everything that must match for a resume, then one line per finished image, written the
/// moment it finishes.
///
/// Durability: each line goes to the file with one `write` as soon as its image is done, so
/// a killed process (Ctrl-C, `kill -9`) loses nothing that finished. A background thread
/// flushes the file to disk (`fdatasync`) whenever lines were added, at most twice a second,
/// so a power loss costs at most the last half second of images — they are run again on
/// resume, never counted twice. A line cut short by a crash is dropped on resume.
public final class RunLog: @unchecked Sendable {
    public static let fileName = "images.jsonl"
    static let version = 1

    let path: String
    let descriptor: Int32
    let lock = NSLock()
    var unsynced = false
    var closed = false
    let syncThread: Thread?

    /// Opens the log for appending. `header` describes the run; a resumed log must have been
    /// started with an equal header.
    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
        let box = WeakLogBox()
        let thread = Thread {
            while let log = box.log, !log.isClosed {
                log.syncIfNeeded()
                Thread.sleep(forTimeInterval: 0.5)
            }
        }
        syncThread = thread
        box.log = self
        thread.start()
    }

    /// Starts a new log, replacing none: it is an error if the folder already has one.
    public static func create(directory: String, header: JSONValue) throws -> RunLog {
        try FileIO.createDirectory(directory)
        let path = directory + "/" + fileName
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            if errno == EEXIST {
                throw FaceBenchError.usage(
                    "\(path) exists: this folder holds an earlier run. Continue it with --resume, or choose another --out")
            }
            throw FaceBenchError.io(path: path, reason: "cannot create run log: \(String(cString: strerror(errno)))")
        }
        let log = RunLog(path: path, descriptor: fd)
        try log.append(HeaderLine(version: version, header: header))
        return log
    }

    /// Reopens an existing log, returning the records it holds. Fails if the header differs
    /// from `header` (naming the fields that differ) or a line in the middle is corrupt.
    public static func resume(directory: String, header: JSONValue) throws -> (log: RunLog, records: [ImageRecord]) {
        let path = directory + "/" + fileName
        let bytes = try FileIO.read(path)
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        var complete = 0  // bytes up to the end of the last complete line
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            lines.append(bytes[start..<index])
            start = index + 1
            complete = start
        }
        // Text after the last newline is a line cut short by a crash: drop it.
        guard let first = lines.first else { throw FaceBenchError.malformed(path: path, location: "line 1", reason: "no header") }
        let stored = try JSONCoding.decode(HeaderLine.self, from: Array(first), path: path, line: 1)
        guard stored.version == version else {
            throw FaceBenchError.malformed(path: path, location: "line 1", reason: "not a FaceBench run log (version \(version))")
        }
        let storedHeader = stored.header
        if storedHeader != header {
            let differing = (header.object?.keys ?? []).filter { storedHeader[$0] != header[$0] }
            throw FaceBenchError.usage(
                "--resume: the run in \(directory) was started with different settings (\(differing.joined(separator: ", "))); "
                    + "resume with the same command line, or start a new run in another --out")
        }
        var records: [ImageRecord] = []
        var seen = Set<Int>()
        for (offset, line) in lines.dropFirst().enumerated() where !line.isEmpty {
            let record = try JSONCoding.decode(ImageRecord.self, from: Array(line), path: path, line: offset + 2)
            // An image logged twice (a crash between its write and the next) keeps its first record.
            if seen.insert(record.sampleID).inserted { records.append(record) }
        }
        let fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard fd >= 0, ftruncate(fd, off_t(complete)) == 0 else {
            throw FaceBenchError.io(path: path, reason: "cannot reopen run log: \(String(cString: strerror(errno)))")
        }
        return (RunLog(path: path, descriptor: fd), records)
    }

    public func append(_ record: ImageRecord) throws {
        try append(record as any Encodable)
    }

    func append(_ value: any Encodable) throws {
        let line = try JSONCoding.bytes(value, indent: nil) + [0x0A]
        try lock.withLock {
            var written = 0
            while written < line.count {
                let n = line[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { throw FaceBenchError.io(path: path, reason: "cannot append to run log: \(String(cString: strerror(errno)))") }
                written += n
            }
            unsynced = true
        }
    }

    var isClosed: Bool { lock.withLock { closed } }

    func syncIfNeeded() {
        let needed = lock.withLock { () -> Bool in
            defer { unsynced = false }
            return unsynced && !closed
        }
        if needed { fdatasync(descriptor) }
    }

    /// Flushes to disk and closes.
    public func close() {
        lock.withLock {
            guard !closed else { return }
            fdatasync(descriptor)
            Glibc.close(descriptor)
            closed = true
        }
    }

    deinit { close() }
}

/// The log's first line: `{"facebench_log": 1, "header": {…}}`.
struct HeaderLine: Codable {
    var version: Int
    var header: JSONValue

    enum CodingKeys: String, CodingKey {
        case version = "facebench_log", header
    }
}

private final class WeakLogBox: @unchecked Sendable {
    weak var log: RunLog?
}
