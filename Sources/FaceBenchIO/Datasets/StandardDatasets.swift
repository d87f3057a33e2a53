import FaceBenchModel

/// The datasets and formats this build knows. WIDER's MAT-files are zlib-compressed, so both
/// lists take the decompressor (the core has none of its own).
extension DatasetCatalog {
    public static func standardDefinitions(zlib: any ZlibDecompressor) -> [DatasetDefinition] { [
        DatasetDefinition(
            name: "mit-cmu", folder: "mit-cmu",
            summary: "MIT+CMU frontal faces: 130 gray images, 511 faces, 6 landmarks each",
            hasImages: true, load: { root, name in try MITCMULoader.load(root: root, name: name) }),
        DatasetDefinition(
            name: "mit-cmu-face-only", folder: "mit-cmu",
            summary: "MIT+CMU with the tighter face-only boxes",
            hasImages: true, load: { root, name in try MITCMULoader.load(root: root, name: name, boxes: .faceOnly) }),
        DatasetDefinition(
            name: "dlib-faces", folder: "dlib-faces",
            summary: "dlib's example faces: 9 PASCAL VOC photos, 43 faces, 68 landmarks each",
            hasImages: true,
            load: { root, name in
                try DlibXMLLoader.load(
                    files: [root + "/training.xml", root + "/testing.xml"], root: root, name: name,
                    landmarkFiles: [root + "/training_with_face_landmarks.xml", root + "/testing_with_face_landmarks.xml"]
                        .filter(FileIO.exists))
            }),
        DatasetDefinition(
            name: "wider-val", folder: "wider-val-gt",
            summary: "WIDER FACE validation ground truth: 3,226 images, 39,708 faces, easy/medium/hard subsets (no images)",
            hasImages: false, load: { root, name in try WIDERFaceLoader.load(root: root, name: name, split: "val", zlib: zlib) }),
        DatasetDefinition(
            name: "fddb", folder: "fddb-folds",
            summary: "FDDB ground truth in 10 folds: 2,845 images, 5,171 face ellipses (no images here)",
            hasImages: false, load: { root, name in try FDDBLoader.load(root: root, name: name) }),
    ] }

    public static func standardFormats(zlib: any ZlibDecompressor) -> [DatasetFormat] { [
        DatasetFormat(
            name: "mit-cmu", expects: "a folder with ground_truth_bboxes.txt ('name x1 y1 x2 y2' lines) and images/",
            recognises: { FileIO.exists($0 + "/ground_truth_bboxes.txt") },
            load: { path, name, reading in try MITCMULoader.load(root: path, name: name, images: reading.images) }),
        DatasetFormat(
            name: "cvat", expects: CVATLoader.expects, recognises: { CVATLoader.recognises($0) },
            load: { path, name, reading in try CVATLoader.load(path: path, name: name, reading: reading) }),
        DatasetFormat(
            name: "dlib-xml", expects: "dlib imglab XML (<dataset><images><image file=…><box top= left= width= height=>), or a folder with training.xml / testing.xml",
            recognises: { path in
                if path.hasSuffix(".xml") { return (try? FileIO.read(path)).flatMap(XMLTree.rootName) == "dataset" }
                return FileIO.exists(path + "/training.xml") || FileIO.exists(path + "/testing.xml")
            },
            load: { path, name, _ in
                if path.hasSuffix(".xml") {
                    let root = FileIO.parent(of: path)
                    return try DlibXMLLoader.load(files: [path], root: root, name: name)
                }
                let files = ["training.xml", "testing.xml"].map { path + "/" + $0 }.filter(FileIO.exists)
                return try DlibXMLLoader.load(files: files, root: path, name: name)
            }),
        DatasetFormat(
            name: "coco", expects: COCOLayout.expects,
            recognises: { COCOLayout.recognises($0) },
            load: { path, name, reading in
                let file = FileIO.isDirectory(path) ? try COCOLayout.annotationFile(in: path) : path
                let images = reading.images.map { ImageFolders([$0]) }
                return try COCOLoader.load(file: file, name: name, images: images)
            }),
        DatasetFormat(
            name: "label-studio", expects: LabelStudioLoader.expects, recognises: { LabelStudioLoader.recognises($0) },
            load: { path, name, reading in try LabelStudioLoader.load(path: path, name: name, reading: reading) }),
        DatasetFormat(
            name: "pascal-voc", expects: "Pascal VOC <annotation> XML: one file, a folder of them, or a folder with Annotations/ and JPEGImages/",
            recognises: { PascalVOCLoader.recognises($0) },
            load: { path, name, _ in try PascalVOCLoader.load(path: path, name: name) }),
        DatasetFormat(
            name: "yolo", expects: YOLOLoader.expects, recognises: { YOLOLoader.recognises($0) },
            load: { path, name, reading in try YOLOLoader.load(path: path, name: name, reading: reading) }),
        DatasetFormat(
            name: "csv", expects: CSVBoxLoader.expects, recognises: { CSVBoxLoader.recognises($0) },
            load: { path, name, reading in try CSVBoxLoader.load(path: path, name: name, reading: reading) }),
        DatasetFormat(
            name: "wider", expects: "WIDER FACE ground truth: wider_face_<split>.mat or wider_face_<split>_bbx_gt.txt (a folder with them, or the text file)",
            recognises: WIDERFaceLoader.recognises,
            load: { path, name, _ in try WIDERFaceLoader.load(root: path, name: name, zlib: zlib) }),
        DatasetFormat(
            name: "fddb", expects: "FDDB-fold-NN-ellipseList.txt files (a folder of them or one; as unpacked: FDDB-folds/ beside originalPics/)",
            recognises: FDDBLoader.recognises, load: { path, name, _ in try FDDBLoader.load(root: path, name: name) }),
        // Last: a folder with images and annotations in any format above is read as that format.
        DatasetFormat(
            name: "images", expects: ImageFolderLoader.expects, recognises: { ImageFolderLoader.recognises($0) },
            load: { path, name, reading in try ImageFolderLoader.load(path: path, name: name, reading: reading) }),
    ] }
}
