import FaceBenchModel
import Foundation

/// The image readers take only paths: they read the input from a file in this process's own
/// folder under TMPDIR, rewritten for every execution.
struct ScratchFolder {
    let path: String

    init() throws {
        let base = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        path = "\(base)/facebench-fuzz-\(getpid())"
        try FileIO.createDirectory(path)
    }

    /// Writes `bytes` to `name` inside the folder and returns the file's path.
    func write(_ bytes: [UInt8], as name: String) throws -> String {
        let file = path + "/" + name
        let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FaceBenchError.io(path: file, reason: "cannot write scratch input") }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { throw FaceBenchError.io(path: file, reason: "cannot write scratch input") }
            written += count
        }
        return file
    }
}
