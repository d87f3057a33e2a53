/// `list`'s options, read and checked in one place.
struct ListOptions {
    static let formatOption = FormatOption([.text, .json], default: .text)

    var format: OutputFormat

    init(_ arguments: ParsedArguments) throws {
        format = try Self.formatOption.format(arguments)
    }
}
