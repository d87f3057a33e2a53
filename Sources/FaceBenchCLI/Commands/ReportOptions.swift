import FaceBenchModel

/// `report`'s options, read and checked in one place.
struct ReportOptions {
    static let format = Option.formats(
        [.markdown, .csv, .json, .html], default: .markdown, help: "One or several, comma-separated or repeated; several need --out.")
    static let out = Option.value(
        "out", "PATH",
        help: "Write PATH.md, PATH.csv, PATH.json, PATH.html (by format) instead of standard output; with one format, a PATH ending in its extension is the file.")
    static let label = Option.list("label", "NAME", help: "Label of each RESULTS argument, in order (default: the part of their paths that differs).")
    static let gallery = Option.integer(
        "gallery", atLeast: 0, atMost: 100, default: 4, help: "Worst images shown per detector in the HTML report (0…100); 0 leaves the gallery out.")
    static let imageSide = Option.integer(
        "image-side", "PX", atLeast: 32, atMost: 8192, default: 1024,
        help: "Longest side of the gallery's images (32…8192), shown as thumbnails and opened full size in the page (larger images are scaled down; JPEG, about 60 KB each at 500 px).")
    static let specs = [format.spec, out.spec, label.spec, gallery.spec, imageSide.spec, Toolbox.maximumMegapixels.spec]

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
        maximumMegapixels = try arguments[Toolbox.maximumMegapixels]
        formats = try arguments[Self.format]
        out = try arguments[Self.out]
        guard out != nil || formats.count == 1 else {
            throw FaceBenchError.usage("several formats need --out PATH (files PATH.md, PATH.html, …)")
        }
        galleryImages = try arguments[Self.gallery]
        imageSide = try arguments[Self.imageSide]
        results = arguments.positionals
        labels = try arguments[Self.label]
    }
}
