import COpenCVShim
import FaceBenchModel

/// The crossing to and from the DNN detectors' C interface (fb_dnn.h), shared by every CNN
/// backend: the input's colour pixels when it has them (gray otherwise, which the shim
/// replicates), and faces back as detections with their landmarks.
enum DNNFaces {
    /// Calls `body` with the input's pixels as an fb_dnn_image; the buffer lives for the call.
    static func withImage<T>(_ input: DetectorInput, _ body: (fb_dnn_image) -> T) -> T {
        if let color = input.color {
            return color.pixels.withUnsafeBufferPointer { pixels in
                body(fb_dnn_image(pixels: pixels.baseAddress, width: Int32(color.width), height: Int32(color.height),
                                  stride: Int32(color.stride), channels: 3))
            }
        }
        let gray = input.image
        return gray.pixels.withUnsafeBufferPointer { pixels in
            body(fb_dnn_image(pixels: pixels.baseAddress, width: Int32(gray.width), height: Int32(gray.height),
                              stride: Int32(gray.stride), channels: 1))
        }
    }

    /// Runs one detect call of the C interface and turns its faces into detections. `engine`
    /// names the library call in the error.
    static func detect(
        _ input: DetectorInput, engine: String,
        _ call: (fb_dnn_image, UnsafeMutablePointer<UnsafeMutablePointer<fb_dnn_face>?>, UnsafeMutablePointer<Int32>,
                 UnsafeMutablePointer<CChar>, Int) -> Int32
    ) throws -> [Detection] {
        var faces: UnsafeMutablePointer<fb_dnn_face>?
        var count: Int32 = 0
        var error = [CChar](repeating: 0, count: 1024)
        let status = withImage(input) { image in
            error.withUnsafeMutableBufferPointer { call(image, &faces, &count, $0.baseAddress!, $0.count) }
        }
        guard status == 0 else { throw FaceBenchError.native(call: engine, image: input.name, reason: String(nulTerminated: error)) }
        defer { fb_dnn_free_faces(faces) }
        let found = try NativeArray.elements(faces, count: count, limit: NativeArray.maximumFacesPerImage, call: engine, image: input.name)
        return try found.map { face in
            var face = face
            let points = try NativeArray.checkedCount(
                face.landmark_count, limit: Int(FB_DNN_MAX_LANDMARKS), what: "a face with landmark_count", call: engine, image: input.name)
            let landmarks: [Point]? = points == 0 ? nil : withUnsafeBytes(of: &face.landmarks) { raw in
                let values = raw.bindMemory(to: Double.self)
                return (0..<points).map { Point(x: values[2 * $0], y: values[2 * $0 + 1]) }
            }
            return Detection(box: Box(x: face.x, y: face.y, width: face.width, height: face.height), score: face.score, landmarks: landmarks)
        }
    }

    /// The C interface's form of a `size` parameter (fb_dnn.h): {0, 0} for the image's own size.
    static func fit(_ size: InputSize) -> fb_dnn_fit {
        switch size {
        case .original: fb_dnn_fit(width: 0, height: 0)
        case let .fit(width, height): fb_dnn_fit(width: Int32(width), height: Int32(height))
        }
    }

    /// Makes a native handle from a model, turning the shim's NULL into an error naming the file.
    static func load(
        kind: String, _ create: (UnsafeMutablePointer<CChar>, Int) -> OpaquePointer?
    ) throws -> OpaquePointer {
        var error = [CChar](repeating: 0, count: 1024)
        guard let handle = error.withUnsafeMutableBufferPointer({ create($0.baseAddress!, $0.count) }) else {
            throw FaceBenchError.backend(detector: kind, reason: String(nulTerminated: error))
        }
        return handle
    }
}
