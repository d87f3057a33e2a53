/// `list`'s options, read and checked in one place.
struct ListOptions {
    enum Format: String, CaseIterable { case text, json }

    var format: Format

    init(_ arguments: ParsedArguments) throws {
        format = try arguments.choice("format", default: Format.text)
    }
}
