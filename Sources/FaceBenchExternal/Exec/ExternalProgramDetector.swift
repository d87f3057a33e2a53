import FaceBenchModel
import Foundation

/// An external program as a FaceBench detector (`exec:`). One program per instance (per
/// worker), started when the instance is made. An image the program answers with an error
/// fails alone; an image it crashes on, hangs on (past the per-image timeout) or answers
/// with garbage fails with the reason, the program is killed and started again at once (so
/// the restart is not charged to the next image), and the run goes on.
///
/// After `maximumStartFailures` consecutive failed starts the program is not started again:
/// every further image fails at once with the last reason, instead of waiting out a startup
/// timeout per image.
final class ExternalProgramDetector: FaceDetector {
    static let maximumStartFailures = 3

    let program: ExternalProgram
    let id: String
    private var session: ExecSession?
    private var startFailures = 0
    private var lastStartError: String?
    private var nextRequest = 1
    private let pixels: PixelFile?
    private(set) var lastReportedMilliseconds: Double?
    private(set) var lastCPUMilliseconds: Double?

    init(program: ExternalProgram, id: String) throws {
        self.program = program
        self.id = id
        let session = try program.start()
        self.session = session
        pixels = session.handshake.input == .pixels ? try PixelFile() : nil
    }

    deinit { session?.close() }

    func detect(_ input: DetectorInput) throws -> [Detection] {
        lastReportedMilliseconds = nil
        lastCPUMilliseconds = nil
        let session = try running()
        let id = nextRequest
        nextRequest += 1
        do {
            if let pixels { try pixels.store(input.image) }
            let request = try ExecProtocol.request(id: id, input: input, pixelsPath: pixels?.path)
            let cpuBefore = session.process.cpuMilliseconds()
            switch try session.exchange(request, id: id, timeout: program.imageTimeout) {
            case let .faces(faces, inference):
                lastReportedMilliseconds = inference
                if let cpuBefore, let cpuAfter = session.process.cpuMilliseconds() { lastCPUMilliseconds = cpuAfter - cpuBefore }
                return faces
            case let .error(message):
                throw FaceBenchError.backend(detector: self.id, reason: "the program reported an error on \(input.name): \(message)")
            }
        } catch let failure as ExecFailure {
            session.process.terminate()
            self.session = nil
            var reason = "\(failure) on \(input.name)\(program.stderrTail(lines: 3))"
            if case .died = failure {} else { reason += "; program killed" }
            do {
                _ = try running()
                reason += "; restarted"
            } catch {
                reason += "; restart failed: \(error)"
            }
            throw FaceBenchError.backend(detector: self.id, reason: reason)
        }
    }

    /// The running program, starting it if needed.
    private func running() throws -> ExecSession {
        if let session { return session }
        if startFailures >= Self.maximumStartFailures, let lastStartError {
            throw FaceBenchError.backend(
                detector: id, reason: "not restarted after \(startFailures) failed starts; the last: \(lastStartError)")
        }
        do {
            let started = try program.start()
            session = started
            startFailures = 0
            return started
        } catch {
            startFailures += 1
            lastStartError = "\(error)"
            throw error
        }
    }
}

/// The file through which a program that asked for `"input": "pixels"` receives each
/// image: width × height bytes, row-major, rewritten before every request. Kept in
/// /dev/shm when it exists, so it never touches a disk.
final class PixelFile {
    let path: String
    private let descriptor: Int32

    init() throws {
        let directory = FileIO.isDirectory("/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        var template = Array("\(directory)/facebench-pixels-XXXXXX".utf8CString)
        descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw FaceBenchError.io(path: directory, reason: "cannot create a pixel file: " + ChildProcess.systemReason()) }
        path = String(nulTerminated: template)
    }

    deinit {
        close(descriptor)
        unlink(path)
    }

    func store(_ image: GrayImage) throws {
        let packed = image.packed()
        let written = packed.pixels.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, packed.width * packed.height, 0) }
        guard written == packed.width * packed.height, ftruncate(descriptor, off_t(written)) == 0 else {
            throw FaceBenchError.io(path: path, reason: "cannot write pixels: " + ChildProcess.systemReason())
        }
    }
}
