import FaceBenchModel
import FaceBenchIO

/// `inspect`'s options, read and checked in one place.
struct InspectOptions {
    static let formatOption = FormatOption([.text, .json], default: .text)

    var source: DatasetPathOptions
    var format: OutputFormat

    init(_ arguments: ParsedArguments) throws {
        source = DatasetPathOptions(arguments)
        format = try Self.formatOption.format(arguments)
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
