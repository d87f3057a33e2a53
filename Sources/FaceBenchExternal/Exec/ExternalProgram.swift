import FaceBenchModel
import FaceBenchIO
import Foundation

/// How to run one external detector program: the command, its time limits, and where its
/// stderr goes. `start()` launches it and reads its handshake.
struct ExternalProgram: Sendable {
    /// The command line as given, for messages.
    var commandLine: String
    /// argv, the first word as given (`python3`).
    var arguments: [String]
    /// The resolved executable (`/usr/bin/python3`).
    var executable: String
    /// Limit for starting and answering the handshake (model loading happens here).
    var startupTimeout: Double
    /// Limit for answering one image.
    var imageTimeout: Double
    /// stderr is appended here; nil passes it through to FaceBench's stderr.
    var stderrLog: String?

    /// The longest line accepted from a program (a response with thousands of faces is far
    /// below it).
    static let lineLimit = 16 << 20

    /// Starts the program and reads its handshake. Failures name the command and include
    /// the end of its stderr log.
    func start() throws -> ExecSession {
        let process = try ChildProcess(
            executable: executable, arguments: arguments, stderrPath: stderrLog, stderrHeader: Self.startMarker + commandLine + " ---\n")
        let deadline = MonotonicClock.nanoseconds() + UInt64(startupTimeout * 1e9)
        let failure: ExecFailure
        switch process.readLine(deadline: deadline, limit: Self.lineLimit) {
        case let .line(line):
            do {
                return ExecSession(process: process, handshake: try ExecProtocol.Handshake.decode(line))
            } catch {
                failure = error
            }
        case .endOfOutput:
            failure = .died(process.exitDescription(within: 2) ?? "closed its stdout")
        case .timedOut:
            failure = .timedOut(seconds: startupTimeout)
        case .tooLong:
            failure = .garbage("the handshake line is longer than \(Self.lineLimit) bytes")
        }
        process.terminate()
        // A probe's scratch log is deleted once the probe is over: quote it without its path.
        let scratch = stderrLog.map { $0.contains("/" + Self.probeLogPrefix) } ?? false
        var reason = "\(failure)\(stderrTail(namingTheLog: !scratch))"
        if case .timedOut = failure {
            reason += " (no handshake line on stdout; a program that loads a model first may need exec:--startup-timeout=SECONDS)"
        }
        throw FaceBenchError.handshake(command: commandLine, reason: reason)
    }

    /// The last lines the program's latest start wrote to stderr, for error messages.
    func stderrTail(lines: Int = 5, namingTheLog: Bool = true) -> String {
        guard let stderrLog, let bytes = try? FileIO.read(stderrLog) else { return "" }
        let text = String(decoding: bytes.suffix(4096), as: UTF8.self)
        let sinceStart = text.components(separatedBy: Self.startMarker).last ?? text
        let last = sinceStart.split(separator: "\n").dropFirst().suffix(lines)
        guard !last.isEmpty else { return "" }
        return "; its stderr" + (namingTheLog ? " (\(stderrLog))" : "") + " ends: " + last.joined(separator: " | ")
    }

    static let startMarker = "--- facebench: starting "
    /// File names of the logs a spec's first start writes before the detector's id is known.
    static let probeLogPrefix = ".probe-"
}

/// A running program that has completed its handshake.
final class ExecSession {
    let process: ChildProcess
    let handshake: ExecProtocol.Handshake

    init(process: ChildProcess, handshake: ExecProtocol.Handshake) {
        self.process = process
        self.handshake = handshake
    }

    /// Sends one request and waits for its response.
    func exchange(_ request: [UInt8], id: Int, timeout: Double) throws(ExecFailure) -> ExecProtocol.Response {
        let deadline = MonotonicClock.nanoseconds() + UInt64(timeout * 1e9)
        switch process.write(request, deadline: deadline, limit: ExternalProgram.lineLimit) {
        case .written: break
        case .closed: throw .died(process.exitDescription(within: 2) ?? "stopped reading its stdin")
        case .timedOut: throw .timedOut(seconds: timeout)
        }
        switch process.readLine(deadline: deadline, limit: ExternalProgram.lineLimit) {
        case let .line(line):
            return try ExecProtocol.response(line, expectedID: id, scheme: handshake.landmarkScheme)
        case .endOfOutput:
            throw .died(process.exitDescription(within: 2) ?? "closed its stdout")
        case .timedOut:
            throw .timedOut(seconds: timeout)
        case .tooLong:
            throw .garbage("a response line longer than \(ExternalProgram.lineLimit) bytes")
        }
    }

    /// Ends the program: end of input, a moment to exit, then a kill.
    func close() {
        process.finish(grace: 2)
    }
}
