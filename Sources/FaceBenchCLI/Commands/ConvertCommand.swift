import FaceBenchModel
import FaceBenchIO

enum ConvertCommand: FaceBenchCommand {
    static let spec = CommandSpec(
        name: "convert",
        abstract: "Write a dataset in another annotation format (COCO, YOLO, Pascal VOC, CSV), images included.",
        discussion: """
            Reads PATH as `run --dataset PATH` would and writes it under --out in the layout FaceBench's reader of that \
            format recognises, so `--dataset OUT` reads it back: coco: annotations/instances.json + images/ (boxes at \
            full precision, ignore, crowd, landmarks); yolo: data.yaml + labels/*.txt + images/ (normalised, written to \
            round-trip within 1e-6 px; needs the images); voc: Annotations/*.xml + JPEGImages/ (whole 1-based pixels, \
            difficult = ignore); csv: annotations.csv (file,x,y,w,h,ignore and a column per attribute) + images/. The \
            images are copied. What the target has no place for (landmarks, ignore or crowd flags, attributes) is \
            counted in a warning. --out must be a new or empty folder: convert never writes over other files, its \
            own earlier output included (remove it first). Every output path is built from checked names, so an image \
            named ../x.jpg is refused.
            """,
        options: ConvertOptions.specs,
        arguments: [Toolbox.datasetPathArgument],
        examples: [
            "facebench convert ~/labels/annotations.xml --to yolo --out ~/labels-yolo",
            "facebench convert dlib-faces --to coco --out dlib-coco && facebench run --dataset dlib-coco",
        ])

    static func run(_ arguments: ParsedArguments, toolbox: Toolbox) throws -> Int32 {
        let options = try ConvertOptions(arguments)
        let dataset = try toolbox.dataset(options.source.nameOrPath, command: "convert", reading: options.source.reading)
        // Written in an annotation format, images nobody labelled would read back as images without faces.
        guard dataset.hasGroundTruth else {
            throw FaceBenchError.usage("\(options.source.nameOrPath) is read as images without annotations: there is nothing to convert")
        }
        let files = try options.target.files(dataset)
        try files.write(into: options.out)
        Toolbox.warn(files.warnings, command: "convert")
        StandardStreams.error("facebench convert: wrote \(TerminalText.sanitized(options.out)): \(dataset.samples.count) images, "
                              + "\(dataset.faceCount) faces as \(options.target.rawValue) (\(files.files.count) files)\n")
        return ExitStatus.success
    }
}
