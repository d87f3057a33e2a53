import Foundation
import FaceBenchModel

/// The machine and build a run was measured on, so numbers from different runs can be
/// judged comparable or not.
public struct RunEnvironment: Sendable, Equatable {
    public var hostname: String
    public var cpuModel: String
    public var cores: Int
    public var operatingSystem: String
    public var kernel: String
    public var swiftVersion: String
    /// `release` or `debug`; timings of debug builds are not meaningful.
    public var buildConfiguration: String
    /// Library name → version (OpenCV, dlib, codecs), supplied by the modules that use them.
    public var libraries: [String: String]
    public var faceBenchVersion: String
    public var commit: String
    /// When the run started, ISO 8601 UTC.
    public var date: String

    public static let faceBenchVersion = "0.1.0"

    public var isReleaseBuild: Bool { buildConfiguration == "release" }

    /// Reads the current machine. `libraries` comes from the caller (the core links none);
    /// `checkout` is a folder inside the git checkout FaceBench was built from, if known.
    public static func current(libraries: [String: String], checkout: String?) -> RunEnvironment {
        var name = utsname()
        uname(&name)
        func field<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
        }
        let cpuInfo = (try? FileIO.readText("/proc/cpuinfo")) ?? ""
        let cpu = cpuInfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { String($0.split(separator: ":", maxSplits: 1).last ?? "").trimmingSpaces } ?? field(name.machine)
        let osRelease = (try? FileIO.readText("/etc/os-release")) ?? ""
        let os = osRelease.split(separator: "\n").first { $0.hasPrefix("PRETTY_NAME=") }
            .map { String($0.dropFirst("PRETTY_NAME=".count)).replacingOccurrences(of: "\"", with: "") } ?? field(name.sysname)
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return RunEnvironment(
            hostname: ProcessInfo.processInfo.hostName, cpuModel: cpu, cores: ProcessInfo.processInfo.activeProcessorCount,
            operatingSystem: os, kernel: "\(field(name.sysname)) \(field(name.release))",
            swiftVersion: compilerVersion, buildConfiguration: buildConfiguration, libraries: libraries,
            faceBenchVersion: faceBenchVersion, commit: checkout.flatMap(gitCommit) ?? "unknown",
            date: formatter.string(from: Date()))
    }

    public static var buildConfiguration: String {
        #if DEBUG
        return "debug"
        #else
        return "release"
        #endif
    }

    /// The compiler that built FaceBench, to the patch level.
    public static var compilerVersion: String {
        #if compiler(>=6.4)
        return ">=6.4"
        #elseif compiler(>=6.3.2)
        return "6.3.2+"
        #elseif compiler(>=6.3.1)
        return "6.3.1"
        #elseif compiler(>=6.3)
        return "6.3"
        #elseif compiler(>=6.2)
        return "6.2"
        #elseif compiler(>=6.1)
        return "6.1"
        #else
        return "6.0"
        #endif
    }

    /// `HEAD`'s commit of the checkout containing `folder`, with `-dirty` when tracked files
    /// differ from it; nil outside a git checkout or without git.
    static func gitCommit(in folder: String) -> String? {
        func git(_ arguments: [String]) -> String? {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", folder] + arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return nil }
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { return nil }
            return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard let head = git(["rev-parse", "HEAD"]), !head.isEmpty else { return nil }
        let dirty = git(["status", "--porcelain", "--untracked-files=no"]).map { !$0.isEmpty } ?? false
        return dirty ? head + "-dirty" : head
    }

    public init(
        hostname: String, cpuModel: String, cores: Int, operatingSystem: String, kernel: String, swiftVersion: String,
        buildConfiguration: String, libraries: [String: String], faceBenchVersion: String, commit: String, date: String
    ) {
        self.hostname = hostname
        self.cpuModel = cpuModel
        self.cores = cores
        self.operatingSystem = operatingSystem
        self.kernel = kernel
        self.swiftVersion = swiftVersion
        self.buildConfiguration = buildConfiguration
        self.libraries = libraries
        self.faceBenchVersion = faceBenchVersion
        self.commit = commit
        self.date = date
    }
}

extension RunEnvironment: Codable {
    enum CodingKeys: String, CodingKey {
        case hostname, cpuModel = "cpu", cores, operatingSystem = "os", kernel, swiftVersion = "swift"
        case buildConfiguration = "build", libraries, faceBenchVersion = "facebench", commit, date
    }
}
