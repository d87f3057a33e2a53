import FaceBenchModel
import Foundation
import Glibc
import Synchronization

/// An external program's stderr log (`<id>.stderr.log`), kept below `maximumBytes`: a
/// program printing a warning per image for a day would otherwise fill the disk. When the
/// log grows past the cap, its oldest half is dropped, and a line says how much: the tail
/// (the latest start, the lines before a crash) is what error messages quote.
///
/// The program's stderr is a pipe that a pump thread drains into the log; every worker's
/// program of one detector appends to the same file, so appends and trims take one lock.
final class StderrLog: Sendable {
    static let maximumBytes = 8 << 20

    let path: String
    let maximumBytes: Int
    private static let lock = Mutex<Void>(())

    init(path: String, maximumBytes: Int = StderrLog.maximumBytes) {
        self.path = path
        self.maximumBytes = maximumBytes
    }

    func append(_ bytes: [UInt8]) {
        Self.lock.withLock { _ in
            let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard fd >= 0 else { return }
            var written = 0
            while written < bytes.count {
                let n = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                written += n
            }
            var status = stat()
            let size = fstat(fd, &status) == 0 ? Int(status.st_size) : 0
            close(fd)
            if size > maximumBytes { trim(size: size) }
        }
    }

    /// Keeps the newest half of the log.
    private func trim(size: Int) {
        guard let bytes = try? FileIO.read(path, followingLinks: false) else { return }
        var kept = Array(bytes.suffix(maximumBytes / 2))
        if let newline = kept.firstIndex(of: 0x0A) { kept.removeFirst(newline + 1) }
        let dropped = bytes.count - kept.count
        let note = Array("--- facebench: \(dropped) earlier bytes dropped (the log is capped at \(maximumBytes >> 20) MB) ---\n".utf8)
        try? FileIO.writeAtomically(note + kept, to: path)
    }

    /// Drains `descriptor` (the read end of the program's stderr pipe) into the log on a
    /// thread of its own, until every writer has closed it; `drained` is signalled then.
    func pump(from descriptor: Int32) -> DispatchSemaphore {
        Self.pump(from: descriptor) { [self] in append($0) }
    }

    /// Drains `descriptor` into `sink` on a thread of its own; `drained` is signalled at its end.
    /// A program without a log (no output folder) has its stderr relayed to FaceBench's own
    /// through `TerminalText`, so it cannot send the terminal escape sequences.
    static func pump(from descriptor: Int32, into sink: @escaping @Sendable ([UInt8]) -> Void) -> DispatchSemaphore {
        let drained = DispatchSemaphore(value: 0)
        let thread = Thread {
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                sink(Array(chunk[0..<n]))
            }
            close(descriptor)
            drained.signal()
        }
        thread.stackSize = 256 << 10
        thread.start()
        return drained
    }
}
