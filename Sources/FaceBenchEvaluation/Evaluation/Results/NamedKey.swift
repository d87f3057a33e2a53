/// A coding key named by the data (a size label, a false-positive count), for objects
/// whose keys are values.
public struct NamedKey: CodingKey, Sendable {
    public var stringValue: String
    public var intValue: Int? { nil }

    public init(_ name: String) { stringValue = name }
    public init?(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { nil }
}
