import FaceBenchModel
import FaceBenchIO

/// `convert`'s options, read and checked in one place.
struct ConvertOptions {
    static let target = Option.value("to", "coco|yolo|voc|csv", help: "The format to write.").map { text, arguments in
        guard text != nil else {
            throw FaceBenchError.usage("--to is required: \(ConversionTarget.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return try arguments.choice("to", default: ConversionTarget.coco)
    }
    static let out = Option.value("out", "DIR", help: "The folder to write, new or empty.").required()
    static let specs = [target.spec, out.spec] + Toolbox.datasetReadingOptions

    var source: DatasetPathOptions
    var target: ConversionTarget
    var out: String

    init(_ arguments: ParsedArguments) throws {
        source = try DatasetPathOptions(arguments)
        target = try arguments[Self.target]
        out = try arguments[Self.out]
    }
}
