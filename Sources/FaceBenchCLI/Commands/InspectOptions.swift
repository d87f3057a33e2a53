import FaceBenchModel
import FaceBenchIO

/// `inspect`'s options, read and checked in one place.
struct InspectOptions {
    enum Format: String, CaseIterable { case text, json }

    /// A dataset name or path.
    var dataset: String
    var reading: DatasetReading
    var format: Format

    init(_ arguments: ParsedArguments) throws {
        dataset = arguments.positionals[0]
        reading = Toolbox.datasetReading(arguments)
        format = try arguments.choice("format", default: .text)
    }
}
