/// `list`'s options, read and checked in one place.
struct ListOptions {
    static let format = Option.format([.text, .json], default: .text)

    var format: OutputFormat

    init(_ arguments: ParsedArguments) throws {
        format = try arguments[Self.format]
    }
}
