@testable import FaceBenchCascade
import FaceBenchCodecs
import FaceBenchModel
import FaceBenchIO
@testable import FaceBenchHarness
import FaceBenchReports
@testable import FaceBenchExternal

/// Every reader of outside input, as a fuzz target. Dataset loaders read the input from
/// `MemoryFiles` under the file name they expect; the image readers, which take paths, through
/// `ScratchFolder`.
enum FuzzTargets {
    static func all(scratch: ScratchFolder) -> [FuzzTarget] {
        let text = 64 << 10
        // Line-oriented dataset lists: their real files repeat one record shape, and 16 KB
        // (a few hundred lines) runs twice as many inputs as 64 KB for the same coverage.
        let lines = 16 << 10
        return [
            FuzzTarget(name: "json", summary: "JSONReader: the JSON parser behind every JSON file", maxLength: text) { bytes in
                _ = try JSONReader.parse(bytes, path: "input.json")
            },
            FuzzTarget(name: "coco-ground-truth", summary: "COCOLoader: COCO ground truth (images, annotations, categories)", maxLength: text) { bytes in
                _ = try COCOLoader.load(bytes: bytes, file: "input.json", name: "fuzz")
            },
            FuzzTarget(name: "coco-results", summary: "COCOResultsFile: COCO detection results (fast reader, then the scanner)", maxLength: text) { bytes in
                _ = try COCOResultsFile(bytes: bytes, path: "input.json")
            },
            FuzzTarget(name: "results-json", summary: "RunResults: a run's results.json", maxLength: text) { bytes in
                _ = try JSONCoding.decode(RunResults.self, from: bytes, path: "results.json")
            },
            FuzzTarget(name: "baseline-json", summary: "BaselineFile: the regression gate's baseline.json", maxLength: text) { bytes in
                _ = try JSONCoding.decode(BenchmarkSnapshot.self, from: bytes, path: "baseline.json")
            },
            FuzzTarget(name: "run-log", summary: "RunLog.read: a run's images.jsonl as --resume reads it, with the header its first line holds", maxLength: text) { bytes in
                guard let header = RunFolderTarget.storedLogHeader(bytes) else { return }
                _ = try RunLog.read(bytes, path: "run/" + RunLog.fileName, directory: "run", header: header)
            },
            FuzzTarget(
                name: "run-folder", summary: "results.json, a NUL, images.jsonl: the log resumed against the results' images and detectors, scored, and merged with them as another shard",
                maxLength: 128 << 10, run: RunFolderTarget.run),
            FuzzTarget(
                name: "run-gate", summary: "results.json, a NUL, a baseline or a second results.json: compare's verdict and text, and report's Markdown, CSV and JSON of both runs",
                maxLength: 128 << 10, run: RunFolderTarget.gate),
            FuzzTarget(name: "exec-reply", summary: "ExecProtocol: an exec program's handshake (first line) and response (second line)", maxLength: text) { bytes in
                let lines = bytes.split(separator: 0x0A, maxSplits: 1, omittingEmptySubsequences: false).map(Array.init)
                _ = try? ExecProtocol.Handshake.decode(lines[0])
                if lines.count > 1 { _ = try ExecProtocol.response(lines[1], expectedID: 1) }
            },
            FuzzTarget(name: "xml", summary: "XMLTree: the XML parser behind dlib, VOC and cascade files", maxLength: text) { bytes in
                _ = try XMLTree.parse(bytes, path: "input.xml")
            },
            FuzzTarget(name: "dlib-xml", summary: "DlibXMLLoader: dlib imglab XML with boxes and landmarks", maxLength: text) { bytes in
                _ = try DlibXMLLoader.load(files: ["data/dlib.xml"], root: "data", name: "fuzz", source: withImages(["data/dlib.xml": bytes]))
            },
            FuzzTarget(name: "voc-xml", summary: "PascalVOCLoader: a Pascal VOC annotation", maxLength: text) { bytes in
                _ = try PascalVOCLoader.load(path: "data", name: "fuzz", source: withImages(["data/voc.xml": bytes]))
            },
            FuzzTarget(name: "cascade", summary: "CascadeLoader: OpenCV cascade XML through the pure-Swift loader", maxLength: 256 << 10) { bytes in
                _ = try CascadeLoader.parse(bytes, path: "cascade.xml")
            },
            FuzzTarget(name: "mat", summary: "MATFile: MATLAB v5 files, compressed elements included", maxLength: text) { bytes in
                _ = try MATFile(bytes: bytes, path: "input.mat", zlib: SystemZlib())
            },
            FuzzTarget(name: "wider-mat", summary: "WIDERFaceLoader.loadMAT: WIDER's wider_face_val.mat", maxLength: text) { bytes in
                _ = try WIDERFaceLoader.loadMAT(root: "wider", name: "fuzz", split: "val", zlib: SystemZlib(),
                                                source: MemoryFiles(["wider/wider_face_val.mat": bytes]))
            },
            FuzzTarget(name: "inflate", summary: "SystemZlib: zlib streams under the MAT reader's inflated-size cap, whole and as a prefix", maxLength: text) { bytes in
                let zlib = SystemZlib()
                _ = try? zlib.inflatePrefix(bytes, count: 128)
                _ = try zlib.inflate(bytes, limit: MATFile.Limits().inflatedBytes)
            },
            FuzzTarget(name: "wider-text", summary: "WIDERFaceLoader.loadText: wider_face_val_bbx_gt.txt", maxLength: lines) { bytes in
                let path = "wider/wider_face_val_bbx_gt.txt"
                _ = try WIDERFaceLoader.loadText(path: path, name: "fuzz", source: MemoryFiles([path: bytes]))
            },
            FuzzTarget(name: "wider-predictions", summary: "WIDERPredictionFolder: one WIDER prediction file", maxLength: text) { bytes in
                _ = try WIDERPredictionFolder.parse(bytes, path: "prediction.txt")
            },
            FuzzTarget(name: "fddb", summary: "FDDBLoader: an FDDB ellipse list", maxLength: lines) { bytes in
                _ = try FDDBLoader.load(root: "fddb", name: "fuzz", source: withImages(["fddb/FDDB-fold-01-ellipseList.txt": bytes]))
            },
            FuzzTarget(name: "mit-cmu", summary: "MITCMULoader: MIT+CMU ground_truth_bboxes.txt", maxLength: lines) { bytes in
                _ = try MITCMULoader.load(root: "mit-cmu", name: "fuzz", source: withImages(["mit-cmu/" + MITCMULoader.Boxes.full.rawValue: bytes]))
            },
            FuzzTarget(name: "yolo-labels", summary: "YOLOLoader: a YOLO label file (class cx cy w h) beside its image", maxLength: lines) { bytes in
                _ = try YOLOLoader.load(path: "yolo", name: "fuzz", source: yolo(labels: bytes, yaml: Array("names: [person, face]\n".utf8)))
            },
            FuzzTarget(name: "yolo-yaml", summary: "YOLOLoader: data.yaml's class names, with a label file of two classes", maxLength: 4 << 10) { bytes in
                _ = try YOLOLoader.load(path: "yolo", name: "fuzz", source: yolo(labels: Array("0 0.5 0.5 0.2 0.2\n1 0.5 0.5 0.1 0.1\n".utf8), yaml: bytes))
            },
            FuzzTarget(name: "csv-boxes", summary: "CSVBoxLoader: a CSV of boxes with its header, images in images/", maxLength: lines) { bytes in
                _ = try CSVBoxLoader.load(path: "csv", name: "fuzz", source: withImages(["csv/boxes.csv": bytes]))
            },
            FuzzTarget(name: "cvat-xml", summary: "CVATLoader: CVAT for images 1.1 annotations.xml, boxes and landmark points", maxLength: text) { bytes in
                _ = try CVATLoader.load(path: "cvat", name: "fuzz", source: withImages(["cvat/annotations.xml": bytes]))
            },
            FuzzTarget(name: "label-studio", summary: "LabelStudioLoader: a Label Studio JSON export of rectangle labels", maxLength: text) { bytes in
                _ = try LabelStudioLoader.load(path: "ls/export.json", name: "fuzz", source: withImages(["ls/export.json": bytes]))
            },
            FuzzTarget(name: "image-header", summary: "ImageHeader: PNG, JPEG and PNM sizes without decoding", maxLength: 256 << 10) { bytes in
                _ = try ImageHeader.size(ofFileAt: scratch.write(bytes, as: "image"))
            },
            FuzzTarget(name: "image-decoder", summary: "NativeImageDecoder: libjpeg-turbo and libpng through the C shim", maxLength: 256 << 10,
                       sanitizer: .address) { bytes in
                _ = try fuzzedDecoder.decode(scratch.write(bytes, as: "image"))
            },
            FuzzTarget(name: "detector-spec", summary: "DetectorRegistry: detector spec strings against the cascade parameters and exec's command line", maxLength: 4 << 10) { bytes in
                _ = try specRegistry.factory(for: String(decoding: bytes, as: UTF8.self))
            },
        ]
    }

