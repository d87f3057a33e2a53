/// Errors FaceBench reports to users. Each case names what went wrong and where (file and
/// line, spec and key), so a message can be printed as is.
public enum FaceBenchError: Error, CustomStringConvertible, Equatable, Sendable {
    /// A file could not be read or written.
    case io(path: String, reason: String)
    /// A file's content is not what its format requires; `location` is a line number,
    /// element or field ("line 12", "<box> at line 40", "images[3].faces[0].score").
    case malformed(path: String, location: String?, reason: String)
    /// A detector spec that cannot be built: unknown id, unknown key, bad value.
    case invalidSpec(spec: String, reason: String)
    /// A command-line usage error (exit status 64).
    case usage(String)
    /// A dataset name that resolves to nothing, or a directory in no known format.
    case datasetNotFound(name: String, searched: [String])
    /// A native library or plugin failed.
    case backend(detector: String, reason: String)
    /// A call into a native library through its C shim failed (`image`: the image it was
    /// given), or answered outside the shim's contract (`NativeArray`).
    case native(call: String, image: String?, reason: String)
    /// A detector kind's model file is missing, damaged or not the expected one; `file` is
    /// the path searched for or the file found.
    case modelUnavailable(kind: String, file: String, reason: String)
    /// Detections that cannot be scored or kept (`source`: the image, the predictions file or
    /// the protocol that refused them): a non-finite number, a list per image that does not
    /// line up with the images, more raster than a protocol draws.
    case invalidDetections(source: String, reason: String)
    /// A sample with no image file where one is needed to run a detector or draw a thumbnail
    /// (`image`: its name, nil where the caller names it already).
    case imageFileMissing(image: String?)
    /// A name from outside (an image, a detector id, a file of a conversion) that cannot be
    /// a path under the output folder (`folder`, when one is being written): `problem` says
    /// which rule of `PathComponent` it breaks.
    case unsafeName(source: String, folder: String?, problem: String)
    /// A native plugin library (`path` as given to dlopen) that FaceBench refuses to use.
    case pluginLoad(path: String, refusal: PluginRefusal)
    /// A program that could not be started: the system's reason (no such file, no pipes left).
    case processSpawn(executable: String, reason: String)
    /// An external program that started but did not complete its handshake (`command`: its
    /// command line as given; `reason`: what it did instead, and the end of its stderr).
    case handshake(command: String, reason: String)
    /// Results that cannot be combined (merging shards): another dataset, other detectors or
    /// settings, overlapping images.
    case incompatibleResults(String)
    /// Anything else worth stopping for, already phrased for the user.
    case failed(String)

    public var description: String {
        switch self {
        case let .io(path, reason):
            return "\(path): \(reason)"
        case let .malformed(path, location, reason):
            if let location { return "\(path): \(location): \(reason)" }
            return "\(path): \(reason)"
        case let .invalidSpec(spec, reason):
            return "detector '\(spec)': \(reason)"
        case let .usage(message):
            return message
        case let .datasetNotFound(name, searched):
            let places = searched.isEmpty ? "no search path set" : "searched " + searched.joined(separator: ", ")
            return "dataset '\(name)' not found (\(places)); set FACEBENCH_DATASETS or pass a directory"
        case let .backend(detector, reason):
            return "\(detector): \(reason)"
        case let .native(call, image, reason):
            return image.map { "\(call) failed on \($0): \(reason)" } ?? "\(call) failed: \(reason)"
        case let .modelUnavailable(kind, file, reason):
            return "\(kind): model \(file): \(reason)"
        case let .invalidDetections(source, reason):
            return "\(source): \(reason)"
        case let .imageFileMissing(image):
            return image.map { "\($0) has no image file" } ?? "no image file"
        case let .unsafeName(source, folder, problem):
            return "\(source): " + (folder.map { "cannot be written under \($0): " } ?? "") + "the name \(problem)"
        case let .pluginLoad(path, refusal):
            return refusal.message(path: path)
        case let .processSpawn(executable, reason):
            return "cannot start \(executable): \(reason)"
        case let .handshake(command, reason):
            return "`\(command)` did not start: \(reason)"
        case let .incompatibleResults(message), let .failed(message):
            return message
        }
    }
}

/// Why a native plugin library was refused, from dlopen to the function table's contents.
public enum PluginRefusal: Equatable, Sendable {
    /// dlopen failed: its own reason (no such file, wrong architecture, missing symbols).
    case notLoadable(String)
    /// The library does not export the entry point `symbol`.
    case noEntryPoint(symbol: String)
    /// The entry point `symbol` returned no function table.
    case noTable(symbol: String)
    /// The table declares an ABI version outside `supported`.
    case abiVersion(Int, supported: ClosedRange<Int>)
    /// The table is smaller than its ABI version's layout.
    case tableTooSmall(bytes: Int, version: Int, needed: Int)
    /// Required functions whose pointers are NULL.
    case missingFunctions([String])

    func message(path: String) -> String {
        switch self {
        case let .notLoadable(reason):
            "cannot load \(path): \(reason)"
        case let .noEntryPoint(symbol):
            "\(path) is not a FaceBench plugin: it does not export \(symbol)() (see facebench_plugin.h)"
        case let .noTable(symbol):
            "\(path): \(symbol)() returned NULL"
        case let .abiVersion(version, supported):
            "\(path) was built for plugin ABI version \(version); this FaceBench loads versions \(supported.lowerBound) to \(supported.upperBound) (rebuild it against this facebench_plugin.h)"
        case let .tableTooSmall(bytes, version, needed):
            "\(path): its function table is \(bytes) bytes, ABI version \(version) needs \(needed)"
        case let .missingFunctions(names):
            "\(path): the function table has no \(names.joined(separator: ", ")) (NULL pointer)"
        }
    }
}
