import FaceBenchCore
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
    }

    /// Starts `facebench` in the package root with its output going to two files.
    public static func start(_ arguments: [String], output: String, errors: String) throws -> Process {
        guard FileManager.default.isExecutableFile(atPath: executable) else { throw XCTSkip("\(executable) not built") }
        guard FileManager.default.createFile(atPath: output, contents: nil),
              FileManager.default.createFile(atPath: errors, contents: nil) else {
            throw FaceBenchError.io(path: output, reason: "cannot create output files")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: TestData.packageRoot)
        process.standardOutput = FileHandle(forWritingAtPath: output)
        process.standardError = FileHandle(forWritingAtPath: errors)
        try process.run()
        return process
    }

    /// Runs to completion and returns the exit status and output.
    public static func run(_ arguments: [String], scratch: String) throws -> Outcome {
        let output = scratch + "/stdout-\(UUID().uuidString)", errors = scratch + "/stderr-\(UUID().uuidString)"
        let process = try start(arguments, output: output, errors: errors)
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, stdout: (try? String(contentsOfFile: output, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")
    }
}
