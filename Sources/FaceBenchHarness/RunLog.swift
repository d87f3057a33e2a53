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
    public static func create(directory: String, header: Header) throws -> RunLog {
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
    /// from `header` (naming the fields that differ), a line in the middle is corrupt, or a
    /// record is not of `samples` (by id), naming another image or file than the sample of its
    /// id: the log is read, not trusted.
    public static func resume(directory: String, header: Header, samples: [Sample]? = nil) throws -> (log: RunLog, records: [ImageRecord]) {
        let path = directory + "/" + fileName
        let expected = samples.map { Dictionary($0.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }) }
        let (records, complete) = try read(FileIO.read(path, followingLinks: false), path: path, directory: directory, header: header, samples: expected)
        let fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard fd >= 0, ftruncate(fd, off_t(complete)) == 0 else {
            throw FaceBenchError.io(path: path, reason: "cannot reopen run log: \(String(cString: strerror(errno)))")
        }
        return (RunLog(path: path, descriptor: fd), records)
    }

    /// The records of a log's contents, and where its last complete line ends (the length a
    /// resumed log is cut to).
    static func read(
        _ bytes: [UInt8], path: String, directory: String, header: Header, samples: [Int: Sample]? = nil
    ) throws -> (records: [ImageRecord], complete: Int) {
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
            let stored = try JSONValueCoding.encode(storedHeader), current = try JSONValueCoding.encode(header)
            let differing = (current.object?.keys ?? []).filter { stored[$0] != current[$0] }
            throw FaceBenchError.usage(
                "--resume: the run in \(directory) was started with different settings (\(differing.joined(separator: ", "))); "
                    + "resume with the same command line, or start a new run in another --out")
        }
        var records: [ImageRecord] = []
        var seen = Set<Int>()
        for (offset, line) in lines.dropFirst().enumerated() where !line.isEmpty {
            let record = try JSONCoding.decode(ImageRecord.self, from: Array(line), path: path, line: offset + 2)
            if let samples, let problem = contradiction(record, samples[record.sampleID]) {
                throw FaceBenchError.malformed(
                    path: path, location: "line \(offset + 2)", reason: problem + "; the log is of another dataset: start a new run in another --out")
            }
            // An image logged twice (a crash between its write and the next) keeps its first record.
            if seen.insert(record.sampleID).inserted { records.append(record) }
        }
        return (records, complete)
    }

    /// Why `record` cannot be `sample`'s, or nil.
    static func contradiction(_ record: ImageRecord, _ sample: Sample?) -> String? {
        guard let sample else { return "image id \(record.sampleID) is not an image of this run's dataset (or shard)" }
        if record.name != sample.name { return "image id \(record.sampleID) is '\(record.name)' here but '\(sample.name)' in the dataset" }
        if record.path != sample.path {
            return "image id \(record.sampleID) is the file \(record.path ?? "(none)") here but \(sample.path ?? "(none)") in the dataset"
        }
        return nil
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

extension RunLog {
    /// Everything that must match for a log to be resumed.
    public struct Header: Codable, Equatable, Sendable {
        public var dataset: String
        public var format: String
        public var annotationFiles: [String]
        public var images: Int
        public var detectors: [Detector]
        public var warmup: Int
        public var repetitions: Int
        /// `K/N`, or nil for the whole dataset.
        public var shard: String?

        public struct Detector: Codable, Equatable, Sendable {
            public var id: String
            public var spec: String

            public init(id: String, spec: String) {
                self.id = id
                self.spec = spec
            }
        }

        enum CodingKeys: String, CodingKey {
            case dataset, format, annotationFiles = "annotation_files", images, detectors, warmup, repetitions, shard
        }

        public init(
            dataset: String, format: String, annotationFiles: [String], images: Int, detectors: [Detector], warmup: Int,
            repetitions: Int, shard: String?
        ) {
            self.dataset = dataset
            self.format = format
            self.annotationFiles = annotationFiles
            self.images = images
            self.detectors = detectors
            self.warmup = warmup
            self.repetitions = repetitions
            self.shard = shard
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(dataset, forKey: .dataset)
            try container.encode(format, forKey: .format)
            try container.encode(annotationFiles, forKey: .annotationFiles)
            try container.encode(images, forKey: .images)
            try container.encode(detectors, forKey: .detectors)
            try container.encode(warmup, forKey: .warmup)
            try container.encode(repetitions, forKey: .repetitions)
            try container.encode(shard, forKey: .shard)
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                dataset: try container.decode(String.self, forKey: .dataset), format: try container.decode(String.self, forKey: .format),
                annotationFiles: try container.decode([String].self, forKey: .annotationFiles),
                images: try container.decode(Int.self, forKey: .images), detectors: try container.decode([Detector].self, forKey: .detectors),
                warmup: try container.decode(Int.self, forKey: .warmup), repetitions: try container.decode(Int.self, forKey: .repetitions),
                shard: try container.decode(String?.self, forKey: .shard))
        }
    }
}

/// The log's first line: `{"facebench_log": 1, "header": {…}}`.
struct HeaderLine: Codable {
    var version: Int
    var header: RunLog.Header

    enum CodingKeys: String, CodingKey {
        case version = "facebench_log", header
    }
}

private final class WeakLogBox: @unchecked Sendable {
    weak var log: RunLog?
}
