import FaceBenchModel
import FaceBenchIO

enum FDDBSizesCommand: FaceBenchCommand {
    static let spec = CommandSpec(
        name: "fddb-sizes",
        abstract: "Write the sizes of FDDB's images once, so the fddb protocol clips like FDDB's toolkit without them.",
        discussion: """
            Reads every image path the FDDB folds in FOLDS name (a folder of FDDB-fold-NN-ellipseList.txt files or one \
            list), finds each image under --images (as IMAGES/originalPics/NAME.jpg or IMAGES/NAME.jpg), reads its size \
            from the file header and writes `name width height` lines to --out. Without images, the loader reads \
            FOLDS/FDDB-image-sizes.txt for the sizes, and every face and detection is clipped at all four borders as \
            the toolkit clips them. An image that is missing is an error naming it; nothing is written then.
            """,
        options: FDDBSizesOptions.specs,
        arguments: [ArgumentSpec(name: "FOLDS", help: "FDDB's fold files: their folder or one ellipse list.")],
        examples: ["facebench fddb-sizes ~/data/FDDB-folds --images ~/data/FDDB"])

    static func run(_ arguments: ParsedArguments, toolbox: Toolbox) throws -> Int32 {
        let options = try FDDBSizesOptions(arguments)
        let dataset = try FDDBLoader.load(root: options.folds, name: "fddb")
        let images = options.images ?? dataset.root
        var sizes: [(name: String, size: ImageHeader.Size)] = []
        var missing: [String] = []
        for sample in dataset.samples {
            guard let path = FDDBLoader.imagePath(of: sample.name, in: images) else {
                missing.append(sample.name)
                continue
            }
            sizes.append((sample.name, try ImageHeader.size(ofFileAt: path)))
        }
        guard missing.isEmpty else {
            throw FaceBenchError.failed("\(missing.count) of \(dataset.samples.count) images of the folds are not under \(images) "
                                        + "(as originalPics/NAME.jpg or NAME.jpg): \(missing.prefix(5).joined(separator: ", "))")
        }
        let out = options.out ?? dataset.root + "/" + FDDBImageSizes.fileName
        try FileIO.writeAtomically(FDDBImageSizes.text(sizes, source: images), to: out)
        StandardStreams.error("facebench fddb-sizes: wrote \(out): \(sizes.count) images\n")
        return ExitStatus.success
    }
}
