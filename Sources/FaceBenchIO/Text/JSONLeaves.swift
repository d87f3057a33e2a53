import FaceBenchModel

extension JSONValue {
    /// The numbers in nested objects, keyed by their dotted path (`easy.ap`, `AP50`), in
    /// document order. Arrays of objects that each carry a string `label` are entered by
    /// label (`buckets.h16-32.recall`); other arrays are skipped: they hold curves and
    /// per-image lists, not single figures to tabulate or gate on.
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
        case let .array(items):
            let labels = items.compactMap { $0["label"]?.string }
            guard labels.count == items.count, Set(labels).count == labels.count else { return }
            for (label, item) in zip(labels, items) {
                item.collectLeaves(prefix: prefix.map { $0 + "." + label } ?? label, into: &out)
            }
        case .null, .bool, .string:
            return
        }
    }
}
