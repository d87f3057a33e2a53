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
        case let .incompatibleResults(message), let .failed(message):
            return message
        }
    }
}
