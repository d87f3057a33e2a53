import FaceBenchModel
import Foundation
import XCTest

/// Runs the built `facebench` executable as a separate process (for tests that must kill it
/// or check its exit status and output as a user sees them).
public struct CommandRunner {
    /// The folder the test bundle was built into, which also holds the `facebench` executable.
    public static let productsDirectory = Bundle.main.bundleURL

    public static var executable: String { productsDirectory.appendingPathComponent("facebench").path }

    public struct Outcome {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        /// True when the process ended by a signal (a crash) rather than by exiting.
        public var signalled = false
        /// True when it was still running at the timeout and was killed.
        public var timedOut = false
    }

    /// Starts `facebench` in `directory` (default the package root) with its output going to two files.
    public static func start(_ arguments: [String], output: String, errors: String, directory: String? = nil) throws -> Process {
        guard FileManager.default.isExecutableFile(atPath: executable) else { throw XCTSkip("\(executable) not built") }
        guard FileManager.default.createFile(atPath: output, contents: nil),
              FileManager.default.createFile(atPath: errors, contents: nil) else {
            throw FaceBenchError.io(path: output, reason: "cannot create output files")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory ?? TestData.packageRoot)
        process.standardOutput = FileHandle(forWritingAtPath: output)
        process.standardError = FileHandle(forWritingAtPath: errors)
        try process.run()
        return process
    }

    /// Runs to completion (or until `timeout` seconds, then kills it) and returns the exit
    /// status and output.
    public static func run(_ arguments: [String], scratch: String, timeout: Double? = nil, directory: String? = nil) throws -> Outcome {
        let output = scratch + "/stdout-\(UUID().uuidString)", errors = scratch + "/stderr-\(UUID().uuidString)"
        let process = try start(arguments, output: output, errors: errors, directory: directory)
        var timedOut = false
        if let timeout {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning, Date() < deadline { usleep(20_000) }
            if process.isRunning {
                timedOut = true
                process.terminate()
            }
        }
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, stdout: (try? String(contentsOfFile: output, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "",
            signalled: process.terminationReason == .uncaughtSignal, timedOut: timedOut)
    }

    /// Factor on the time limits of tests that bound a command's run time (10 s for hostile
    /// input): `FACEBENCH_TEST_TIMEOUT_SCALE=4` on a machine shared by several builds, where
    /// loading the detector registry alone can take 13 s of wall time.
    public static var timeoutScale: Double {
        ProcessInfo.processInfo.environment["FACEBENCH_TEST_TIMEOUT_SCALE"].flatMap(Double.init).map { max($0, 1) } ?? 1
    }

    /// Runs a program found on PATH (`["python3", "-c", "import numpy"]`) and returns its exit
    /// status and stdout, stderr discarded: for probing and running reference tools.
    public static func tool(_ arguments: [String]) throws -> (status: Int32, stdout: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    /// The largest resident set any finished child process of the tests reached, in bytes.
    public static var peakChildResidentBytes: Int {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        return usage.ru_maxrss * 1024
    }
}
