/// Where dataset loaders find their files. `LocalFiles` is the file system; `MemoryFiles`
/// holds them in memory, so the fuzzer runs whole loaders (existence checks, folder listings,
/// image headers included) at the speed of their parsers, with no scratch files.
///
/// Contract: paths are the loaders' own strings, joined with `/`; `list` gives the names in a
/// folder, sorted; `read` and `imageSize` throw `FaceBenchError.io` naming the path.
public protocol FileSource: Sendable {
    func read(_ path: String) throws -> [UInt8]
    /// At most the first `count` bytes, for recognising formats without reading whole files.
    func readPrefix(_ path: String, count: Int) throws -> [UInt8]
    func exists(_ path: String) -> Bool
    func isDirectory(_ path: String) -> Bool
    func list(_ directory: String) -> [String]
    func imageSize(_ path: String) throws -> ImageHeader.Size
}

extension FileSource {
    public func readPrefix(_ path: String, count: Int) throws -> [UInt8] { Array(try read(path).prefix(count)) }
    public func lines(_ path: String) throws -> NumberedLines { NumberedLines(path: path, bytes: try read(path)) }
}

public struct LocalFiles: FileSource {
    public init() {}

    public func read(_ path: String) throws -> [UInt8] { try FileIO.read(path) }
    public func readPrefix(_ path: String, count: Int) throws -> [UInt8] { try FileIO.readPrefix(path, count: count) }
    public func exists(_ path: String) -> Bool { FileIO.exists(path) }
    public func isDirectory(_ path: String) -> Bool { FileIO.isDirectory(path) }
    public func list(_ directory: String) -> [String] { FileIO.list(directory) }
    public func imageSize(_ path: String) throws -> ImageHeader.Size { try ImageHeader.size(ofFileAt: path) }
}

/// Files held in memory by path; a folder is any path some file lies under.
public struct MemoryFiles: FileSource {
    public var files: [String: [UInt8]]

    public init(_ files: [String: [UInt8]]) {
        self.files = files
    }

    public func read(_ path: String) throws -> [UInt8] {
        guard let bytes = files[path] else {
            throw FaceBenchError.io(path: path, reason: isDirectory(path) ? "is a directory, expected a file" : "no such file")
        }
        return bytes
    }

    public func exists(_ path: String) -> Bool { files[path] != nil || isDirectory(path) }

    public func isDirectory(_ path: String) -> Bool { files.keys.contains { $0.hasPrefix(path + "/") } }

    public func list(_ directory: String) -> [String] {
        let prefix = directory + "/"
        let names = files.keys.compactMap { path -> String? in
            guard path.hasPrefix(prefix) else { return nil }
            return path.dropFirst(prefix.count).split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
        }
        return Set(names).sorted()
    }

    public func imageSize(_ path: String) throws -> ImageHeader.Size { try ImageHeader.size(of: read(path), path: path) }
}
