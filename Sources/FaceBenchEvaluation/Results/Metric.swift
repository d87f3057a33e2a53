import FaceBenchModel

/// How a metric is judged and read.
public struct MetricKind: Sendable, Equatable {
    public var direction: MetricDirection
    public var unit: MetricUnit

    public init(_ direction: MetricDirection, _ unit: MetricUnit) {
        self.direction = direction
        self.unit = unit
    }

    public static let higherFraction = MetricKind(.higherIsBetter, .fraction)
    public static let lowerFraction = MetricKind(.lowerIsBetter, .fraction)
    public static let informationalCount = MetricKind(.neither, .count)
    public static let setting = MetricKind(.neither, .fraction)
}

/// One number of a protocol result, keyed by its dotted path in the result's JSON
/// (`AP50`, `easy.ap`, `buckets.h16-32.recall`, `detection_rate.10`): the columns of the
/// protocol's table and the keys of a baseline's `accuracy`.
public struct Metric: Sendable, Equatable {
    public var key: String
    public var value: Double
    public var kind: MetricKind

    public init(_ key: String, _ value: Double, _ kind: MetricKind) {
        self.key = key
        self.value = value
        self.kind = kind
    }
}

/// The metrics a result type can have, declared once: `pattern` is a metric key in which one
/// `*` stands for a part named by the data (a bucket label, a false-positive count).
public struct MetricDeclaration: Sendable {
    public var pattern: String
    public var kind: MetricKind

    public init(_ pattern: String, _ kind: MetricKind) {
        self.pattern = pattern
        self.kind = kind
    }

    public func matches(_ key: String) -> Bool {
        guard let star = pattern.firstIndex(of: "*") else { return key == pattern }
        let prefix = pattern[..<star], suffix = pattern[pattern.index(after: star)...]
        return key.count > prefix.count + suffix.count && key.hasPrefix(prefix) && key.hasSuffix(suffix)
    }
}

/// A protocol's typed result: Codable as `detectors[].evaluation.<name>` of results.json
/// stores it, with the direction and unit of each of its numbers declared.
public protocol EvaluationResult: Sendable, Equatable, Codable {
    /// The protocol's name: `--protocol`, the key under `evaluation`, the evaluator's `name`.
    static var protocolName: String { get }
    /// Every metric key the type can produce, with its kind.
    static var declarations: [MetricDeclaration] { get }
    /// The result's numbers in document order, as (key, value); absent (null) values are left
    /// out. Curves and per-image lists are not metrics.
    var figures: [(key: String, value: Double?)] { get }
    var erased: ProtocolResult { get }
}

extension EvaluationResult {
    public static func kind(of key: String) -> MetricKind? {
        declarations.first { $0.matches(key) }?.kind
    }

    /// The result as `detectors[].evaluation.<name>` of results.json holds it.
    public var json: JSONValue { erased.json }

    /// `figures` with their declared kinds.
    public var metrics: [Metric] {
        figures.compactMap { key, value in
            guard let value else { return nil }
            guard let kind = Self.kind(of: key) else { preconditionFailure("\(Self.self) does not declare metric \(key)") }
            return Metric(key, value, kind)
        }
    }
}
