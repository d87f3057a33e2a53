import FaceBenchModel
import FaceBenchIO
import Foundation

/// The WIDER fixtures of Tests/Fixtures/WIDER: prediction bundles and the shared val ground truth.
public enum WIDERFixture {
    /// Writes a fixture bundle (`=== event/image.txt` then the file's text) out as a
    /// prediction folder.
    public static func unpack(_ bundlePath: String) throws -> String {
        let folder = NSTemporaryDirectory() + "/facebench-wider-\(UUID().uuidString)"
        let text = try FileIO.readText(bundlePath)
        var name: String?
        var body = ""
        func flush() throws {
            if let name { try FileIO.writeAtomically(body, to: folder + "/" + name) }
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            if line.hasPrefix("=== ") {
                try flush()
                name = String(line.dropFirst(4))
                body = ""
            } else {
                body += line + "\n"
            }
        }
        try flush()
        return folder
    }

    public static let validation = Result { try WIDERFaceLoader.load(root: TestData.file("wider-val-gt"), name: "wider-val", zlib: TestData.zlib) }
}
