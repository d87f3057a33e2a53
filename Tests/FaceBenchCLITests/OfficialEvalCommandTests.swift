import FaceBenchCLI
import FaceBenchCore
import Foundation
import XCTest

final class OfficialEvalCommandTests: XCTestCase {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    func sharedFolder(_ name: String) throws -> String {
        let path = URL(fileURLWithPath: repository + "/../shared/datasets/" + name).standardized.path
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("\(path) not found") }
        return path
    }

    /// FDDB folds 1–2 (copied to a scratch folder) with a fixture's detections: the written
    /// ROC files equal the reference's.
    func testWritesFDDBROCFiles() throws {
        let folds = try sharedFolder("fddb-folds")
        let scratch = NSTemporaryDirectory() + "/facebench-official-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        for fold in ["01", "02"] {
            try FileIO.writeAtomically(FileIO.read("\(folds)/FDDB-fold-\(fold)-ellipseList.txt"), to: "\(scratch)/gt/FDDB-fold-\(fold)-ellipseList.txt")
        }
        let fixtures = repository + "/Tests/Fixtures/FDDB"
        let status = FaceBenchCLI.run([
            "official-eval", "--protocol", "fddb", "--dataset", scratch + "/gt", "--predictions", fixtures + "/unit.txt", "--out", scratch + "/unit-",
        ])
        XCTAssertEqual(status, 0)
        for kind in ["DiscROC", "ContROC"] {
            XCTAssertEqual(try FileIO.readText("\(scratch)/unit-\(kind).txt"), try FileIO.readText("\(fixtures)/unit-\(kind).txt"), kind)
        }
        let result = try JSONReader.parse(file: scratch + "/unit-.json")
        XCTAssertEqual(result["faces"]?.int, 1034)
    }

    func testUsageErrors() {
        XCTAssertEqual(FaceBenchCLI.run(["official-eval", "--protocol", "coco", "--predictions", "x"]), 64)
        XCTAssertEqual(FaceBenchCLI.run(["official-eval", "--protocol", "wider"]), 64)
    }
}
