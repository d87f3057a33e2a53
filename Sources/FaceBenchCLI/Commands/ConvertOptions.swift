import FaceBenchModel
import FaceBenchIO

/// `convert`'s options, read and checked in one place.
struct ConvertOptions {
    var source: DatasetPathOptions
    var target: ConversionTarget
    var out: String

    init(_ arguments: ParsedArguments) throws {
        source = DatasetPathOptions(arguments)
        guard arguments.string("to") != nil else {
            throw FaceBenchError.usage("--to is required: \(ConversionTarget.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        target = try arguments.choice("to", default: .coco)
        guard let out = arguments.string("out") else { throw FaceBenchError.usage("--out is required") }
        self.out = out
    }
}
