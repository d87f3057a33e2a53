import Foundation
import FaceBenchModel
import FaceBenchIO

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
        try log.append(.object(["facebench_log": JSONValue(version), "header": header]))
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
        let stored = try JSONReader.parse(Array(first), path: path)
        guard stored["facebench_log"]?.int == version, let storedHeader = stored["header"] else {
            throw FaceBenchError.malformed(path: path, location: "line 1", reason: "not a FaceBench run log")
        }
        if storedHeader != header {
            let differing = (header.object?.keys ?? []).filter { storedHeader[$0] != header[$0] }
            throw FaceBenchError.usage(
                "--resume: the run in \(directory) was started with different settings (\(differing.joined(separator: ", "))); "
                    + "resume with the same command line, or start a new run in another --out")
        }
        var records: [ImageRecord] = []
        var seen = Set<Int>()
        for (offset, line) in lines.dropFirst().enumerated() where !line.isEmpty {
            let field = "line \(offset + 2)"
            let record = try ImageRecord(json: try JSONReader.parse(Array(line), path: path, firstLine: offset + 2), path: path, field: field)
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
        try append(record.json)
    }

    func append(_ value: JSONValue) throws {
        let line = Array(JSONWriter(indent: nil).string(value).utf8) + [0x0A]
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

private final class WeakLogBox: @unchecked Sendable {
    weak var log: RunLog?
}
