import FaceBenchModel
import FaceBenchIO

/// `inspect`'s options, read and checked in one place.
struct InspectOptions {
    static let format = Option.format([.text, .json], default: .text)

    var source: DatasetPathOptions
    var format: OutputFormat

    init(_ arguments: ParsedArguments) throws {
        source = try DatasetPathOptions(arguments)
        format = try arguments[Self.format]
    }
}

/// The dataset of `inspect` and `convert`: PATH (`Toolbox.datasetPathArgument`) and how it is read.
struct DatasetPathOptions {
    /// A dataset name or path.
    var nameOrPath: String
    /// `--dataset-format`, `--images`, `--class`.
    var reading: DatasetReading

    init(_ arguments: ParsedArguments) throws {
        nameOrPath = arguments.positionals[0]
        reading = try Toolbox.datasetReading(arguments)
    }
}
