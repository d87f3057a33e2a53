import FaceBenchModel
import FaceBenchIO
import FaceBenchCodecs
@testable import FaceBenchExternal

/// Targets whose input is several files read together: what one file says about another
/// (counts, names, indices) is where single-file targets never look. An input is the files'
/// bytes joined by `separator`, in the order the target names them; a missing part is a
/// missing file, so mutations also try every subset.
enum CrossFileTargets {
    static let separator = Array("\n--facebench-fuzz-next-file--\n".utf8)

    static func all(scratch: ScratchFolder) -> [FuzzTarget] {
        [
            FuzzTarget(
                name: "wider-folder", summary: "WIDERFaceLoader.loadMAT: wider_face_val.mat with wider_{easy,medium,hard}_val.mat, mutated together",
                maxLength: 128 << 10
            ) { bytes in
                let names = ["wider_face_val.mat", "wider_easy_val.mat", "wider_medium_val.mat", "wider_hard_val.mat"]
                _ = try WIDERFaceLoader.loadMAT(root: "wider", name: "fuzz", split: "val", zlib: SystemZlib(), source: files(bytes, in: "wider", named: names))
            },
            FuzzTarget(
                name: "fddb-folds", summary: "FDDBLoader: a folds folder, ellipse lists of three folds and FDDB-image-sizes.txt, one image present",
                maxLength: 64 << 10
            ) { bytes in
                var source = files(bytes, in: "fddb/FDDB-folds", named: ["FDDB-fold-01-ellipseList.txt", "FDDB-fold-02-ellipseList.txt", "FDDB-fold-03-ellipseList.txt", "FDDB-image-sizes.txt"])
                source.files["fddb/originalPics/image.jpg"] = FuzzTargets.pngHeader
                if let sizes = source.files.removeValue(forKey: "fddb/FDDB-folds/FDDB-image-sizes.txt") { source.files["fddb/FDDB-image-sizes.txt"] = sizes }
                _ = try FDDBLoader.load(root: "fddb", name: "fuzz", source: source)
            },
            FuzzTarget(
                name: "mit-cmu-landmarks", summary: "MITCMULoader: ground_truth_bboxes.txt with ground_truth_landmarks.txt, one image present",
                maxLength: 32 << 10
            ) { bytes in
                var source = files(bytes, in: "mit-cmu", named: [MITCMULoader.Boxes.full.rawValue, "ground_truth_landmarks.txt"])
                source.files["mit-cmu/images/image.png"] = FuzzTargets.pngHeader
                _ = try MITCMULoader.load(root: "mit-cmu", name: "fuzz", source: source)
            },
            FuzzTarget(
                name: "dlib-xml-twin", summary: "DlibXMLLoader: imglab boxes with their landmark twin (training.xml, training_with_face_landmarks.xml)",
                maxLength: 64 << 10
            ) { bytes in
                var source = files(bytes, in: "data", named: ["training.xml", "training_with_face_landmarks.xml"])
                source.files["data/image.jpg"] = FuzzTargets.pngHeader
                _ = try DlibXMLLoader.load(
                    files: ["data/training.xml"], root: "data", name: "fuzz", landmarkFiles: ["data/training_with_face_landmarks.xml"], source: source)
            },
            FuzzTarget(
                name: "exec-conversation",
                summary: "ExternalProgramDetector: a real program that replays the input as its handshake and answers (first byte: whether it reads its stdin) for three images",
                maxLength: 16 << 10, run: { bytes in try ExecConversation.run(bytes, scratch: scratch) })
        ]
    }

    /// The parts of `bytes` as the files `names` in `folder`; parts past the names' count are
    /// dropped, and an absent part is an absent file.
    static func files(_ bytes: [UInt8], in folder: String, named names: [String]) -> MemoryFiles {
        var parts: [[UInt8]] = []
        var rest = bytes[...]
        while parts.count < names.count - 1, let range = rest.firstRange(of: separator) {
            parts.append(Array(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        parts.append(Array(rest))
        var all: [String: [UInt8]] = [:]
        for (name, part) in zip(names, parts) { all[folder + "/" + name] = part }
        return MemoryFiles(all)
    }
}

/// The `exec-conversation` target: the input's bytes after the first, written to a scratch
/// file that `/bin/sh` prints as the program's stdout (handshake, then answers), and the
/// detector asked about three images. With the first byte odd the program never reads its
/// stdin, so FaceBench's requests meet a full or closed pipe.
enum ExecConversation {
    static func run(_ bytes: [UInt8], scratch: ScratchFolder) throws {
        guard let mode = bytes.first else { return }
        let replay = try scratch.write(Array(bytes.dropFirst()), as: "replay")
        let script = mode & 1 == 0 ? "cat \"$0\"; cat >/dev/null" : "cat \"$0\"; sleep 0.05"
        let program = ExternalProgram(
            commandLine: "replay", arguments: ["/bin/sh", "-c", script, replay], executable: "/bin/sh",
            startupTimeout: 0.5, imageTimeout: 0.2, stderrLog: nil)
        let detector = try ExternalProgramDetector(program: program, id: "fuzz")
        let image = GrayImage(width: 8, height: 8, pixels: [UInt8](repeating: 128, count: 64))
        for index in 0..<3 {
            _ = try? detector.detect(DetectorInput(image: image, name: "image\(index)", path: "/nonexistent/image\(index).png"))
        }
    }
}
