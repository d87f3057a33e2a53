import FaceBenchModel
import FaceBenchIO
import Foundation

/// `Fixtures/opencv_reference.json`, written by `Fixtures/make_opencv_fixtures.py` with
/// OpenCV 4's Python bindings: reference outputs of the building blocks the engine reproduces.
enum OpenCVReference {
    static func load() throws -> JSONValue {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/opencv_reference.json").path
        return try JSONReader.parse(file: path)
    }

    static func ints(_ value: JSONValue?) -> [Int] { (value?.array ?? []).compactMap(\.int) }

    static func image(_ value: JSONValue?) -> GrayImage {
        GrayImage(width: value?["width"]?.int ?? 0, height: value?["height"]?.int ?? 0,
                  pixels: ints(value?["pixels"]).map { UInt8($0) })
    }
}
