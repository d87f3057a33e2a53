/// "Did you mean" for mistyped names: commands, options, protocols, detector kinds,
/// parameter keys and datasets all suggest the nearest known name the same way.
public enum NameSuggestion {
    /// The name among `names` nearest to a mistyped `name`, if within `maxDistance` edits.
    public static func closest(to name: String, among names: [String], within maxDistance: Int = .max) -> String? {
        names.min { editDistance($0, name) < editDistance($1, name) }.flatMap { editDistance($0, name) <= maxDistance ? $0 : nil }
    }

    /// ` Did you mean 'X'?` (with a leading space) when a known name is close enough to be
    /// a typo — a third of the name's length, at least one edit — else empty.
    public static func hint(for name: String, among names: [String]) -> String {
        closest(to: name, among: names, within: max(1, name.count / 3)).map { " Did you mean '\($0)'?" } ?? ""
    }

    /// Levenshtein distance.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
