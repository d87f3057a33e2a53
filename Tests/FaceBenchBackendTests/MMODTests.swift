import FaceBenchModel
@testable import FaceBenchDlib
import FaceBenchTestSupport
import Foundation
import XCTest

/// `mmod` against dlib's MMOD detector run as dlib's example runs it (scripts/mmod-reference.cpp,
/// built by `make tools`): the same boxes and confidences. Two dlib-faces images (about a
/// second each on OpenBLAS) keep the debug suite quick.
final class MMODTests: XCTestCase {
    static let reference = TestData.packageRoot + "/.build/tools/mmod-reference"

    func testMatchesDlibsExampleOnDlibFaces() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.reference) else {
            throw XCTSkip("\(Self.reference) is missing (make tools builds it)")
        }
        var dataset = try TestData.dataset("dlib-faces")
        dataset.samples = dataset.samples.filter { ["2009_004587.jpg", "2008_002506.jpg"].contains(($0.path! as NSString).lastPathComponent) }
        XCTAssertEqual(dataset.samples.count, 2)
        let model = try testModels.locate(DlibMMODDetector.model, for: "mmod")
        let output = try runProcess(Self.reference, [model, "0"] + dataset.samples.map { $0.path! }, input: Data())
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n").map { $0.split(separator: " ") }
        let found = try detectAll("mmod", on: dataset)
        var faces = 0
        for (sample, detections) in zip(dataset.samples, found) {
            let theirs = lines.filter { String($0[0]) == sample.path! }.map { fields in
                (box: fields[1...4].map { Double($0)! }, confidence: Double(fields[5])!)
            }
            faces += theirs.count
            XCTAssertEqual(detections.count, theirs.count, sample.name)
            for (ours, reference) in zip(detections, theirs) {
                let box = ours.box
                XCTAssertEqual([box.x, box.y, box.x + box.width - 1, box.y + box.height - 1], reference.box, sample.name)
                XCTAssertEqual(ours.score, reference.confidence, accuracy: 1e-6, sample.name)
            }
        }
        XCTAssertGreaterThan(faces, 0)
    }

    func testDamagedModelIsAnErrorNamingTheFile() throws {
        let folder = try TestData.temporaryDirectory(self)
        let bytes = try FileIO.read(try testModels.locate(DlibMMODDetector.model, for: "mmod"))
        let truncated = folder + "/truncated.dat"
        try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: truncated))
        XCTAssertThrowsError(try DlibMMODDetector(modelPath: truncated, upsample: 0, id: "mmod")) {
            XCTAssertTrue(String(describing: $0).contains(truncated), String(describing: $0))
        }
    }
}
