import COpenCVShim
import FaceBenchModel

/// YuNet 2022mar through OpenCV's `cv::FaceDetectorYN` (`yunet`), with its 5 landmarks.
public final class YuNetDetector: FaceDetector {
    let handle: OpaquePointer

    init(modelPath: String, parameters: fb_yunet_params, kind: String = "yunet") throws {
        handle = try DNNFaces.load(kind: kind) { fb_yunet_create(modelPath, parameters, $0, $1) }
    }

    deinit { fb_yunet_destroy(handle) }

    public func detect(_ input: DetectorInput) throws -> [Detection] {
        try DNNFaces.detect(input, engine: "FaceDetectorYN") { fb_yunet_detect(handle, $0, $1, $2, $3, $4) }
    }

    /// The model, as ../shared/models/yunet/README.md describes it.
    public static let model = ModelFile(
        path: "yunet/face_detection_yunet_2022mar.onnx",
        sha256: "50ef07f702a31741ca46a4c0d947773b64143b9362780237bf0d427d6c79bab7",
        source: "YuNet 2022mar (libfacedetection.train, OpenCV model zoo)",
        install: "no package ships it: put shared/models beside the checkout (shared/models/yunet/) or copy it into $FACEBENCH_MODELS/yunet/")

    static func kind(models: ModelLocator, library: String) -> DetectorKind {
        let backend = "OpenCV FaceDetectorYN"
        return DetectorKind(
            id: "yunet", summary: "YuNet 2022mar CNN (OpenCV FaceDetectorYN), 5 landmarks", backend: backend,
            arguments: .parameters([
                ParameterSpec("score", .number(atLeast: 0, atMost: 1), default: "0.6", help: "score threshold: faces scoring below it are dropped"),
                ParameterSpec("nms", .number(atLeast: 0, atMost: 1), default: "0.3", help: "IoU above which non-maximum suppression drops the lower-scoring box"),
                ParameterSpec("top", .integer(atLeast: 1, atMost: 100_000), default: "5000", help: "candidates kept before non-maximum suppression"),
            ]),
            availability: { models.availability(of: [model], for: "yunet") }
        ) { request in
            let path = try models.locate(model, for: "yunet")
            let parameters = fb_yunet_params(
                score_threshold: Float(request.parameters.double("score")!), nms_threshold: Float(request.parameters.double("nms")!),
                top_k: Int32(request.parameters.int("top")!))
            let info = DetectorInfo(
                kind: "yunet", id: request.id, spec: request.canonicalSpec, backend: backend, library: library,
                parameters: request.parameters.inEffect, scoreMeaning: "YuNet's face score (classification × IoU quality, 0–1)",
                landmarkScheme: .five)
            return DNNFactory(info: info) { try YuNetDetector(modelPath: path, parameters: parameters) }
        }
    }
}
