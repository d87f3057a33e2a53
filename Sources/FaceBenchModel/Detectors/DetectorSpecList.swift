/// Several detector specs in one option value: `--detector haar,lbp`,
/// `--detector 'haar:scale=1.05,neighbors=5,lbp'`, `--detector default`.
///
/// A comma both separates specs and separates a spec's parameters, so each comma-separated
/// piece is read against the spec it follows. It continues that spec when it is one of the
/// spec kind's parameter keys (`neighbors=5`, or a bare `min` so the key=value error is the
/// one reported); it starts a new spec otherwise: a kind (`lbp`, `lbp:scale=1.2`), a labelled
/// kind (`fast=haar:scale=1.3` — a registered kind after the `=`), or an alias. A piece that
/// is neither stays with the spec it follows, so a mistyped key is reported against it.
/// Kinds whose arguments are free-form (`exec:`, `plugin:`, `file:`) take the rest of the
/// value, commas included: give each its own `--detector`.
public enum DetectorSpecList {
    /// The specs of every value in order, aliases replaced by their specs.
    public static func specs(_ values: [String], registry: DetectorRegistry, aliases: [String: [String]]) -> [String] {
        values.flatMap { split($0, registry: registry, aliases: aliases) }.flatMap { aliases[$0] ?? [$0] }
    }

    static func split(_ value: String, registry: DetectorRegistry, aliases: [String: [String]]) -> [String] {
        var specs: [String] = []
        var pieces = value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)[...]
        while let piece = pieces.popFirst() {
            guard let current = specs.last, let kind = kind(of: current, registry: registry),
                  case let .parameters(schema) = kind.arguments,
                  continues(current, with: piece, schema: schema, registry: registry, aliases: aliases)
            else {
                specs.append(piece)
                if let kind = kind(of: piece, registry: registry), case .freeform = kind.arguments, !pieces.isEmpty {
                    specs[specs.count - 1] += "," + pieces.joined(separator: ",")
                    pieces = []
                }
                continue
            }
            specs[specs.count - 1] = current + (current.contains(":") ? "," : ":") + piece
        }
        return specs
    }

    static func continues(_ spec: String, with piece: String, schema: [ParameterSpec], registry: DetectorRegistry, aliases: [String: [String]]) -> Bool {
        guard spec.contains(":") || piece.contains("=") else { return false }
        let key = piece.split(separator: "=", maxSplits: 1).first.map(String.init) ?? piece
        if schema.contains(where: { $0.name == key.trimmingSpaces }) { return true }
        if aliases[piece] != nil || kind(of: piece, registry: registry) != nil { return false }
        return piece.contains("=")
    }

    /// The registered kind a spec names, if any.
    static func kind(of spec: String, registry: DetectorRegistry) -> DetectorKind? {
        (try? DetectorSpec(parsing: spec)).flatMap { registry.kind($0.kind) }
    }
}
