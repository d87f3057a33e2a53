/// An array a C shim hands back (faces, windows, pixels), checked before a single element is
/// read. The shims are FaceBench's own, but what they copy comes from libraries (OpenCV,
/// dlib, libfacedetection's binary, libjpeg) that FaceBench does not control: a negative
/// count traps on an empty range, a count past the array reads memory nobody owns, and a
/// count no image can produce allocates for nothing. Each call site names its own bound,
/// from the shim's contract where it has one (a grouping returns no more faces than the
/// windows it was given) and `maximumFacesPerImage` otherwise.
public enum NativeArray {
    /// The most faces one image may yield from any source: exec programs, plugins and native
    /// detectors alike. Far above any dataset (WIDER's most crowded image has 1,968 faces)
    /// and any detector's output at its lowest threshold; 200,000 faces in one exec answer
    /// took 30 s and 419 MB.
    public static let maximumFacesPerImage = 10_000

    /// The `count` elements at `base`, or an error naming `call` (and `image`) when the count
    /// is negative or above `limit`, or elements are promised at NULL.
    public static func elements<Element, Count: BinaryInteger>(
        _ base: UnsafeMutablePointer<Element>?, count: Count, limit: Int, call: String, image: String? = nil
    ) throws -> UnsafeBufferPointer<Element> {
        guard count >= 0, count <= limit else {
            throw FaceBenchError.native(call: call, image: image, reason: "returned a count of \(count); it must be in 0…\(limit)")
        }
        guard count == 0 || base != nil else {
            throw FaceBenchError.native(call: call, image: image, reason: "returned a count of \(count) but no array")
        }
        return UnsafeBufferPointer(start: base, count: Int(count))
    }

    /// `count` checked as a count of items of which at most `limit` can exist (a face's
    /// landmark points in a fixed-size field).
    public static func checkedCount<Count: BinaryInteger>(_ count: Count, limit: Int, what: String, call: String, image: String? = nil) throws -> Int {
        guard count >= 0, count <= limit else {
            throw FaceBenchError.native(call: call, image: image, reason: "returned \(what) \(count); it must be in 0…\(limit)")
        }
        return Int(count)
    }
}
