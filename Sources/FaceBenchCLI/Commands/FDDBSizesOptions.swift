import FaceBenchModel
import FaceBenchIO

/// `fddb-sizes`' options, read and checked in one place.
struct FDDBSizesOptions {
    static let images = Option.value("images", "DIR", help: "Folder holding FDDB's images (originalPics/…).", shown: "FOLDS")
    static let out = Option.value("out", "FILE", help: "Sizes file to write.", shown: "FOLDS/FDDB-image-sizes.txt")
    static let specs = [images.spec, out.spec]

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
        images = try arguments[Self.images]
        out = try arguments[Self.out]
    }
}
