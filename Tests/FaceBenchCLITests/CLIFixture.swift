import FaceBenchCore
import Foundation
import XCTest
@testable import FaceBenchCLI

/// Running `facebench` commands in-process on the real datasets, and the folders they write.
enum CLIFixture {
    /// The checkout's root (tests live in Tests/<target>/ under it).
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static func facebench(_ arguments: [String]) -> Int32 {
        FaceBenchCLI.run(arguments)
    }

    /// Skips the test when a named dataset is not on the search path.
    static func requireDataset(_ name: String) throws {
        let catalog = Toolbox.standard().catalog
        guard catalog.available().contains(where: { $0.definition.name == name }) else {
            throw XCTSkip("dataset \(name) not found on \(catalog.searchPath.joined(separator: ":")); set FACEBENCH_DATASETS to run this test")
        }
    }

    static func temporaryDirectory(_ name: String) throws -> String {
        let path = NSTemporaryDirectory() + "facebench-\(name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileIO.createDirectory(path)
        return path
    }
}
