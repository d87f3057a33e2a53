import Dispatch
import FaceBenchModel
import Glibc
import Synchronization

/// A program started with pipes on its stdin and stdout and its stderr appended to a capped
/// log file (`StderrLog`, or FaceBench's own stderr), in its own process group so a kill reaches anything
/// it started. Lines are read with a deadline; the process is killed and reaped on
/// `terminate()` or when the value goes away.
///
/// FaceBench ignores SIGPIPE process-wide once a child has been started (a write to a
/// program that died must fail with EPIPE, not end the run); children get the default
/// disposition back.
final class ChildProcess {
    let pid: pid_t
    private var input: Int32
    private let output: Int32
    private var buffer: [UInt8] = []
    private var reaped: Int32?
    /// Signalled when the stderr pump has written everything the program printed.
    private let stderrDrained: DispatchSemaphore

    enum ReadOutcome {
        case line([UInt8])
        /// The program closed its stdout (it exited or crashed).
        case endOfOutput
        case timedOut
        /// A line longer than the limit: not something a protocol peer sends.
        case tooLong
    }

    /// Starts `executable` with `arguments` (argv[0] first). Throws with the OS's reason
    /// when the program cannot be started.
    /// `stderrHeader` is appended to the log before the program writes to it.
    init(executable: String, arguments: [String], stderrPath: String?, stderrHeader: String = "") throws {
        Self.ignoreSIGPIPE
        // Pipes are made close-on-exec and the child spawned under one lock, so no other
        // worker's child inherits this one's pipe ends (which would hide its exit).
        let log = stderrPath.map { StderrLog(path: $0) }
        log?.append(Array(stderrHeader.utf8))
        let errors = try Self.cloexecPipe(for: executable)
        do {
            (pid, input, output) = try Self.spawnLock.withLock { _ in
                try Self.spawn(executable: executable, arguments: arguments, stderrWriter: errors[1])
            }
            _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
        } catch {
            for fd in errors { close(fd) }
            throw error
        }
        close(errors[1])
        stderrDrained = log?.pump(from: errors[0])
            ?? StderrLog.pump(from: errors[0]) { StandardStreams.error(TerminalText.sanitized(String(decoding: $0, as: UTF8.self))) }
    }

    private static let spawnLock = Mutex<Void>(())

