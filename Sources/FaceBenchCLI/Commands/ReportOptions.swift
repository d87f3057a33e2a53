import FaceBenchModel

/// `report`'s options, read and checked in one place.
struct ReportOptions {
    static let formatOption = FormatOption(
        [.markdown, .csv, .json, .html], default: .markdown, help: "One or several, comma-separated or repeated; several need --out.", isList: true)

    var maximumMegapixels: Double?
    var formats: [OutputFormat]
    /// Files `out.<extension>` per format instead of standard output.
    var out: String?

    /// The file `format` goes to: `out.<extension>`, or `out` itself when it already ends in
    /// the extension of the one format asked for (`--format html --out report.html`).
    func path(for format: OutputFormat) -> String? {
        guard let out else { return nil }
        let suffix = "." + format.fileExtension
        return formats.count == 1 && out.hasSuffix(suffix) && out.count > suffix.count ? out : out + suffix
    }
    var galleryImages: Int
    var imageSide: Int
    var results: [String]
    var labels: [String]

    init(_ arguments: ParsedArguments) throws {
        maximumMegapixels = try Toolbox.maximumMegapixels(arguments)
        formats = try Self.formatOption.formats(arguments)
        out = arguments.string("out")
        guard out != nil || formats.count == 1 else {
            throw FaceBenchError.usage("several formats need --out PATH (files PATH.md, PATH.html, …)")
        }
        galleryImages = try arguments.int("gallery", atLeast: 0, atMost: 100) ?? 4
        imageSide = try arguments.int("image-side", atLeast: 32, atMost: 8192) ?? 1024
        results = arguments.positionals
        labels = arguments.strings("label")
    }
}
