import FaceBenchModel
import XCTest

/// What the C shims hand back is checked before it is read (`NativeArray`): a negative count,
/// one past the call's bound, or elements promised at NULL end the call with an error that
/// names it, never a trap or a read past the array.
final class NativeArrayTests: XCTestCase {
    func testAnArrayWithinItsBoundIsReadWhole() throws {
        let storage = UnsafeMutablePointer<Int32>.allocate(capacity: 3)
        defer { storage.deallocate() }
        storage.initialize(from: [7, 8, 9], count: 3)
        let read = try NativeArray.elements(storage, count: Int32(3), limit: 3, call: "probe")
        XCTAssertEqual(Array(read), [7, 8, 9])
        XCTAssertEqual(try NativeArray.elements(UnsafeMutablePointer<Int32>?.none, count: 0, limit: 3, call: "probe").count, 0)
    }

    func testCountsOutsideTheBoundAreRefusedNamingTheCall() {
        let storage = UnsafeMutablePointer<Double>.allocate(capacity: 1)
        defer { storage.deallocate() }
        for count: Int32 in [-1, Int32.min, 4, Int32.max] {
            XCTAssertThrowsError(try NativeArray.elements(storage, count: count, limit: 3, call: "YuNet", image: "a.jpg")) {
                XCTAssertEqual("\($0)", "YuNet failed on a.jpg: returned a count of \(count); it must be in 0…3")
            }
        }
        XCTAssertThrowsError(try NativeArray.elements(UnsafeMutablePointer<Double>?.none, count: 2, limit: 3, call: "dlib HOG")) {
            XCTAssertEqual("\($0)", "dlib HOG failed: returned a count of 2 but no array")
        }
    }

    func testAFieldsCountIsHeldToItsCapacity() throws {
        XCTAssertEqual(try NativeArray.checkedCount(Int32(6), limit: 6, what: "landmark_count", call: "SCRFD"), 6)
        for count: Int32 in [-1, 7] {
            XCTAssertThrowsError(try NativeArray.checkedCount(count, limit: 6, what: "landmark_count", call: "SCRFD", image: "b.png")) {
                XCTAssertEqual("\($0)", "SCRFD failed on b.png: returned landmark_count \(count); it must be in 0…6")
            }
        }
    }
}
