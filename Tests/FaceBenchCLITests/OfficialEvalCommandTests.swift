import FaceBenchCLI
import FaceBenchCore
import FaceBenchTestSupport
import Foundation
import XCTest

final class OfficialEvalCommandTests: XCTestCase {
    /// FDDB folds 1–2 (copied to a scratch folder) with a fixture's detections: the written
    /// ROC files equal the reference's.
    func testWritesFDDBROCFiles() throws {
        let folds = try TestData.file("fddb-folds")
        let scratch = try TestData.temporaryDirectory(self)
        for fold in ["01", "02"] {
            try FileIO.writeAtomically(FileIO.read("\(folds)/FDDB-fold-\(fold)-ellipseList.txt"), to: "\(scratch)/gt/FDDB-fold-\(fold)-ellipseList.txt")
        }
        let fixtures = TestData.fixture("FDDB")
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
