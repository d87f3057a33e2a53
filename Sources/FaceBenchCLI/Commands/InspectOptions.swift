import FaceBenchModel
import FaceBenchIO

/// `inspect`'s options, read and checked in one place.
struct InspectOptions {
    enum Format: String, CaseIterable { case text, json }

    var source: DatasetPathOptions
    var format: Format

    init(_ arguments: ParsedArguments) throws {
        source = DatasetPathOptions(arguments)
        format = try arguments.choice("format", default: .text)
    }
}

/// The dataset of `inspect` and `convert`: PATH (`Toolbox.datasetPathArgument`) and how it is read.
struct DatasetPathOptions {
    /// A dataset name or path.
    var nameOrPath: String
    /// `--dataset-format`, `--images`, `--class`.
    var reading: DatasetReading

    init(_ arguments: ParsedArguments) {
        nameOrPath = arguments.positionals[0]
        reading = Toolbox.datasetReading(arguments)
    }
}
