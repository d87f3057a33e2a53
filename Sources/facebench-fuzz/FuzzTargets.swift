@testable import FaceBenchCascade
import FaceBenchCodecs
import FaceBenchModel
import FaceBenchIO
import FaceBenchHarness
import FaceBenchReports
@testable import FaceBenchExternal

/// Every reader of outside input, as a fuzz target. Readers that take paths get the input
/// through `ScratchFolder`, under the file name their loader expects.
enum FuzzTargets {
    static func all(scratch: ScratchFolder) -> [FuzzTarget] {
        let text = 64 << 10
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
            FuzzTarget(name: "run-log", summary: "RunLog.resume: a run's images.jsonl, resumed with the header it holds", maxLength: text) { bytes in
                let folder = try scratch.folder("run")
                _ = try scratch.write(bytes, as: "run/" + RunLog.fileName)
                // Resuming needs the settings the log was started with: take them from its own
                // first line, so the fuzzer reaches the records.
                let firstLine = Array(bytes.prefix { $0 != 0x0A })
                let stored = (try? JSONReader.parse(firstLine, path: RunLog.fileName))?["header"] ?? .null
                guard let header = try? JSONCoding.decode(RunLog.Header.self, from: JSONWriter().bytes(stored), path: RunLog.fileName) else {
                    return
                }
                let resumed = try RunLog.resume(directory: folder, header: header)
                resumed.log.close()
            },
            FuzzTarget(name: "exec-reply", summary: "ExecProtocol: an exec program's handshake (first line) and response (second line)", maxLength: text) { bytes in
                let lines = bytes.split(separator: 0x0A, maxSplits: 1, omittingEmptySubsequences: false).map(Array.init)
                _ = try? ExecProtocol.Handshake.decode(lines[0])
                if lines.count > 1 { _ = try ExecProtocol.response(lines[1], expectedID: 1) }
            },
            FuzzTarget(name: "xml", summary: "XMLTree: the XML parser behind dlib, VOC and cascade files", maxLength: text) { bytes in
                _ = try XMLTree.parse(bytes, path: "input.xml")
            },
            FuzzTarget(name: "dlib-xml", summary: "DlibXMLLoader: dlib imglab XML with boxes and landmarks", maxLength: text) { bytes in
                let file = try scratch.write(bytes, as: "dlib.xml")
                _ = try DlibXMLLoader.load(files: [file], root: scratch.path, name: "fuzz")
            },
            FuzzTarget(name: "voc-xml", summary: "PascalVOCLoader: a Pascal VOC annotation", maxLength: text) { bytes in
                _ = try PascalVOCLoader.load(path: scratch.write(bytes, as: "voc.xml"), name: "fuzz")
            },
            FuzzTarget(name: "cascade", summary: "CascadeLoader: OpenCV cascade XML through the pure-Swift loader", maxLength: 256 << 10) { bytes in
                _ = try CascadeLoader.parse(bytes, path: "cascade.xml")
            },
            FuzzTarget(name: "mat", summary: "MATFile: MATLAB v5 files, compressed elements included", maxLength: text) { bytes in
                _ = try MATFile(bytes: bytes, path: "input.mat", zlib: SystemZlib())
            },
            FuzzTarget(name: "wider-mat", summary: "WIDERFaceLoader.loadMAT: WIDER's wider_face_val.mat", maxLength: text) { bytes in
                let folder = try scratch.folder("wider")
                _ = try scratch.write(bytes, as: "wider/wider_face_val.mat")
                _ = try WIDERFaceLoader.loadMAT(root: folder, name: "fuzz", split: "val", zlib: SystemZlib())
            },
            FuzzTarget(name: "inflate", summary: "SystemZlib: zlib streams under the MAT reader's inflated-size cap, whole and as a prefix", maxLength: text) { bytes in
                let zlib = SystemZlib()
                _ = try? zlib.inflatePrefix(bytes, count: 128)
                _ = try zlib.inflate(bytes, limit: MATFile.Limits().inflatedBytes)
            },
            FuzzTarget(name: "wider-text", summary: "WIDERFaceLoader.loadText: wider_face_val_bbx_gt.txt", maxLength: text) { bytes in
                _ = try WIDERFaceLoader.loadText(path: scratch.write(bytes, as: "wider_face_val_bbx_gt.txt"), name: "fuzz")
            },
            FuzzTarget(name: "wider-predictions", summary: "WIDERPredictionFolder: one WIDER prediction file", maxLength: text) { bytes in
                _ = try WIDERPredictionFolder.parse(bytes, path: "prediction.txt")
            },
            FuzzTarget(name: "fddb", summary: "FDDBLoader: an FDDB ellipse list", maxLength: text) { bytes in
                _ = try FDDBLoader.load(root: scratch.write(bytes, as: "FDDB-fold-01-ellipseList.txt"), name: "fuzz")
            },
            FuzzTarget(name: "mit-cmu", summary: "MITCMULoader: MIT+CMU ground_truth_bboxes.txt", maxLength: text) { bytes in
                let folder = try scratch.folder("mit-cmu")
                _ = try scratch.folder("mit-cmu/images")
                _ = try scratch.write(bytes, as: "mit-cmu/" + MITCMULoader.Boxes.full.rawValue)
                _ = try MITCMULoader.load(root: folder, name: "fuzz")
            },
            FuzzTarget(name: "image-header", summary: "ImageHeader: PNG, JPEG and PNM sizes without decoding", maxLength: 256 << 10) { bytes in
                _ = try ImageHeader.size(ofFileAt: scratch.write(bytes, as: "image"))
            },
            FuzzTarget(name: "image-decoder", summary: "NativeImageDecoder: libjpeg-turbo and libpng through the C shim", maxLength: 256 << 10) { bytes in
                _ = try NativeImageDecoder().decode(scratch.write(bytes, as: "image"))
            },
            FuzzTarget(name: "detector-spec", summary: "DetectorRegistry: detector spec strings against the cascade parameters and exec's command line", maxLength: 4 << 10) { bytes in
                _ = try specRegistry.factory(for: String(decoding: bytes, as: UTF8.self))
            },
        ]
    }

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
