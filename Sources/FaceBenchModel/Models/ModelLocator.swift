import Foundation
import Synchronization

/// Finds a detector kind's model files on the model search path and checks their sha256
/// before any native library parses them, so a truncated or substituted file is an error
/// naming the file rather than whatever the parser makes of it.
public struct ModelLocator: Sendable {
    /// Searched in order: the cache `scripts/install-models.sh` fills, then `shared/models`.
    public var folders: [String]

    public init(folders: [String]) {
        self.folders = folders
    }

    /// `$FACEBENCH_MODELS`, else `${XDG_CACHE_HOME:-~/.cache}/facebench/models` (the
    /// installer's cache, same rule as the script), then `shared/models` beside each anchor
    /// folder, as the datasets' search path has `shared/datasets`.
    public static func folders(environment: [String: String], anchors: [String]) -> [String] {
        var folders: [String] = []
        if let explicit = environment["FACEBENCH_MODELS"], !explicit.isEmpty {
            folders.append(explicit)
        } else {
            let cacheRoot = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
                ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.cache"
            folders.append(cacheRoot + "/facebench/models")
        }
        for anchor in anchors {
            let shared = URL(fileURLWithPath: anchor).appendingPathComponent("../shared/models").standardized.path
            if !folders.contains(shared) { folders.append(shared) }
        }
        return folders
    }

    /// The folders for this process's environment.
    public static func standard(anchors: [String]) -> ModelLocator {
        ModelLocator(folders: folders(environment: ProcessInfo.processInfo.environment, anchors: anchors))
    }

    /// The checked path of `file` for detector kind `kind`. Errors name the kind, the file,
    /// the folders searched and what installs it.
    public func locate(_ file: ModelFile, for kind: String) throws -> String {
        let candidates = folders.map { $0 + "/" + file.path }
        guard let path = candidates.first(where: FileIO.exists) else {
            throw FaceBenchError.modelUnavailable(
                kind: kind, file: file.path,
                reason: "not found (searched \(folders.joined(separator: ", "))); install it with \(file.install)")
        }
        try Self.verify(path, file: file, kind: kind)
        return path
    }

    /// Every file of a kind, checked; or the first problem.
    public func availability(of files: [ModelFile], for kind: String) -> DetectorAvailability {
        do {
            let paths = try files.map { try locate($0, for: kind) }
            return .available(paths.joined(separator: ", "))
        } catch {
            return .unavailable(String(describing: error))
        }
    }

    /// Digests already checked in this process, by path, size and modification time: workers
    /// and repeated specs load the same files, and hashing is the slow part in debug builds.
    static let verified = Mutex<Set<String>>([])

    static func verify(_ path: String, file: ModelFile, kind: String) throws {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let size = (attributes?[.size] as? NSNumber)?.intValue ?? -1
        let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let key = "\(path)\u{0}\(size)\u{0}\(modified)\u{0}\(file.sha256)"
        if verified.withLock({ $0.contains(key) }) { return }
        let digest = SHA256.hex(of: try FileIO.read(path))
        guard digest == file.sha256 else {
            throw FaceBenchError.modelUnavailable(
                kind: kind, file: path,
                reason: "sha256 is \(digest), expected \(file.sha256) (\(file.source)): a damaged or different file; reinstall it with \(file.install)")
        }
        verified.withLock { _ = $0.insert(key) }
    }
}