    /// A cap of 16 megapixels, not the tool's 200: a 256 KB input can declare 200 megapixels and
    /// decode to grey filler, 600 MB of RGB and its copy in Swift, past libFuzzer's 1 GB RSS
    /// limit; the shim's code paths are the same at any cap, and the default cap's refusal is
    /// tested in HostileInputTests.
    static let fuzzedDecoder = NativeImageDecoder(maximumMegapixels: 16)

    /// `files` and one 640×480 image named `image` in each dataset layout the loaders look in
    /// (beside dlib and VOC files, MIT+CMU's `images/`, FDDB's `originalPics/`, a CSV's
    /// `images/`, CVAT's and Label Studio's `images/`); the crafted
    /// seeds name it, so inputs reach the checks against image sizes.
    static func withImages(_ files: [String: [UInt8]]) -> MemoryFiles {
        var all = files
        for path in ["data/image.jpg", "mit-cmu/images/image.png", "fddb/originalPics/image.jpg", "csv/images/image.jpg", "cvat/images/image.jpg", "ls/images/image.jpg"] { all[path] = pngHeader }
        return MemoryFiles(all)
    }

    /// A YOLO folder: `labels/image.txt` beside a 640×480 `images/image.jpg`, class names in data.yaml.
    static func yolo(labels: [UInt8], yaml: [UInt8]) -> MemoryFiles {
        MemoryFiles(["yolo/labels/image.txt": labels, "yolo/data.yaml": yaml, "yolo/images/image.jpg": pngHeader])
    }

    static let pngHeader: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0x02, 0x80, 0, 0, 0x01, 0xE0]

    /// The pure-Swift cascade kinds (the same parameters as OpenCV's `haar` and `lbp`), and
    /// `exec` stopping after its command line is split: the fuzzer must not start programs.
    static let specRegistry = DetectorRegistry(
        SwiftCascadeBackend.kinds + [
            DetectorKind(id: "exec", summary: "", backend: "", arguments: ExecDetectorKind.kind.arguments) { request in
                _ = try CommandWords.split(request.spec.arguments ?? "", spec: request.spec.text)
                throw FaceBenchError.invalidSpec(spec: request.spec.text, reason: "programs are not started while fuzzing")
            },
        ])
}
