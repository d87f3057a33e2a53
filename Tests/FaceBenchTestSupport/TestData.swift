import FaceBenchCodecs
import FaceBenchModel
import FaceBenchIO
import Foundation
import XCTest

/// Locations the tests need: the package checkout and the shared datasets beside it.
public enum TestData {
    /// The package root (the folder holding Package.swift).
    public static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url.path }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    /// The shared datasets folder: $FACEBENCH_DATASETS's first entry, else ../shared/datasets.
    public static let datasets: String = {
        if let first = ProcessInfo.processInfo.environment["FACEBENCH_DATASETS"]?.split(separator: ":").first {
            return String(first)
        }
        return URL(fileURLWithPath: packageRoot + "/../shared/datasets").standardized.path
    }()

    public static func dataset(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> Dataset {
        let catalog = DatasetCatalog(
            definitions: DatasetCatalog.standardDefinitions(zlib: zlib), formats: DatasetCatalog.standardFormats(zlib: zlib), searchPath: [datasets])
        guard let definition = catalog.definitions.first(where: { $0.name == name }), catalog.root(of: definition) != nil else {
            throw XCTSkip("dataset \(name) not found under \(datasets)")
        }
        return try catalog.resolve(name)
    }

    /// The decompressor MAT-files are read with.
    public static let zlib = SystemZlib()

    /// A file committed under Tests/Fixtures.
    public static func fixture(_ relative: String) -> String { packageRoot + "/Tests/Fixtures/" + relative }

    /// A file under the shared datasets folder; skips the test when it is absent.
    public static func file(_ relative: String) throws -> String {
        let path = datasets + "/" + relative
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("\(path) not found") }
        return path
    }

    /// A fresh empty temporary folder, removed when the test ends.
    public static func temporaryDirectory(_ test: XCTestCase) throws -> String {
        let path = NSTemporaryDirectory() + "facebench-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    /// COCO ground truth of two images with one face each (a.jpg: 10,10 40×40; b.jpg:
    /// 100,100 20×20), for the tests of `eval` and what lies below it.
    public static let twoImageCOCO = """
        {"images": [{"id": 1, "file_name": "a.jpg"}, {"id": 2, "file_name": "b.jpg"}],
         "annotations": [{"id": 1, "image_id": 1, "category_id": 1, "bbox": [10, 10, 40, 40]},
                         {"id": 2, "image_id": 2, "category_id": 1, "bbox": [100, 100, 20, 20]}],
         "categories": [{"id": 1, "name": "face"}]}
        """

    /// Writes text to a file in `directory` and returns its path.
    @discardableResult
    public static func write(_ text: String, to name: String, in directory: String) throws -> String {
        try write(Array(text.utf8), to: name, in: directory)
    }

    /// Writes bytes to a file in `directory` and returns its path.
    @discardableResult
    public static func write(_ bytes: [UInt8], to name: String, in directory: String) throws -> String {
        let path = directory + "/" + name
        try FileIO.writeAtomically(bytes, to: path)
        return path
    }
}
