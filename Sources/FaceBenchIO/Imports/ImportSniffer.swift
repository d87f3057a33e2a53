import FaceBenchModel

/// Cheap format recognition for importers (their `recognises`).
public enum ImportSniffer {
    /// How much of a file is looked at.
    static let window = 65536

    /// True when `path` is a `.json` file whose first bytes contain one of `markers`.
    public static func jsonFile(_ path: String, containsAny markers: [String]) -> Bool {
        guard path.lowercased().hasSuffix(".json"), let prefix = try? FileIO.readPrefix(path, count: window) else { return false }
        let text = String(decoding: prefix, as: UTF8.self)
        return markers.contains { text.contains($0) }
    }

    /// True when `path` is a folder holding a `.json` file recognised by `jsonFile`.
    public static func jsonFolder(_ path: String, containsAny markers: [String]) -> Bool {
        guard FileIO.isDirectory(path) else { return false }
        return FileIO.list(path).lazy.filter { $0.lowercased().hasSuffix(".json") }.prefix(3)
            .contains { jsonFile(path + "/" + $0, containsAny: markers) }
    }
}
