import FaceBenchModel
import Foundation

/// Runs a reference program with `input` on its stdin; its stdout, or an error when it fails.
public func runProcess(_ executable: String, _ arguments: [String], input: Data) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let stdin = Pipe(), stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    try process.run()
    stdin.fileHandleForWriting.write(input)
    try stdin.fileHandleForWriting.close()
    let data = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw FaceBenchError.failed("\(executable) exited \(process.terminationStatus)") }
    return data
}
