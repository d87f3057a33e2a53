@testable import FaceBenchCLI
import FaceBenchModel
import XCTest

final class ParityCommandTests: XCTestCase {
    func testSwiftCascadesAreRegisteredAndInTheDefaultComparison() throws {
        let toolbox = Toolbox.standard()
        for id in ["swift-haar", "swift-lbp"] {
            XCTAssertTrue(Toolbox.defaultDetectors.contains(id), id)
            let kind = try XCTUnwrap(toolbox.registry.kind(id), id)
            // Same parameters, defaults and cascade names as OpenCV's kind.
            let native = try XCTUnwrap(toolbox.registry.kind(String(id.dropFirst("swift-".count))))
            XCTAssertEqual(kind.parameters.map(\.name), native.parameters.map(\.name))
            XCTAssertEqual(kind.parameters.map(\.defaultValue), native.parameters.map(\.defaultValue))
            XCTAssertEqual(kind.parameters.map(\.accepted), native.parameters.map(\.accepted))
        }
    }

    func testParityNeedsExactlyTwoSpecs() {
        XCTAssertEqual(FaceBenchCLI.run(["parity", "haar"]), ExitStatus.usage)
        XCTAssertEqual(FaceBenchCLI.run(["parity", "haar", "swift-haar", "lbp"]), ExitStatus.usage)
        XCTAssertEqual(FaceBenchCLI.run(["parity", "haar", "swift-haar:cascade=nope"]), ExitStatus.usage)
        XCTAssertEqual(FaceBenchCLI.run(["parity", "haar", "swift-haar", "--iou", "2"]), ExitStatus.usage)
    }
}
