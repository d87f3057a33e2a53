import COpenCVShim
import FaceBenchModel

/// InsightFace's SCRFD on OpenCV DNN (`scrfd`), pre- and post-processed as InsightFace's own
/// `SCRFD` class does it (fb_scrfd.h), with its 5 landmarks when the export has them.
public final class SCRFDDetector: FaceDetector {
    let handle: OpaquePointer

    init(modelPath: String, parameters: fb_scrfd_params, kind: String = "scrfd") throws {
        handle = try DNNFaces.load(kind: kind) { fb_scrfd_create(modelPath, parameters, $0, $1) }
    }

    deinit { fb_scrfd_destroy(handle) }

    var hasLandmarks: Bool { fb_scrfd_has_landmarks(handle) != 0 }

    public func detect(_ input: DetectorInput) throws -> [Detection] {
        try DNNFaces.detect(input, engine: "SCRFD") { fb_scrfd_detect(handle, $0, $1, $2, $3, $4) }
    }

    /// The default model, as ../shared/models/README.md describes it.
    public static let model = ModelFile(
        path: "scrfd/scrfd_500m_bnkps.onnx",
        sha256: "b467f878e26ff1e7ee05cd9936fdff63fa2a5af5d732ed17ee231f2dd5cc07ae",
        source: "InsightFace SCRFD-0.5GF with 5 landmarks (non-commercial research use)",
        install: "no package ships it: put shared/models beside the checkout (shared/models/scrfd/) or copy it into $FACEBENCH_MODELS/scrfd/")

    /// The `model` value that names the default file rather than a path.
    static let defaultModel = "scrfd_500m_bnkps"

    /// The canvas fb_scrfd_params takes for a `size` value (0 × 0: each image's own size).
    static func canvas(_ size: InputSize) -> (width: Int32, height: Int32) {
        switch size {
        case .original: (0, 0)
        case let .fit(width, height): (Int32(width), Int32(height))
        }
    }

    static func kind(models: ModelLocator, library: String) -> DetectorKind {
        let backend = "OpenCV DNN (SCRFD)"
        let score = DetectorParameter.number(
            "score", atLeast: 0, atMost: 1, default: 0.5, help: "score threshold (InsightFace's det_thresh): faces scoring below it are dropped")
        let nms = DetectorParameter.number("nms", atLeast: 0, atMost: 1, default: 0.4, help: "IoU above which non-maximum suppression drops the lower-scoring box")
        let size = DetectorParameter.inputSize(default: .vga, reference: "InsightFace's det_size")
        let modelFile = DetectorParameter.nameOrPath(
            "model", names: [defaultModel], pathSuffix: ".onnx", default: defaultModel,
            help: "\(defaultModel) (shared/models/\(model.path)) or a path to your own SCRFD ONNX export (det_500m.onnx, …)")
        return DetectorKind(
            id: "scrfd", summary: "InsightFace SCRFD-0.5GF CNN (OpenCV DNN, InsightFace's decoding), 5 landmarks", backend: backend,
            arguments: .parameters([score.spec, nms.spec, size.spec, modelFile.spec]),
            availability: { models.availability(of: [model], for: "scrfd") }
        ) { request in
            let chosen = request.parameters[modelFile]
            let path: String
            if chosen == defaultModel {
                path = try models.locate(model, for: "scrfd")
            } else {
                guard FileIO.exists(chosen) else {
                    throw FaceBenchError.invalidSpec(spec: request.spec.text, reason: "SCRFD model file \(chosen) does not exist")
                }
                path = chosen
            }
            let canvas = canvas(request.parameters[size])
            let parameters = fb_scrfd_params(
                score_threshold: Float(request.parameters[score]), nms_threshold: Float(request.parameters[nms]),
                input_width: canvas.width, input_height: canvas.height)
            // Loading once here refuses a file that is not SCRFD before any image runs, and
            // tells whether this export has landmarks.
            let probe = try SCRFDDetector(modelPath: path, parameters: parameters)
            let info = DetectorInfo(
                kind: "scrfd", id: request.id, spec: request.canonicalSpec, backend: backend, library: library,
                parameters: request.parameters.inEffect, scoreMeaning: "SCRFD's face score (sigmoid, 0–1)",
                landmarkScheme: probe.hasLandmarks ? .five : nil)
            return DNNFactory(info: info) { try SCRFDDetector(modelPath: path, parameters: parameters) }
        }
    }
}
