import FaceBenchModel
import FaceBenchIO
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

/// Runs a reference script's `--stdin` mode with `request` as JSON and returns its answer,
/// an object of image path → the faces found there.
public func referenceFaces(python: String, script: String, request: JSONValue) throws -> [String: [JSONValue]] {
    let output = try runProcess(python, [TestData.packageRoot + "/scripts/" + script, "--stdin"], input: Data(JSONWriter().bytes(request)))
    let json = try JSONReader.parse([UInt8](output), path: script + " output")
    var faces: [String: [JSONValue]] = [:]
    for (path, list) in json.object?.pairs ?? [] { faces[path] = list.array ?? [] }
    return faces
}