    private static func cloexecPipe(for executable: String) throws -> [Int32] {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw FaceBenchError.processSpawn(executable: executable, reason: "pipe: " + systemReason()) }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return fds
    }

    /// `stderrWriter`: the write end of the pipe the child's stderr goes to.
    private static func spawn(executable: String, arguments: [String], stderrWriter: Int32) throws -> (pid_t, Int32, Int32) {
        let toChild = try cloexecPipe(for: executable)
        let fromChild: [Int32]
        do { fromChild = try cloexecPipe(for: executable) } catch {
            close(toChild[0]); close(toChild[1])
            throw error
        }
        defer {
            close(toChild[0]); close(fromChild[1])
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        posix_spawn_file_actions_adddup2(&actions, stderrWriter, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))

        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let environment: [UnsafeMutablePointer<CChar>?] = Self.environment(with: ProgramThreadBudget.environment).map { strdup($0) } + [nil]
        defer { for pointer in environment { free(pointer) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, environment)
        guard status == 0 else {
            close(toChild[1]); close(fromChild[0])
            throw FaceBenchError.processSpawn(executable: executable, reason: String(cString: strerror(status)))
        }
        return (child, toChild[1], fromChild[0])
    }

    /// FaceBench's own environment with `overrides` replacing (or adding) those variables.
    static func environment(with overrides: [(name: String, value: String)]) -> [String] {
        var entries: [String] = []
        var pointer = environ
        while let entry = pointer.pointee {
            entries.append(String(cString: entry))
            pointer += 1
        }
        let replaced = Set(overrides.map(\.name))
        return entries.filter { entry in !replaced.contains(String(entry.prefix { $0 != "=" })) } + overrides.map { "\($0.name)=\($0.value)" }
    }

    deinit {
        terminate()
        close(output)
    }

    private static let ignoreSIGPIPE: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// The system's reason for the last failed call (errno).
    static func systemReason() -> String { String(cString: strerror(errno)) }

    enum WriteOutcome {
        case written
        /// The program no longer reads (it closed its stdin or died).
        case closed
        /// The pipe stayed full until the deadline: the program does not read its stdin.
        case timedOut
    }

    /// Writes all of `bytes` to the program's stdin by `deadline` (`MonotonicClock`
    /// nanoseconds). The pipe is non-blocking, so a program that answers but never reads
    /// cannot hold FaceBench in `write()`; what it prints meanwhile is buffered for
    /// `readLine` (up to `limit` bytes), so neither side waits on the other's full pipe.
    func write(_ bytes: [UInt8], deadline: UInt64, limit: Int) -> WriteOutcome {
        guard input >= 0 else { return .closed }
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { Glibc.write(input, $0.baseAddress, $0.count) }
            if n > 0 {
                written += n
                continue
            }
            if n < 0 && errno == EINTR { continue }
            guard n < 0, errno == EAGAIN || errno == EWOULDBLOCK else { return .closed }
            let now = MonotonicClock.nanoseconds()
            guard now < deadline else { return .timedOut }
            var descriptors = [pollfd(fd: input, events: Int16(POLLOUT), revents: 0), pollfd(fd: output, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&descriptors, buffer.count > limit ? 1 : 2, Int32(min((deadline - now) / 1_000_000 + 1, 60_000)))
            if ready > 0, descriptors[1].revents & Int16(POLLIN) != 0, buffer.count <= limit {
                var chunk = [UInt8](repeating: 0, count: 65536)
                let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
                if count > 0 { buffer += chunk[..<count] }
            }
            if ready > 0, descriptors[0].revents & Int16(POLLERR | POLLHUP) != 0 { return .closed }
        }
        return .written
    }

    /// The next line of stdout (without its newline), waiting until `deadline`
    /// (`MonotonicClock` nanoseconds).
    func readLine(deadline: UInt64, limit: Int) -> ReadOutcome {
        var scanned = 0
        while true {
            if let newline = buffer[scanned...].firstIndex(of: 0x0A) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                return .line(line)
            }
            scanned = buffer.count
            if buffer.count > limit { return .tooLong }
            let now = MonotonicClock.nanoseconds()
            guard now < deadline else { return .timedOut }
            var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let waitMs = Int32(min((deadline - now) / 1_000_000 + 1, 60_000))
            let ready = poll(&descriptor, 1, waitMs)
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return .endOfOutput }
            buffer += chunk[..<n]
        }
    }

    /// Closes stdin (a well-behaved program exits at end of input) and waits up to `grace`
    /// seconds for it to exit; then kills it. Returns how it ended.
    @discardableResult
    func finish(grace: Double) -> String {
        closeInput()
        let deadline = MonotonicClock.nanoseconds() + UInt64(grace * 1e9)
        while reaped == nil, MonotonicClock.nanoseconds() < deadline {
            if !reap(blocking: false) { usleep(5_000) }
        }
        return terminate()
    }

    /// Kills the process group, reaps the program, and says how it ended. The group is
    /// killed also when the program exited by itself: what it started (a server, a worker
    /// pool) must not outlive the detector. The group keeps the program's pid as its id while
    /// any member lives, so the kill reaches no other process.
    @discardableResult
    func terminate() -> String {
        closeInput()
        if reaped == nil, !reap(blocking: false) {
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
            _ = reap(blocking: true)
        }
        if !groupKilled {
            kill(-pid, SIGKILL)
            groupKilled = true
        }
        return Self.describe(status: reaped ?? 0)
    }

    private var groupKilled = false

    /// How the process ended, waiting at most `seconds` for it (after its stdout closed it
    /// is normally already gone); nil if it is still running.
    func exitDescription(within seconds: Double) -> String? {
        let deadline = MonotonicClock.nanoseconds() + UInt64(seconds * 1e9)
        while reaped == nil {
            if reap(blocking: false) { break }
            if MonotonicClock.nanoseconds() >= deadline { return nil }
            usleep(2_000)
        }
        return Self.describe(status: reaped!)
    }

    private func closeInput() {
        if input >= 0 {
            close(input)
            input = -1
        }
    }

    private func reap(blocking: Bool) -> Bool {
        guard reaped == nil else { return true }
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
            if result < 0 && errno == EINTR { continue }
            if result == pid {
                reaped = status
                // What it printed last is quoted in error messages: let the pump write it.
                _ = stderrDrained.wait(timeout: .now() + 1)
                return true
            }
            if result < 0 {
                // Not our child any more (reaped elsewhere): treat as gone.
                reaped = 0
                return true
            }
            return false
        }
    }

    /// The CPU time the process has used so far, all its threads, in milliseconds (user and
    /// system time from /proc/PID/stat, in clock ticks); nil where /proc cannot tell.
    func cpuMilliseconds() -> Double? {
        guard reaped == nil, let stat = try? FileIO.read("/proc/\(pid)/stat", maximumBytes: 4096) else { return nil }
        // The command name (field 2) is in parentheses and may hold spaces: count from the last ')'.
        guard let close = stat.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = stat[(close + 1)...].split(separator: UInt8(ascii: " "))
        // Fields 3… follow; utime and stime are fields 14 and 15.
        guard fields.count > 12, let user = Double(String(decoding: fields[11], as: UTF8.self)),
              let system = Double(String(decoding: fields[12], as: UTF8.self)) else { return nil }
        return (user + system) * 1000 / Self.clockTicksPerSecond
    }

    private static let clockTicksPerSecond = Double(max(1, sysconf(Int32(_SC_CLK_TCK))))

    /// "exited with status 3", "was killed by signal 9 (Killed)".
    static func describe(status: Int32) -> String {
        let signal = status & 0x7F
        if signal == 0 { return "exited with status \((status >> 8) & 0xFF)" }
        let name = strsignal(signal).map { String(cString: $0) } ?? "?"
        return "was killed by signal \(signal) (\(name))"
    }

    /// The full path of `program`: itself when it contains a slash, else the first match on
    /// `$PATH`.
    static func locate(_ program: String, path: String?) -> String? {
        if program.contains("/") { return access(program, X_OK) == 0 ? program : nil }
        for directory in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/\(program)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
