import CDlibShim
import FaceBenchModel

/// dlib's CNN face detector (`mmod`): the MMOD network of dlib's dnn_mmod_face_detection_ex,
/// with the weights face_recognition's model package ships, on the CPU.
public final class DlibMMODDetector: FaceDetector {
    let handle: OpaquePointer
    let upsample: Int

    init(modelPath: String, upsample: Int, id: String) throws {
        var error = [CChar](repeating: 0, count: 1024)
        guard let handle = fb_mmod_create(modelPath, &error, error.count) else {
            throw FaceBenchError.backend(detector: id, reason: String(nulTerminated: error))
        }
        self.handle = handle
        self.upsample = upsample
    }

    deinit { fb_mmod_destroy(handle) }

    public func detect(_ input: DetectorInput) throws -> [Detection] {
        var hits: UnsafeMutablePointer<fb_mmod_hit>?
        var count: Int32 = 0
        var error = [CChar](repeating: 0, count: 512)
        // The network was trained on RGB; gray files are replicated into three channels.
        let status: Int32
        if let color = input.color {
            status = color.pixels.withUnsafeBufferPointer { pixels in
                fb_mmod_detect(handle, pixels.baseAddress, Int32(color.width), Int32(color.height), Int32(color.stride), 3,
                               Int32(upsample), &hits, &count, &error, error.count)
            }
        } else {
            let gray = input.image
            status = gray.pixels.withUnsafeBufferPointer { pixels in
                fb_mmod_detect(handle, pixels.baseAddress, Int32(gray.width), Int32(gray.height), Int32(gray.stride), 1,
                               Int32(upsample), &hits, &count, &error, error.count)
            }
        }
        guard status == 0 else { throw FaceBenchError.native(call: "dlib MMOD", image: input.name, reason: String(nulTerminated: error)) }
        defer { fb_mmod_free_hits(hits) }
        let found = try NativeArray.elements(hits, count: count, limit: NativeArray.maximumFacesPerImage, call: "dlib MMOD", image: input.name)
        return found.map { hit in
            return Detection(box: Box(x: hit.x, y: hit.y, width: hit.width, height: hit.height), score: hit.confidence)
        }
    }

    public static let model = ModelFile(
        path: "mmod/mmod_human_face_detector.dat", sha256: "4cb19393e2fbaf2b1609a9319ad5386618c886a6234ec1b971f3e87c85d87fe6",
        source: "PyPI face-recognition-models 0.3.0 (dlib's mmod_human_face_detector.dat)", install: ModelFile.installScript)

    static func kind(models: ModelLocator) -> DetectorKind {
        let backend = "dlib MMOD CNN"
        let upsampling = DetectorParameter.integer(
            "upsample", atLeast: 0, atMost: 2, default: 0,
            help: "times the image is doubled before detection (each finds faces half as large, at 4x the time; 0 finds faces above ~80 px)")
        return DetectorKind(
            id: "mmod", summary: "dlib CNN face detector (MMOD, cnn_face_detection_model_v1), CPU", backend: backend,
            arguments: .parameters([upsampling.spec]),
            availability: { models.availability(of: [model], for: "mmod") }
        ) { request in
            let path = try models.locate(model, for: "mmod")
            let upsample = request.parameters[upsampling]
            let info = DetectorInfo(
                kind: "mmod", id: request.id, spec: request.canonicalSpec, backend: backend, library: "dlib \(DlibBackend.version)",
                parameters: request.parameters.inEffect, scoreMeaning: "MMOD detection confidence (dlib mmod_rect.detection_confidence)")
            let id = request.id
            return DlibMMODFactory(info: info) { try DlibMMODDetector(modelPath: path, upsample: upsample, id: id) }
        }
    }
}

struct DlibMMODFactory: DetectorFactory {
    let info: DetectorInfo
    let make: @Sendable () throws -> any FaceDetector

    func makeDetector() throws -> any FaceDetector { try make() }
}
