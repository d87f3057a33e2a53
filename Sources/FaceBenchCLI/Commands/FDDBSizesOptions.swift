import FaceBenchModel
import FaceBenchIO

/// `fddb-sizes`' options, read and checked in one place.
struct FDDBSizesOptions {
    /// A folder of FDDB-fold-NN-ellipseList.txt files or one list, recognised as such.
    var folds: String
    /// Where the images are; nil for the folds' folder.
    var images: String?
    /// The sizes file; nil for `FDDB-image-sizes.txt` beside the folds.
    var out: String?

    init(_ arguments: ParsedArguments) throws {
        folds = arguments.positionals[0]
        guard FDDBLoader.recognises(folds) else {
            throw FaceBenchError.usage("\(folds) is neither a folder of FDDB-fold-NN-ellipseList.txt files nor an ellipse list")
        }
        images = arguments.string("images")
        out = arguments.string("out")
    }
}
