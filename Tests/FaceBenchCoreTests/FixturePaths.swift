import Foundation
import XCTest

/// Where test fixtures and the shared datasets are, relative to this checkout.
enum FixturePaths {
    /// The repository root (two levels above this file).
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    static func fixture(_ relative: String) -> String { repository + "/Tests/Fixtures/" + relative }

    /// A folder of `../shared/datasets` (or `$FACEBENCH_DATASETS`); skips the test when absent.
    static func dataset(_ folder: String) throws -> String {
        let environment = ProcessInfo.processInfo.environment["FACEBENCH_DATASETS"].map { $0.split(separator: ":").map(String.init) } ?? []
        let candidates = environment + [URL(fileURLWithPath: repository + "/../shared/datasets").standardized.path, "/work/shared/datasets"]
        for base in candidates where FileManager.default.fileExists(atPath: base + "/" + folder) {
            return base + "/" + folder
        }
        throw XCTSkip("dataset folder \(folder) not found (looked in \(candidates.joined(separator: ", ")))")
    }
}
