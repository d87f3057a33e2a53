extension JSONValue {
    /// The numbers in nested objects, keyed by their dotted path (`easy.ap`, `sizes.16-32.recall`),
    /// in document order. Arrays are skipped: they hold curves and per-image lists, not
    /// single figures to tabulate or gate on.
    public var numericLeaves: [(key: String, value: Double)] {
        var out: [(key: String, value: Double)] = []
        collectLeaves(prefix: nil, into: &out)
        return out
    }

    private func collectLeaves(prefix: String?, into out: inout [(key: String, value: Double)]) {
        switch self {
        case let .number(value):
            if let prefix { out.append((prefix, value)) }
        case let .object(object):
            for (key, value) in object.pairs { value.collectLeaves(prefix: prefix.map { $0 + "." + key } ?? key, into: &out) }
        case .null, .bool, .string, .array:
            return
        }
    }
}
