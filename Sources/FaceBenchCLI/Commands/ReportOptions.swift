import FaceBenchModel

/// `report`'s options, read and checked in one place.
struct ReportOptions {
    enum Format: String, CaseIterable {
        case markdown, csv, json, html

        var fileExtension: String { self == .markdown ? "md" : rawValue }
    }

    var maximumMegapixels: Double?
    var formats: [Format]
    /// Files `out.<extension>` per format instead of standard output.
    var out: String?

    /// The file `format` goes to: `out.<extension>`, or `out` itself when it already ends in
    /// the extension of the one format asked for (`--format html --out report.html`).
    func path(for format: Format) -> String? {
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
        let chosen = arguments.strings("format").isEmpty ? ["markdown"] : arguments.strings("format")
        formats = try chosen.map { name in
            guard let format = Format(rawValue: name) else {
                throw FaceBenchError.usage("--format: unknown format '\(name)'; choose from \(Format.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return format
        }
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
