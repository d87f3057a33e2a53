import FaceBenchModel
import Foundation

/// `exec:[--timeout=S] [--startup-timeout=S] COMMAND…`: a detector in another program,
/// reached through the `facebench.exec/1` protocol.
///
/// Building the spec starts the program once to read its handshake (so a command that does
/// not work fails before the run, and the detector is named and described by the program
/// itself: id from the handshake's `name` unless the spec has a label, library from its
/// `name` and `version`, parameters from its `parameters`). stderr of every start is
/// appended to `<output folder>/<id>.stderr.log` when the run has an output folder.
enum ExecDetectorKind {
    static let defaultImageTimeout = 30.0
    /// Long enough for an interpreter and a small model; a program that loads more before
    /// its handshake says so with `--startup-timeout`.
    static let defaultStartupTimeout = 10.0
    /// A day: deadlines are nanoseconds in 64 bits, and no image takes longer.
    static let maximumTimeout = 86_400.0

    static let kind = DetectorKind(
        id: "exec", summary: "an external program speaking FaceBench's JSON-lines protocol (docs/plugins.md)",
        backend: "external program",
        arguments: .freeform(usage: "[--timeout=SECONDS] [--startup-timeout=SECONDS] COMMAND [ARGUMENT…]"),
        build: build)

    static func build(_ request: DetectorRequest) throws -> any DetectorFactory {
        let spec = request.spec.text
        var words = try CommandWords.split(request.spec.arguments ?? "", spec: spec)
        var imageTimeout = defaultImageTimeout, startupTimeout = defaultStartupTimeout
        while let option = words.first, option.hasPrefix("--") {
            words.removeFirst()
            let parts = option.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let seconds = Double(parts[1]), seconds > 0, seconds <= maximumTimeout else {
                throw FaceBenchError.invalidSpec(
                    spec: spec, reason: "'\(option)' is not --timeout=SECONDS or --startup-timeout=SECONDS with SECONDS in (0, \(Int(maximumTimeout))]")
            }
            switch parts[0] {
            case "--timeout": imageTimeout = seconds
            case "--startup-timeout": startupTimeout = seconds
            default:
                throw FaceBenchError.invalidSpec(spec: spec, reason: "unknown option '\(parts[0])'; accepted: --timeout, --startup-timeout")
            }
        }
        guard let programName = words.first else { throw FaceBenchError.invalidSpec(spec: spec, reason: "no command after the options") }
        guard let executable = ChildProcess.locate(programName, path: ProcessInfo.processInfo.environment["PATH"]) else {
            let place = programName.contains("/") ? "is not an executable file" : "is not on PATH"
            throw FaceBenchError.invalidSpec(spec: spec, reason: "program '\(programName)' \(place)")
        }
        var program = ExternalProgram(
            commandLine: words.joined(separator: " "), arguments: words, executable: executable,
            startupTimeout: startupTimeout, imageTimeout: imageTimeout, stderrLog: nil)

        // The probe's stderr goes to a scratch log until the id is known (in the temporary
        // folder without an output folder), so a failed start can quote its end.
        let directory = request.context.outputDirectory
        let scratchFolder = directory ?? String(NSTemporaryDirectory().reversed().drop { $0 == "/" }.reversed())
        try FileIO.createDirectory(scratchFolder)
        let scratch = scratchFolder + "/" + ExternalProgram.probeLogPrefix + "\(getpid())-\(UUID().uuidString.prefix(8)).stderr.log"
        program.stderrLog = scratch
        defer { unlink(scratch) }
        let handshake: ExecProtocol.Handshake
        do {
            let session = try program.start()
            handshake = session.handshake
            session.close()
        } catch {
            throw FaceBenchError.invalidSpec(spec: spec, reason: "\(error)")
        }
        let id = try DetectorRegistry.checkedID(request.spec.label ?? DetectorRegistry.sanitizedID(handshake.name), spec: spec)
        let probeOutput = (try? FileIO.read(scratch)) ?? []
        program.stderrLog = nil
        if let directory {
            let log = try OutputFolder(directory).path(id + ".stderr.log", what: "detector \(id)")
            let existing = FileIO.exists(log) ? try FileIO.read(log, followingLinks: false) : []
            try FileIO.writeAtomically(existing + probeOutput, to: log)
            program.stderrLog = log
        } else {
            let text = String(decoding: probeOutput, as: UTF8.self)
            let written = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n")
            if !written.isEmpty { StandardStreams.error(TerminalText.sanitized(written)) }
        }
        var parameters = handshake.parameters
        parameters.append(DetectorInfo.Parameter(name: "timeout", value: Formatting.fixed(imageTimeout, imageTimeout == imageTimeout.rounded() ? 0 : 3)))
        let info = DetectorInfo(
            kind: "exec", id: id, spec: "exec:" + (request.spec.arguments ?? ""), backend: "external program (\(ExecProtocol.version), \(handshake.input.rawValue) input)",
            library: handshake.version.isEmpty ? handshake.name : "\(handshake.name) \(handshake.version)",
            parameters: parameters, scoreMeaning: handshake.scoreMeaning ?? "as reported by the program",
            landmarkScheme: handshake.landmarkScheme)
        return ExternalProgramFactory(info: info, program: program)
    }
}

struct ExternalProgramFactory: DetectorFactory {
    let info: DetectorInfo
    let program: ExternalProgram

    func makeDetector() throws -> any FaceDetector {
        do {
            return try ExternalProgramDetector(program: program, id: info.id)
        } catch {
            throw FaceBenchError.backend(detector: info.id, reason: "\(error)")
        }
    }
}
