import FaceBenchModel

/// Which class of a multi-class annotation holds the faces: the one `--class` names (by name,
/// any case, or by index where classes are numbered), else the one named "face", else the
/// only class there is. Anything else is an error listing the classes, so the user can
/// name one.
public enum FaceClass {
    /// The chosen class among `names` (by index: the position in `names`); nil when
    /// `names` is empty and nothing was asked for (every box counts).
    public static func choose(_ requested: String?, among names: [String], byIndex: Bool = true, file: String) throws -> Int? {
        if let requested {
            if let index = names.firstIndex(where: { $0.lowercased() == requested.lowercased() }) { return index }
            if byIndex, let index = Int(requested), index >= 0, names.isEmpty || index < names.count { return index }
            throw FaceBenchError.malformed(
                path: file, location: nil,
                reason: "no class '\(requested)' (--class); the classes are \(listed(names))")
        }
        if let face = names.firstIndex(where: { $0.lowercased() == "face" }) { return face }
        if names.count <= 1 { return names.isEmpty ? nil : 0 }
        throw FaceBenchError.malformed(
            path: file, location: nil,
            reason: "several classes (\(listed(names))) and none is named 'face': name the face class with --class")
    }

    /// The chosen name among the names labels use (formats whose boxes carry their class name).
    public static func chooseName(_ requested: String?, among names: [String], file: String) throws -> String? {
        let sorted = Array(Set(names)).sorted()
        return try choose(requested, among: sorted, byIndex: false, file: file).map { sorted[$0] }
    }

    static func listed(_ names: [String]) -> String {
        names.isEmpty ? "not named" : names.enumerated().map { "\($0.offset) '\($0.element)'" }.joined(separator: ", ")
    }
}
