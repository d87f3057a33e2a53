@testable import FaceBenchCascade
import FaceBenchModel
import XCTest

/// The pyramid's pixels and integral images against OpenCV's own output.
final class PixelPipelineTests: XCTestCase {
    func testResizeMatchesOpenCVBitExactBilinear() throws {
        let reference = try OpenCVReference.load()["resize"]
        let source = OpenCVReference.image(reference)
        let outputs = reference?["outputs"]?.array ?? []
        XCTAssertFalse(outputs.isEmpty)
        for output in outputs {
            let width = output["width"]?.int ?? 0, height = output["height"]?.int ?? 0
            var resized = [UInt8](repeating: 0, count: width * height)
            source.pixels.withUnsafeBufferPointer { src in
                resized.withUnsafeMutableBufferPointer { dst in
                    BilinearResize.resize(src.baseAddress!, width: source.width, height: source.height, stride: source.stride,
                                          into: dst.baseAddress!, width: width, height: height)
                }
            }
            XCTAssertEqual(resized.map(Int.init), OpenCVReference.ints(output["pixels"]), "\(width)x\(height)")
        }
    }

    func testIntegralImagesMatchOpenCV() throws {
        let reference = try OpenCVReference.load()["integral"]
        let image = OpenCVReference.image(reference)
        let stride = image.width + 1, plane = stride * (image.height + 1)
        var planes = [Int32](repeating: -1, count: 3 * plane)
        image.pixels.withUnsafeBufferPointer { src in
            planes.withUnsafeMutableBufferPointer { p in
                IntegralImages.compute(src.baseAddress!, width: image.width, height: image.height, stride: stride,
                                       sum: p.baseAddress!, squares: p.baseAddress! + plane, tilted: p.baseAddress! + 2 * plane)
            }
        }
        XCTAssertEqual(planes[0..<plane].map(Int.init), OpenCVReference.ints(reference?["sum"]))
        XCTAssertEqual(planes[plane..<2 * plane].map(Int.init), OpenCVReference.ints(reference?["squares"]))
        XCTAssertEqual(planes[2 * plane..<3 * plane].map(Int.init), OpenCVReference.ints(reference?["tilted"]))

        // Without the tilted plane the sums are the same.
        var two = [Int32](repeating: -1, count: 2 * plane)
        image.pixels.withUnsafeBufferPointer { src in
            two.withUnsafeMutableBufferPointer { p in
                IntegralImages.compute(src.baseAddress!, width: image.width, height: image.height, stride: stride,
                                       sum: p.baseAddress!, squares: p.baseAddress! + plane, tilted: nil)
            }
        }
        XCTAssertEqual(Array(two), Array(planes[0..<2 * plane]))
    }

    func testPyramidFollowsDetectMultiScaleScaleRules() {
        // 24×24 window on a 100×80 image, factor 1.25: windows 24, 30, 38 (37.5 rounds to even), 47, 59, 73;
        // 92 exceeds the image height.
        let plan = PyramidPlan(imageWidth: 100, imageHeight: 80, windowWidth: 24, windowHeight: 24,
                               scaleFactor: 1.25, minSize: 0, maxSize: 0)
        XCTAssertEqual(plan.levels.map(\.windowWidth), [24, 30, 38, 47, 59, 73])
        XCTAssertEqual(plan.levels.map(\.width), [100, 80, 64, 51, 41, 33])
        XCTAssertEqual(plan.levels.map(\.height), [80, 64, 51, 41, 33, 26])
        XCTAssertEqual(plan.levels.map(\.step), [2, 2, 2, 2, 1, 1])

        let bounded = PyramidPlan(imageWidth: 100, imageHeight: 80, windowWidth: 24, windowHeight: 24,
                                  scaleFactor: 1.25, minSize: 35, maxSize: 50)
        XCTAssertEqual(bounded.levels.map(\.windowWidth), [38, 47], "min skips small windows, max stops the list")
        XCTAssertTrue(PyramidPlan(imageWidth: 20, imageHeight: 20, windowWidth: 24, windowHeight: 24,
                                  scaleFactor: 1.1, minSize: 0, maxSize: 0).levels.isEmpty, "image smaller than the window")
    }
}
